/**
 * The shapes the back-office screens read, from the contract in core/admin.ts (decision 0013). Only
 * types are imported: the server validates every body with the schemas, and keeping zod out of the admin
 * chunks keeps the storefront's chunk graph as it was.
 */
import type { z } from "zod";
import type {
  AdminBlogPost,
  AdminCustomerDetail,
  AdminCustomerSummary,
  AdminImage,
  AdminOrderDetail,
  AdminOrderStatus,
  AdminOrderSummary,
  AdminProduct,
  AdminProductSummary,
  AdminReview,
  AdminRole,
  AdminUser,
  AdminVariant,
  AuditEntry,
  Dashboard,
  InboxItem,
  InboxKind,
  InboxStatus,
  InboxSummary,
  ShopSettings,
  StaffMember,
} from "#core/admin.ts";
import type { MailOutcome } from "#core/admin-mail-text.ts";
import type { PagedSchema } from "#core/schemas/admin/fields.ts";
import type { MailListAnswer, UndeliveredMail } from "#core/schemas/admin/mail.ts";

export type {
  AdminBlogPost,
  AdminCustomerDetail,
  AdminCustomerSummary,
  AdminImage,
  AdminOrderDetail,
  AdminOrderStatus,
  AdminOrderSummary,
  AdminProduct,
  AdminProductSummary,
  AdminReview,
  AdminRole,
  AdminUser,
  AdminVariant,
  AuditEntry,
  Dashboard,
  InboxItem,
  InboxKind,
  InboxStatus,
  InboxSummary,
  MailListAnswer,
  MailOutcome,
  ShopSettings,
  StaffMember,
  UndeliveredMail,
};

/** The paging every list answer carries (the list answers extend this schema). */
export type Paged = z.input<typeof PagedSchema>;

export function pageCount({ total, limit }: Paged): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** SPEC §4's order statuses and Cancelled, for the list's filter (core/admin.ts ADMIN_ORDER_STATUSES). */
export const ORDER_STATUS_OPTIONS = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
  "Cancelled",
] as const satisfies readonly AdminOrderStatus[];

export const REQUEST_STATUS_LABELS = {
  new: "New",
  in_progress: "In progress",
  done: "Done",
} as const satisfies Record<InboxStatus, string>;
