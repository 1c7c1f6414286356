import type { FastifyInstance } from "fastify";
import {
  AdminBlogAnswerSchema,
  AdminBlogInputSchema,
  AdminBlogListAnswerSchema,
  AdminBlogQuerySchema,
  AdminReviewAnswerSchema,
  AdminReviewListAnswerSchema,
  AdminReviewQuerySchema,
  IdParamsSchema,
} from "#core/admin.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import { REVIEW_MOVES, type ReviewMove } from "../../../services/admin-reviews.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, uploadBodyLimit, uploadedFiles } from "./shared.ts";

/** Blog posts and review moderation (staff and owner). */
export default async function contentRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { catalog } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/reviews",
    {
      schema: {
        ...common,
        summary: "Reviews by status (`pending` by default, oldest first; `all` for every status)",
        querystring: AdminReviewQuerySchema,
        response: { 200: AdminReviewListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { reviews, total } = await catalog.listReviews(status, page, limit);
      return { success: true, reviews, total, page, limit };
    },
  );

  const moves: Record<ReviewMove, string> = {
    approve: "Publish a review",
    reject: "Reject a review",
    hide: "Hide a published review from its product page (issue 26)",
    restore: "Put a hidden review back on its product page",
  };
  for (const [move, summary] of Object.entries(moves) as [ReviewMove, string][]) {
    app.post(
      `/reviews/:id/${move}`,
      {
        schema: {
          ...common,
          summary,
          params: IdParamsSchema,
          response: {
            200: AdminReviewAnswerSchema,
            ...adminErrors(404, ...(REVIEW_MOVES[move].from ? [409] : [])),
          },
        },
      },
      async (request) => ({
        success: true,
        review: await catalog.moderateReview(request.params.id, move, auditAs(request)),
      }),
    );
  }

  app.get(
    "/blog",
    {
      schema: {
        ...common,
        summary: "Every blog post, published or not (or only those that need Arabic)",
        querystring: AdminBlogQuerySchema,
        response: { 200: AdminBlogListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => ({ success: true, posts: await catalog.listPosts(request.query) }),
  );

  app.post(
    "/blog",
    {
      schema: {
        ...common,
        summary: "Create a blog post (unpublished)",
        body: AdminBlogInputSchema,
        response: { 201: AdminBlogAnswerSchema, ...adminErrors(400, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, post: await catalog.createPost(request.body, auditAs(request)) }),
  );

  app.get(
    "/blog/:id",
    {
      schema: {
        ...common,
        summary: "One blog post",
        params: IdParamsSchema,
        response: { 200: AdminBlogAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true, post: await catalog.getPost(request.params.id) }),
  );

  app.put(
    "/blog/:id",
    {
      schema: {
        ...common,
        summary: "Edit a blog post (HTML sanitized)",
        params: IdParamsSchema,
        body: AdminBlogInputSchema,
        response: { 200: AdminBlogAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      post: await catalog.updatePost(request.params.id, request.body, auditAs(request)),
    }),
  );

  for (const [action, published] of [
    ["publish", true],
    ["unpublish", false],
  ] as const) {
    app.post(
      `/blog/:id/${action}`,
      {
        schema: {
          ...common,
          summary: published ? "Publish a blog post" : "Take a blog post off /blog",
          params: IdParamsSchema,
          response: { 200: AdminBlogAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({
        success: true,
        post: await catalog.setPublished(request.params.id, published, auditAs(request)),
      }),
    );
  }

  app.post(
    "/blog/:id/cover",
    {
      schema: {
        ...common,
        summary: "Upload a blog post's cover image (multipart, one file)",
        params: IdParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 200: AdminBlogAnswerSchema, ...adminErrors(400, 404, 413, 415) },
      },
      bodyLimit: uploadBodyLimit(1),
    },
    async (request) => {
      const files = await uploadedFiles(request);
      const [file] = files;
      if (!file || files.length > 1)
        throw new AdminError("invalid", "validation", "Choose one image for the cover");
      return { success: true, post: await catalog.setCover(request.params.id, file, auditAs(request)) };
    },
  );
}
