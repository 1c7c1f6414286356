import type { FastifyInstance } from "fastify";
import { ProductListAnswerSchema } from "#core/schemas/answers.ts";
import { ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { notModified, sendWithEtag } from "../../http-cache.ts";
import { type ApiTypeProvider, errors } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

export default async function productRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  // SPEC §7 GET /api/product/list; without parameters, the whole catalog.
  app.get(
    "/product/list",
    {
      schema: {
        summary: "List products (filtered, sorted, paged when a limit is given)",
        description:
          "`lang=ar` answers with Arabic names, descriptions and `labels` (type, fabric, colours), English per field where a translation is missing (listed in each product's `enFields`); search then matches Arabic and English names.",
        tags: ["product"],
        querystring: ProductQuerySchema,
        response: {
          200: ProductListAnswerSchema,
          ...notModified,
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { products, total } = await services.catalog.listProducts(query, query.lang ?? "en");
      const page = query.limit ? { page: query.page ?? 1, limit: query.limit, total } : { total };
      return sendWithEtag(request, reply, { success: true, products, ...page });
    },
  );
}
