import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "#core/admin.ts";
import {
  PromotionAnswerSchema,
  PromotionCreateSchema,
  PromotionListAnswerSchema,
  PromotionUpdateSchema,
} from "#core/schemas/promotions.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs } from "./index.ts";

/**
 * Discount codes (issue 28; decision 0038). Staff see them (they answer shoppers about a code); making
 * and changing one is the owner's, as the shop's settings are.
 */
export default async function promotionRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const common = { tags: adminTags, security: adminSession };
  const ownerOnly = { ownerOnly: true };

  app.get(
    "/promotions",
    {
      schema: {
        ...common,
        operationId: "adminPromotions",
        summary: "The discount codes, newest first, with their uses, open reservations and discount given",
        response: { 200: PromotionListAnswerSchema, ...adminErrors() },
      },
    },
    async () => ({ success: true as const, promotions: await services.promotions.list() }),
  );

  app.post(
    "/promotions",
    {
      config: ownerOnly,
      schema: {
        ...common,
        operationId: "adminCreatePromotion",
        summary: "Make a discount code (owner only); its start and end are Dubai time",
        body: PromotionCreateSchema,
        response: { 200: PromotionAnswerSchema, ...adminErrors(400, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      promotion: await services.promotions.create(request.body, auditAs(request)),
    }),
  );

  app.patch(
    "/promotions/:id",
    {
      config: ownerOnly,
      schema: {
        ...common,
        operationId: "adminUpdatePromotion",
        summary: "Change a discount code, or pause (active: false) and resume it (owner only)",
        params: IdParamsSchema,
        body: PromotionUpdateSchema,
        response: { 200: PromotionAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      promotion: await services.promotions.update(request.params.id, request.body, auditAs(request)),
    }),
  );
}
