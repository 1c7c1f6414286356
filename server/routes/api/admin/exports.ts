import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { CsvFileSchema, OrdersExportQuerySchema } from "#core/admin.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags } from "./shared.ts";

/**
 * CSV exports (issue 26; decision 0026). Owner only: a file carries every shopper's name, phone and
 * address off the machine at once.
 */
export default async function exportRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { exports } = services.admin;
  const common = { tags: adminTags, security: adminSession, produces: ["text/csv"] };
  const config = { ownerOnly: true };

  const sendCsv = (reply: FastifyReply, filename: string, body: Readable, log: FastifyInstance["log"]) => {
    body.on("error", (error) => log.error({ err: error }, "CSV export failed while streaming"));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .send(body);
  };

  app.get(
    "/exports/orders.csv",
    {
      config,
      schema: {
        ...common,
        operationId: "adminExportOrders",
        summary:
          "Orders placed on Asia/Dubai days from..to (inclusive), one row per line with net, VAT, gross and document number; test orders left out",
        querystring: OrdersExportQuerySchema,
        response: { 200: CsvFileSchema, ...adminErrors(400) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(reply, `orders-${from}-to-${to}.csv`, exports.orders(from, to), request.log);
    },
  );

  app.get(
    "/exports/products.csv",
    {
      config,
      schema: {
        ...common,
        operationId: "adminExportProducts",
        summary: "Every size of every product with its price and stock (held and available)",
        response: { 200: CsvFileSchema, ...adminErrors() },
      },
    },
    async (request, reply) => {
      const day = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
      return sendCsv(reply, `products-${day}.csv`, exports.products(), request.log);
    },
  );
}
