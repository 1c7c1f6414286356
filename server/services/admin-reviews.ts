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

/** Review moderation in the back office. */
export function createAdminReviews(options: { db: Kysely<Database> }) {
  const { db } = options;
  return {
    async listReviews(status: ReviewStatus, page: number, limit: number) {
      const { rows, total } = await listReviewRows(db, status, limit, (page - 1) * limit);
      return { reviews: rows.map(toReview), total };
    },

    /** Approve publishes a review on its product page (catalog version bumped); reject hides it. */
    async moderateReview(
      id: string,
      to: "published" | "rejected",
      audit: AuditRecorder,
    ): Promise<AdminReview> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findReviewRow(trx, id), "Review");
        if (!(await setReviewStatus(trx, id, to))) return null;
        return {
          // Only a review that is or was on show changes the storefront.
          bump: to === "published" || row.status === "published",
          audit: {
            action: to === "published" ? "review.approve" : "review.reject",
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
