import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ok } from "#core/schemas/api.schema.ts";
import { ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { type ApiTypeProvider, errors } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

/** Sends JSON with a strong ETag and answers 304 when the client already holds the same bytes. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = JSON.stringify(payload);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  reply.header("etag", etag);
  reply.header("cache-control", "public, max-age=0, must-revalidate");
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(body);
}

/** Sent with an ETag: a matching If-None-Match is answered 304 with no body. */
const notModified = { 304: z.null().describe("Not modified: the client's copy (If-None-Match) is current") };

export default async function catalogRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  // SPEC §7 GET /api/product/list; without parameters, the whole catalog.
  app.get(
    "/product/list",
    {
      schema: {
        summary: "List products (filtered, sorted, paged when a limit is given)",
        tags: ["product"],
        querystring: ProductQuerySchema,
        response: {
          200: ok(
            {
              products: z.array(z.object({}).loose().describe("ProductDto (core/catalog.ts)")),
              total: z.number(),
              page: z.number().optional(),
              limit: z.number().optional(),
            },
            "The matching products",
          ),
          ...notModified,
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { products, total } = await services.catalog.listProducts(query);
      const page = query.limit ? { page: query.page ?? 1, limit: query.limit, total } : { total };
      return sendWithEtag(request, reply, { success: true, products, ...page });
    },
  );

  // SPEC §7 GET /api/blog/list
  app.get(
    "/blog/list",
    {
      schema: {
        summary: "List journal posts",
        tags: ["blog"],
        response: {
          200: ok(
            { blogs: z.array(z.object({}).loose().describe("BlogPostDto (core/catalog.ts)")) },
            "The posts",
          ),
          ...notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => {
      const blogs = await services.catalog.listBlogPosts();
      return sendWithEtag(request, reply, { success: true, blogs });
    },
  );
}
