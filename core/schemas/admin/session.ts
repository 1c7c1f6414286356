import "../zod-setup.ts";
import { z } from "zod";

// Roles and errors

export const ROLES = ["customer", "staff", "owner"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = ["staff", "owner"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The header the screens send on every change, holding the session's CSRF token (GET /api/admin/me). */
export const ADMIN_CSRF_HEADER = "x-csrf-token";
/** The back office's session cookie (httpOnly, SameSite=Strict, Secure in production). */
export const ADMIN_SESSION_COOKIE = "noor_admin";

export const ADMIN_ERROR_CODES = [
  "unauthenticated", // 401: no back-office session, or it expired
  "forbidden", // 403: the role may not do this (a customer anywhere; staff on staff and settings)
  "csrf", // 403: missing or wrong CSRF token, or a foreign Origin
  "invalid_credentials", // 401: wrong e-mail or password at log-in
  "rate_limited", // 429: too many log-in attempts
  "validation", // 400: the body or query does not match its schema
  "not_found", // 404
  "slug_taken", // 409: another product or post has this slug
  "sku_taken", // 409: another variant has this SKU
  "stock_below_committed", // 409: the adjustment would take stock below what is held or sold
  "stock_untracked", // 409: the size does not track stock
  "variant_in_use", // 409: a removed size has orders or held units
  "invalid_transition", // 409: the order cannot move to that status (or a sent mail be sent again)
  "not_cod", // 409: only an unpaid cash-on-delivery order can be marked paid
  "product_has_orders", // 409: delete refused; archive it instead
  "not_image", // 415: an upload is not an image sharp can read
  "file_too_large", // 413
  "too_many_files", // 413
  "no_email", // 409: the request has no e-mail address to reply to
  "last_owner", // 409: the shop's last owner cannot be demoted or removed
  "unknown_category", // 400
  "image_too_large", // 413: more pixels than the shop's UPLOAD_MAX_MEGAPIXELS
  "demo_owner_local_only", // 403: the seeded demo owner signs in only from this machine (ALLOW_PUBLIC_DEMO_OWNER)
  "nothing_to_refund", // 409: the order's money was not taken, or is all refunded or pending (issue 24)
  "refund_exceeds_paid", // 409: more than what is paid and not yet refunded or pending
  "refund_method", // 409: this order cannot be refunded that way (card vs cash on delivery)
  "refund_refused", // 409: Paymennt refused the refund; nothing was refunded
  "idempotency_mismatch", // 409: the Idempotency-Key was used with another body
  "out_of_stock", // 409: an exchange's size has not the units to reserve (decision 0032)
  "stock_changed", // 409: a stock count's figure changed since the owner read it (a sale came between)
  "code_taken", // 409: another discount code has this code (issue 28)
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

export const AdminErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    /** The field whose text was refused (invalid_text: a NUL or a lone surrogate). */
    field: z.string().optional(),
  })
  .meta({ id: "AdminError", description: "A back-office refusal" });

// Session: POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me

export const AdminLoginSchema = z.object({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(200),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Answer of login and me: who is signed in, and the token to send in ADMIN_CSRF_HEADER. */
export const AdminSessionAnswerSchema = z.object({
  success: z.literal(true),
  user: AdminUserSchema,
  csrfToken: z.string(),
  /** When the session ends if nothing happens (idle expiry, ADMIN_IDLE_MINUTES). */
  expiresAt: z.string(),
});
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswerSchema>;
