import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "#core/schemas/api.schema.ts";
import { notModified, sendWithEtag } from "../../http-cache.ts";
import { type ApiTypeProvider, errors } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

export default async function blogRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
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
