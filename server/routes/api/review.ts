import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { t } from "#core/i18n/index.ts";
import { CreateReviewSchema, ReviewProductSchema } from "#core/schemas/review.schema.ts";
import { HttpError, parseInput } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";
import { sendWithEtag } from "./catalog.ts";

/**
 * Review checks answer with the schema's sentence as it is: SPEC §5 quotes them without a closing full
 * stop, which parseInput would otherwise prefix with the field name.
 */
function parseReview<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

/** SPEC §7 review calls. */
export default async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // GET /api/review/product/{productId}: public, published reviews only.
  app.get("/review/product/:productId", async (request, reply) => {
    const { productId } = parseInput(
      z.object({ productId: z.string().trim().min(1).max(64, { error: "Product id is too long" }) }),
      request.params,
    );
    const found = await services.catalog.reviewsForProduct(productId);
    if (!found) throw new HttpError(404, t("pdp.notFound"));
    return sendWithEtag(request, reply, { success: true, ...found });
  });

  // The shopper's calls: the token says who; a userId or userName in the body is ignored.
  await app.register(async (shopper) => {
    requireUser(shopper, services);
    noStore(shopper);

    shopper.post("/review/can-review", async (request) => {
      const { productId } = parseReview(ReviewProductSchema, request.body);
      return { success: true, canReview: await services.reviews.canReview(currentUser(request), productId) };
    });

    shopper.post("/review/user-review", async (request) => {
      const { productId } = parseReview(ReviewProductSchema, request.body);
      return { success: true, review: await services.reviews.ownReview(currentUser(request), productId) };
    });

    shopper.post("/review/create", async (request, reply) => {
      const input = parseReview(CreateReviewSchema, request.body);
      const review = await services.reviews.create(currentUser(request), input);
      const message = review.status === "published" ? "review.published" : "review.pending";
      return reply.code(201).send({ success: true, message: t(message), review });
    });
  });
}
