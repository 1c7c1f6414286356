import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ReturnAnswerSchema,
  ReturnCreateSchema,
  ShopperAfterSaleAnswerSchema,
} from "#core/schemas/returns.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const tags = ["order"];
const OrderParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * The shopper's side of an order after the sale (issue 24, part B; decision 0032): its timeline, what she
 * may still return or exchange, and asking for it. Only her own placed orders: anyone else's is a 404.
 */
export default async function returnRoutes(base: FastifyInstance, { services }: { services: Services }) {
  await base.register(async (scope) => {
    const app = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(app, services);
    noStore(app);

    app.get(
      "/order/:id/after-sale",
      {
        schema: {
          operationId: "orderAfterSale",
          summary: "An order's timeline, its return window and returnable lines, and its return requests",
          tags,
          security: signedIn,
          params: OrderParamsSchema,
          response: { 200: ShopperAfterSaleAnswerSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await services.returns.shopperView(currentUser(request).id, request.params.id)),
      }),
    );

    app.post(
      "/order/:id/returns",
      {
        schema: {
          operationId: "orderRequestReturn",
          summary: "Ask to return or exchange chosen lines of a delivered order, within the return window",
          description:
            "409 return_window_closed (not delivered, or the window passed), not_returnable (final sale, made to measure), return_exceeds_bought, exchange_unavailable (another price, out of stock, not this product's size).",
          tags,
          security: signedIn,
          params: OrderParamsSchema,
          body: ReturnCreateSchema,
          response: { 200: ReturnAnswerSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const created = await services.returns.request(
          { id: user.id, name: user.name },
          request.params.id,
          request.body,
        );
        return {
          success: true as const,
          message: `We received your ${created.kind} request ${created.number}`,
          request: created,
        };
      },
    );
  });
}
