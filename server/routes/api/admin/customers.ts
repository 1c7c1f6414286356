import type { FastifyInstance } from "fastify";
import {
  AdminCustomerAnswerSchema,
  AdminCustomerListAnswerSchema,
  AdminCustomerQuerySchema,
  IdParamsSchema,
} from "#core/admin.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags } from "./shared.ts";

/** Customers (staff and owner: they already see names and phones on every order; decision 0026). */
export default async function customerRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { customers } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/customers",
    {
      schema: {
        ...common,
        operationId: "adminListCustomers",
        summary: "Shoppers found by name, e-mail or phone, with orders, money spent, last order and refusals",
        querystring: AdminCustomerQuerySchema,
        response: { 200: AdminCustomerListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { customers: list, total } = await customers.list(request.query);
      return { success: true, customers: list, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/customers/:id",
    {
      schema: {
        ...common,
        operationId: "adminGetCustomer",
        summary: "One customer: her orders, addresses, messages, stitching requests and reviews",
        params: IdParamsSchema,
        response: { 200: AdminCustomerAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true, ...(await customers.detail(request.params.id)) }),
  );
}
