import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import type { CreateReviewInput, OwnReviewDto } from "#core/schemas/review.schema.ts";
import { hasPaidPurchase } from "../db/repositories/purchases.ts";
import {
  createReview,
  findReviewByUser,
  isDuplicateReview,
  productExists,
} from "../db/repositories/reviews.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { DomainError } from "./errors.ts";

/** SPEC §5 Review and the §7 review calls. The shopper is always the token's user, never the body's. */
export function createReviewsService(db: Kysely<Database>) {
  async function requireProduct(productId: string): Promise<void> {
    if (!(await productExists(db, productId)))
      throw new DomainError("not_found", "not_found", t("pdp.notFound"));
  }

  return {
    /** SPEC §5: a signed-in shopper may review a product once. */
    async canReview(user: UserRow, productId: string): Promise<boolean> {
      await requireProduct(productId);
      return (await findReviewByUser(db, user.id, productId)) === null;
    },

    async ownReview(user: UserRow, productId: string): Promise<OwnReviewDto | null> {
      await requireProduct(productId);
      return findReviewByUser(db, user.id, productId);
    },

    /**
     * Stores the review under the account's name. A buyer of the product is a verified purchase and is
     * published at once; anyone else waits for the shop's approval (SPEC §5). The unique index on
     * (user_id, product_id) turns a second, racing request into the same 409 as a later one.
     */
    async create(user: UserRow, input: CreateReviewInput): Promise<OwnReviewDto> {
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await productExists(trx, input.productId)))
            throw new DomainError("not_found", "not_found", t("pdp.notFound"));
          if (await findReviewByUser(trx, user.id, input.productId))
            throw new DomainError("conflict", "review_duplicate", t("review.duplicate"));
          const verified = await hasPaidPurchase(trx, user.id, input.productId);
          const id = newId();
          await createReview(trx, {
            id,
            product_id: input.productId,
            user_id: user.id,
            user_name: user.name,
            rating: input.rating,
            comment: input.comment,
            is_verified_purchase: verified,
            status: verified ? "published" : "pending",
            created_at: new Date().toISOString(),
          });
          const stored = await findReviewByUser(trx, user.id, input.productId);
          if (!stored) throw new Error(`Review ${id} was not stored`);
          return stored;
        });
      } catch (error) {
        if (isDuplicateReview(error))
          throw new DomainError("conflict", "review_duplicate", t("review.duplicate"));
        throw error;
      }
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
