import type { Kysely, Transaction } from "kysely";
import type { ReviewDto, ReviewSummaryDto } from "#core/catalog.ts";
import type { OwnReviewDto } from "#core/schemas/review.schema.ts";
import type { Database, ReviewStatus, ReviewTable } from "../schema.ts";
import { noteProductsChanged } from "./stock-changes.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A review to store; without a status it is published (the demo store's reviews). */
export type NewReview = Omit<ReviewTable, "status"> & { status?: ReviewStatus };

/** A published review changes its product's public page and answers, which are dropped (decision 0037). */
export async function createReview(db: Db, review: NewReview): Promise<void> {
  const status = review.status ?? "published";
  await db
    .insertInto("reviews")
    .values({ ...review, status })
    .execute();
  if (status === "published") await noteProductsChanged(db, [review.product_id]);
}

/** True when the failed insert ran into the one-review-per-shopper-and-product index, on either engine. */
export function isDuplicateReview(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: string; errcode?: number; constraint?: string; message?: string };
  const unique =
    e.code === "23505" || e.errcode === 2067 || /UNIQUE constraint failed/i.test(e.message ?? "");
  return unique && /reviews_user_product|reviews\.user_id/.test(`${e.constraint ?? ""} ${e.message ?? ""}`);
}

export async function productExists(db: Db, productId: string): Promise<boolean> {
  // A draft is not on the storefront (issue 26): it has no reviews to read or write.
  const row = await db
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("draft", "=", false)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findReviewByUser(
  db: Db,
  userId: string,
  productId: string,
): Promise<OwnReviewDto | null> {
  const row = await db
    .selectFrom("reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  // A review the shop hid reads to its writer as one not shown (the shopper's contract has no 'hidden').
  return row ? { ...toReviewDto(row), status: row.status === "hidden" ? "rejected" : row.status } : null;
}

/** SPEC §7 GET /api/review/product/{id}: the published reviews, newest first, and their summary. */
export async function listPublishedReviews(
  db: Db,
  productId: string,
): Promise<{ reviews: ReviewDto[]; summary: ReviewSummaryDto }> {
  const rows = await db
    .selectFrom("reviews")
    .selectAll()
    .where("product_id", "=", productId)
    .where("status", "=", "published")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const ratingDistribution: ReviewSummaryDto["ratingDistribution"] = {
    "1": 0,
    "2": 0,
    "3": 0,
    "4": 0,
    "5": 0,
  };
  let sum = 0;
  for (const row of rows) {
    const rating = Number(row.rating);
    sum += rating;
    const key = String(rating) as keyof typeof ratingDistribution;
    if (key in ratingDistribution) ratingDistribution[key] += 1;
  }
  return {
    reviews: rows.map(toReviewDto),
    summary: {
      averageRating: rows.length === 0 ? 0 : Math.round((sum / rows.length) * 10) / 10,
      totalReviews: rows.length,
      ratingDistribution,
    },
  };
}

function toReviewDto(row: ReviewTable): ReviewDto {
  return {
    _id: row.id,
    userName: row.user_name,
    rating: Number(row.rating),
    comment: row.comment,
    isVerifiedPurchase: Boolean(row.is_verified_purchase),
    createdAt: row.created_at,
  };
}
