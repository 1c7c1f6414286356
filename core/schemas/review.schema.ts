import "./zod-setup.ts";
import { z } from "zod";
import { type MessageKey, t } from "#core/i18n/index.ts";
import type { ReviewDto } from "../catalog.ts";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "../constants.ts";

/**
 * Shoppers' reviews (SPEC §5 Review, §7 review calls): the review dialog checks its form with these and
 * the server checks what arrives with the same ones. Messages are the sentences the screen shows.
 */

const say = (key: MessageKey, values?: Record<string, number>) => ({ error: () => t(key, values) });

/** A review's status; 'hidden' is a published review the shop took off its product page (issue 26). */
export type ReviewStatus = "pending" | "published" | "rejected" | "hidden";
/** What the shopper reads of her own review's status: a hidden one reads as not shown ('rejected'). */
export type OwnReviewStatus = Exclude<ReviewStatus, "hidden">;

/** The shopper's own review (POST /api/review/user-review): any status, so a pending one can be shown. */
export type OwnReviewDto = ReviewDto & { status: OwnReviewStatus };

const productId = z
  .string(say("review.productRequired"))
  .trim()
  .min(1, say("review.productRequired"))
  .max(64, say("review.productRequired"));

/** POST /api/review/can-review and /api/review/user-review. */
export const ReviewProductSchema = z.object({ productId }, say("field.body"));

/** SPEC §5: rating 1 to 5 (none chosen: 'Please select a rating'), comment 10 to 1000 characters trimmed. */
export const CreateReviewSchema = z.object(
  {
    productId,
    rating: z
      .number({
        error: (issue) => t(issue.input == null ? "review.ratingRequired" : "review.ratingRange"),
      })
      .int(say("review.ratingRange"))
      .min(1, say("review.ratingRange"))
      .max(5, say("review.ratingRange")),
    comment: z
      .string(say("review.commentTooShort"))
      .trim()
      .min(REVIEW_COMMENT_MIN, say("review.commentTooShort"))
      .max(REVIEW_COMMENT_MAX, say("review.commentTooLong", { max: REVIEW_COMMENT_MAX })),
  },
  say("field.body"),
);

export type CreateReviewInput = z.output<typeof CreateReviewSchema>;

/** GET /api/review/product/{productId}: the path's product id. */
export const ReviewProductParamsSchema = z.object({
  productId: z.string().trim().min(1).max(64, { error: "Product id is too long" }),
});
