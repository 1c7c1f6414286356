import type { Kysely } from "kysely";
import type { AdminReview } from "#core/admin.ts";
import {
  type AdminReviewRow,
  findReviewRow,
  listReviewRows,
  setReviewStatus,
} from "../db/repositories/admin-content.ts";
import type { Database, ReviewStatus } from "../db/schema.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { catalogWrite, found } from "./admin-catalog-write.ts";
import { AdminError } from "./admin-errors.ts";

function toReview(row: AdminReviewRow): AdminReview {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    productSlug: row.product_slug,
    userName: row.user_name,
    rating: Number(row.rating),
    comment: row.comment,
    isVerifiedPurchase: Boolean(row.is_verified_purchase),
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * The moves of a review in the back office, each with the statuses it may start from (undefined: any).
 * Hide takes a published review off its product page; restore puts a hidden one back (issue 26).
 */
export const REVIEW_MOVES = {
  approve: { to: "published", from: undefined, action: "review.approve" },
  reject: { to: "rejected", from: undefined, action: "review.reject" },
  hide: { to: "hidden", from: ["published"], action: "review.hide" },
  restore: { to: "published", from: ["hidden"], action: "review.restore" },
} as const satisfies Record<
  string,
  { to: ReviewStatus; from: readonly ReviewStatus[] | undefined; action: string }
>;
export type ReviewMove = keyof typeof REVIEW_MOVES;

/** Review moderation in the back office. */
export function createAdminReviews(options: { db: Kysely<Database> }) {
  const { db } = options;
  return {
    async listReviews(status: ReviewStatus | "all", page: number, limit: number) {
      const { rows, total } = await listReviewRows(db, status, limit, (page - 1) * limit);
      return { reviews: rows.map(toReview), total };
    },

    /**
     * Moves a review. Whatever puts a review on show or takes it off marks its product as changed, so the
     * product page, its rating figures and its review answers drop it at once.
     */
    async moderateReview(id: string, move: ReviewMove, audit: AuditRecorder): Promise<AdminReview> {
      const { to, from, action } = REVIEW_MOVES[move];
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findReviewRow(trx, id), "Review");
        const allowed: readonly ReviewStatus[] | undefined = from;
        if (allowed && !allowed.includes(row.status))
          throw new AdminError(
            "conflict",
            "invalid_transition",
            move === "hide"
              ? "Only a published review can be hidden"
              : "Only a hidden review can be restored",
          );
        if (!(await setReviewStatus(trx, id, to))) return null;
        return {
          // Only a review that is or was on show changes the storefront.
          // Only its product's page and review answers show it (decision 0037).
          bump: to === "published" || row.status === "published" ? { products: [row.product_id] } : false,
          audit: {
            action,
            entity: "review",
            entityId: id,
            label: `${row.user_name} on ${row.product_name}`,
            changes: [{ field: "status", before: row.status, after: to }],
          },
        };
      });
      return toReview(found(await findReviewRow(db, id), "Review"));
    },
  };
}
