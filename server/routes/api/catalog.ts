import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { parseInput } from "../../http-errors.ts";
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

export default async function catalogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // SPEC §7 GET /api/product/list; without parameters, the whole catalog.
  app.get("/product/list", async (request, reply) => {
    const query = parseInput(ProductQuerySchema, request.query);
    const { products, total } = await services.catalog.listProducts(query);
    const page = query.limit ? { page: query.page ?? 1, limit: query.limit, total } : { total };
    return sendWithEtag(request, reply, { success: true, products, ...page });
  });

  // SPEC §7 GET /api/blog/list
  app.get("/blog/list", async (request, reply) => {
    const blogs = await services.catalog.listBlogPosts();
    return sendWithEtag(request, reply, { success: true, blogs });
  });
}
