import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { t } from "#core/i18n/index.ts";
import {
  CanReviewAnswerSchema,
  CreatedReviewAnswerSchema,
  OwnReviewAnswerSchema,
  ProductReviewsAnswerSchema,
} from "#core/schemas/answers.ts";
import {
  CreateReviewSchema,
  ReviewProductParamsSchema,
  ReviewProductSchema,
} from "#core/schemas/review.schema.ts";
import { sendWithEtag } from "../../http-cache.ts";
import { zodValidator } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import { DomainError } from "../../services/errors.ts";
import type { Services } from "../../services/index.ts";

const tags = ["review"];

/** SPEC §7 review calls. */
export default async function reviewRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  // GET /api/review/product/{productId}: public, published reviews only.
  app.get(
    "/review/product/:productId",
    {
      schema: {
        summary: "A product's published reviews and rating",
        tags,
        params: ReviewProductParamsSchema,
        response: {
          200: ProductReviewsAnswerSchema,
          304: z.null().describe("Not modified (If-None-Match)"),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      const found = await services.catalog.reviewsForProduct(productId);
      if (!found) throw new DomainError("not_found", "not_found", t("pdp.notFound"));
      return sendWithEtag(request, reply, { success: true, ...found });
    },
  );

  // The shopper's calls: the token says who; a userId or userName in the body is ignored.
  await app.register(async (scope) => {
    const shopper = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(shopper, services);
    noStore(shopper);
    // Review checks answer with the schema's sentence as it is: SPEC §5 quotes them without a closing
    // full stop, which the shared wording would otherwise prefix with the field name.
    shopper.setValidatorCompiler(zodValidator("sentence"));

    shopper.post(
      "/review/can-review",
      {
        schema: {
          summary: "Whether the shopper may review a product",
          tags,
          security: signedIn,
          body: ReviewProductSchema,
          response: { 200: CanReviewAnswerSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => ({
        success: true,
        canReview: await services.reviews.canReview(currentUser(request), request.body.productId),
      }),
    );

    shopper.post(
      "/review/user-review",
      {
        schema: {
          summary: "The shopper's own review of a product, if any",
          tags,
          security: signedIn,
          body: ReviewProductSchema,
          response: {
            200: OwnReviewAnswerSchema,
            ...errors(400, 401, 404),
          },
        },
      },
      async (request) => ({
        success: true,
        review: await services.reviews.ownReview(currentUser(request), request.body.productId),
      }),
    );

    shopper.post(
      "/review/create",
      {
        schema: {
          summary: "Write a review (published at once or held for moderation)",
          tags,
          security: signedIn,
          body: CreateReviewSchema,
          response: {
            201: CreatedReviewAnswerSchema,
            ...errors(400, 401, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const input = request.body;
        const review = await services.reviews.create(currentUser(request), input);
        const message = review.status === "published" ? "review.published" : "review.pending";
        return reply.code(201).send({ success: true, message: t(message), review });
      },
    );
  });
}
