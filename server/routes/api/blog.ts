import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { LangQuerySchema } from "#core/locale.ts";
import { ok } from "#core/schemas/api.schema.ts";
import { BlogPostDtoSchema } from "#core/schemas/dto.schema.ts";
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
        querystring: z.object({ lang: LangQuerySchema }),
        response: {
          200: ok({ blogs: z.array(BlogPostDtoSchema) }, "The posts"),
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
