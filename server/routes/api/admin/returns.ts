import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "#core/admin.ts";
import {
  AdminAfterSaleAnswerSchema,
  AdminReturnListAnswerSchema,
  AdminReturnQuerySchema,
  ReturnAnswerSchema,
  ReturnDecisionSchema,
  ReturnReceiptSchema,
  ReturnRefundSchema,
  ReturnRefusalSchema,
  ReturnShipmentSchema,
} from "#core/schemas/returns.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, principal } from "./shared.ts";

/**
 * Returns and exchanges in the back office (issue 24, part B; decision 0032). Staff and the owner handle
 * requests (approve, refuse, receive, ship an exchange); refunding a return is the owner's, as every
 * refund is (decision 0023).
 */
export default async function returnRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const common = { tags: adminTags, security: adminSession };
  const actorOf = (request: Parameters<typeof principal>[0]) => {
    const { user } = principal(request);
    return { id: user.id, name: user.name };
  };
  const answer = (message: string) => (request: Awaited<ReturnType<typeof services.returns.approve>>) => ({
    success: true as const,
    message,
    request,
  });

  app.get(
    "/returns",
    {
      schema: {
        ...common,
        operationId: "adminReturns",
        summary: "Return and exchange requests, newest first, by status",
        querystring: AdminReturnQuerySchema,
        response: { 200: AdminReturnListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => ({ success: true as const, ...(await services.returns.list(request.query)) }),
  );

  app.get(
    "/orders/:id/after-sale",
    {
      schema: {
        ...common,
        operationId: "adminOrderAfterSale",
        summary: "The order's timeline (the one the shopper sees) and its return requests",
        params: IdParamsSchema,
        response: { 200: AdminAfterSaleAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true as const, ...(await services.returns.orderView(request.params.id)) }),
  );

  const conflict = { 200: ReturnAnswerSchema, ...adminErrors(400, 404, 409) };

  app.post(
    "/returns/:id/approve",
    {
      schema: {
        ...common,
        operationId: "adminApproveReturn",
        summary: "Approve a request (an exchange's new size is reserved); the shopper is mailed",
        params: IdParamsSchema,
        body: ReturnDecisionSchema,
        response: conflict,
      },
    },
    async (request) =>
      answer("Approved")(
        await services.returns.approve(request.params.id, request.body.message || null, actorOf(request)),
      ),
  );

  app.post(
    "/returns/:id/refuse",
    {
      schema: {
        ...common,
        operationId: "adminRefuseReturn",
        summary: "Refuse a request with a message to the shopper (a reserved size is released)",
        params: IdParamsSchema,
        body: ReturnRefusalSchema,
        response: conflict,
      },
    },
    async (request) =>
      answer("Refused")(
        await services.returns.refuse(request.params.id, request.body.message, actorOf(request)),
      ),
  );

  app.post(
    "/returns/:id/receive",
    {
      schema: {
        ...common,
        operationId: "adminReceiveReturn",
        summary: "Mark the items received; resaleable ones go back to stock",
        params: IdParamsSchema,
        body: ReturnReceiptSchema,
        response: conflict,
      },
    },
    async (request) =>
      answer("Marked received")(
        await services.returns.receive(request.params.id, request.body.resaleable, actorOf(request)),
      ),
  );

  app.post(
    "/returns/:id/refund",
    {
      config: { ownerOnly: true },
      schema: {
        ...common,
        operationId: "adminRefundReturn",
        summary: "Refund a received return's goods (never the delivery fee) through the refunds (owner only)",
        params: IdParamsSchema,
        body: ReturnRefundSchema,
        response: conflict,
      },
    },
    async (request) =>
      answer("Refunded")(await services.returns.refund(request.params.id, request.body, actorOf(request))),
  );

  app.post(
    "/returns/:id/ship",
    {
      schema: {
        ...common,
        operationId: "adminShipExchange",
        summary: "Ship a received exchange's new size: its reserved units leave stock",
        params: IdParamsSchema,
        body: ReturnShipmentSchema,
        response: conflict,
      },
    },
    async (request) =>
      answer("Shipped")(await services.returns.ship(request.params.id, request.body, actorOf(request))),
  );
}
