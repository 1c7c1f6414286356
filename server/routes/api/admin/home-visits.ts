import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HomeVisitAnswerSchema } from "#core/schemas/answers.ts";
import { HomeVisitInputSchema } from "#core/schemas/measurement-profile.schema.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs } from "./shared.ts";

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/** A stitching request's home visit (issue 29; decision 0040): staff and owner record the measurements. */
export default async function homeVisitRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { homeVisits } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/inbox/stitching/:id/measurements",
    {
      schema: {
        ...common,
        summary: "The measurements taken at a stitching request's home visit",
        params: Params,
        response: { 200: HomeVisitAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({ success: true, visit: await homeVisits.get(request.params.id) }),
  );

  app.put(
    "/inbox/stitching/:id/measurements",
    {
      schema: {
        ...common,
        summary: "Record the home visit's measurements (a signed-in shopper's also become her profile)",
        params: Params,
        body: HomeVisitInputSchema,
        response: { 200: HomeVisitAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true,
      visit: await homeVisits.record(request.params.id, request.body, auditAs(request)),
    }),
  );
}
