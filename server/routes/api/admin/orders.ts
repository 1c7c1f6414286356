import type { FastifyInstance } from "fastify";
import {
  AdminOrderAnswerSchema,
  AdminOrderListAnswerSchema,
  AdminOrderQuerySchema,
  DashboardAnswerSchema,
  IdParamsSchema,
  OrderNoteCreateSchema,
  OrderStatusChangeSchema,
} from "#core/admin.ts";
import { AdminOrderMailAnswerSchema } from "#core/schemas/admin/mail.ts";
import { IssuedDocumentAnswerSchema } from "#core/schemas/document.schema.ts";
import type { Config } from "../../../config.ts";
import { paymentsNotice } from "../../../going-live.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, principal } from "./shared.ts";

/** Dashboard and orders (staff and owner). */
export default async function orderRoutes(
  base: FastifyInstance,
  { services, config }: { services: Services; config: Config },
) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { orders } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/dashboard",
    {
      schema: {
        ...common,
        summary: "Today's and this month's orders and revenue, work waiting, low stock",
        response: { 200: DashboardAnswerSchema, ...adminErrors() },
      },
    },
    async () => ({
      success: true,
      dashboard: await orders.dashboard(),
      // Issue 21: why shoppers cannot pay by card, or that card payments take no money.
      paymentsNotice: paymentsNotice(config, (await services.settings.current()).codEnabled),
    }),
  );

  app.get(
    "/orders",
    {
      schema: {
        ...common,
        summary:
          "Placed orders by status or customer, found by number, name, phone, e-mail or product, sorted",
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { orders: list, total } = await orders.list(request.query);
      return { success: true, orders: list, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        ...common,
        summary: "One order: lines, address, payment, events, invoice data",
        params: IdParamsSchema,
        response: { 200: AdminOrderAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true, ...(await orders.detail(request.params.id)) }),
  );

  app.get(
    "/orders/:id/document",
    {
      schema: {
        ...common,
        summary:
          "The order's issued document (tax invoice, receipt or test document) as issued, in English and Arabic",
        params: IdParamsSchema,
        response: { 200: IssuedDocumentAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true, document: await orders.document(request.params.id) }),
  );

  app.post(
    "/orders/:id/status",
    {
      schema: {
        ...common,
        summary: "Move an order forward or cancel it (the shopper is mailed; `mail` says sent or waiting)",
        params: IdParamsSchema,
        body: OrderStatusChangeSchema,
        response: { 200: AdminOrderMailAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const { user } = principal(request);
      return {
        success: true,
        ...(await orders.changeStatus(request.params.id, request.body, user, auditAs(request))),
      };
    },
  );

  app.post(
    "/orders/:id/notes",
    {
      schema: {
        ...common,
        operationId: "adminAddOrderNote",
        summary: "Add an internal note to an order (staff only: never shown to the shopper nor mailed)",
        params: IdParamsSchema,
        body: OrderNoteCreateSchema,
        response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => {
      const { user } = principal(request);
      return {
        success: true,
        ...(await orders.addNote(request.params.id, request.body.body, user, auditAs(request))),
      };
    },
  );

  app.post(
    "/orders/:id/mark-paid",
    {
      schema: {
        ...common,
        summary: "Record the cash collected for a cash-on-delivery order",
        params: IdParamsSchema,
        response: { 200: AdminOrderAnswerSchema, ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      const { user } = principal(request);
      return { success: true, ...(await orders.markPaid(request.params.id, user, auditAs(request))) };
    },
  );
}
