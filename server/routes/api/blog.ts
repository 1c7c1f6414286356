import type { FastifyInstance } from "fastify";
import { BlogListAnswerSchema, BlogListQuerySchema } from "#core/schemas/answers.ts";
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
        description:
          "`lang=ar` answers with Arabic titles, excerpts and bodies, English per field where a translation is missing (listed in each post's `enFields`).",
        tags: ["blog"],
        querystring: BlogListQuerySchema,
        response: {
          200: BlogListAnswerSchema,
          ...notModified,
          ...errors(),
        },
      },
    },
    async (request, reply) => {
      const blogs = await services.catalog.listBlogPosts(undefined, request.query.lang ?? "en");
      return sendWithEtag(request, reply, { success: true, blogs });
    },
  );
}
