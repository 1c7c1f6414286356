import "./schemas/zod-setup.ts";
import { z } from "zod";

/**
 * The stable machine codes of every `{ success: false, code, message }` answer of /api (issue 14). The
 * English `message` stays SPEC's sentence; a screen decides what to do, and which text of its own
 * language to show, by `code`, never by the wording of `message`. A code, once shipped, keeps its meaning:
 * add new ones at the end of their group, never rename one.
 */
export const ERROR_CODES = [
  // Any route
  "validation", // the body, query or params do not match the route's schema (`field` may name the field)
  "bad_request", // the request could not be read (empty or unreadable body, malformed HTTP)
  "unsupported_media_type",
  "payload_too_large",
  "headers_too_large",
  "request_timeout",
  "not_found", // no such route, product, order, address or post
  "rate_limited", // too many attempts; Retry-After says how long to wait
  "busy", // the database is busy; try again in a second (Retry-After)
  "server_error",
  "invalid_text", // a NUL or an unpaired surrogate in a field (core/text.ts); `field` names it
  // Sessions and accounts
  "unauthorized", // no token where one is needed (or SPEC §5 'You must be logged in to place an order.')
  "session_expired", // a forged, expired or revoked token
  "invalid_credentials",
  "email_unverified", // log-in refused until the e-mail's code is entered; a code was (re)sent
  "code_invalid", // a wrong, used or expired 6-digit code
  "email_taken",
  "phone_taken",
  "current_password_wrong",
  "same_password",
  "no_password", // a Google-only account has no password to change yet
  "phone_required", // Google sign-up needs a phone number: the screen asks for one
  "google_not_configured",
  "google_unavailable",
  "google_invalid",
  "google_email_unverified",
  "google_no_account",
  "google_account_taken",
  // Address book
  "address_limit",
  // Cart, wishlist and orders
  "product_unavailable",
  "size_required",
  "size_unknown",
  "color_unknown",
  "out_of_stock",
  "already_in_wishlist",
  "not_in_wishlist",
  "cod_unavailable",
  "payment_unavailable", // the payment provider did not answer when the payment was started
  "payment_pending",
  "payment_declined",
  "payment_cancelled",
  "payment_expired",
  "payment_unreachable", // the provider could not be asked about the payment; try again
  "in_progress", // an order call with this Idempotency-Key is still running; try again in a moment
  "idempotency_key_reused", // this Idempotency-Key was used with a different order (422)
  "idempotency_key_invalid", // the Idempotency-Key header is not 8-200 printable ASCII characters
  "card_payments_unavailable", // card payment is not offered to this visitor (issue 21): a test provider answers only local requests
  // Reviews
  "review_duplicate",
  // Back office (core/admin.ts lists them with their statuses)
  "unauthenticated",
  "forbidden",
  "csrf",
  "slug_taken",
  "sku_taken",
  "stock_below_committed",
  "stock_untracked",
  "variant_in_use",
  "invalid_transition",
  "not_cod",
  "product_has_orders",
  "not_image",
  "file_too_large",
  "too_many_files",
  "no_email",
  "last_owner",
  "unknown_category",
  "image_too_large", // 413: more pixels than UPLOAD_MAX_MEGAPIXELS
  "demo_owner_local_only", // the demo owner signs in only on this machine (issue 21)
  // Refunds (issue 24; decision 0023)
  "nothing_to_refund", // no money was taken, or all of it is refunded or pending
  "refund_exceeds_paid", // more than is paid and not yet refunded or pending
  "refund_method", // a card order is refunded through Paymennt, cash on delivery by hand
  "refund_refused", // Paymennt refused the refund: nothing was refunded
  "idempotency_mismatch", // the Idempotency-Key was used with another body
  // Returns and exchanges (issue 24; decision 0032)
  "return_window_closed", // the order is not delivered, or its return window has passed
  "not_returnable", // a final-sale or made-to-measure item
  "return_exceeds_bought", // more units than were bought and not yet asked for or refunded
  "exchange_unavailable", // the size is not this product's, costs another price, or is out of stock
  // A shopper's own cancellation (issue 24; decision 0031)
  "cancel_not_allowed", // the order has moved past 'Order Placed' (or is cancelled): the shop must be asked
  "cancel_window_passed", // placed longer ago than the shop's cancellation window
  // The owner's daily work (issue 26; decision 0026)
  "stock_changed", // a stock count's figure changed since it was read (a sale came between)
  // Promotions (issue 28; decision 0038)
  "discount_refused", // the discount code was refused at order time; `reason` says why (core/schemas/promotions.ts)
  "code_taken", // another discount code has this code
  // Quotes and alterations (issue 29; decision 0043)
  "quote_expired", // the quote's validity passed before it was accepted
  "quote_withdrawn", // the shop withdrew the quote
  "quote_not_online", // the request was sent without an account: the shop answers by mail
  "alteration_window_closed", // not delivered, or delivered longer ago than the alteration window
  "not_made_to_measure", // only a made-to-measure line can be altered
  // 'Stitch it for me' (issue 29; decision 0042)
  "stitching_unavailable", // the style is unknown, inactive, or does not suit this fabric (or it is not unstitched)
  "profile_not_found", // no such measurement profile among the shopper's own (another's is never named)
  "measurements_invalid", // typed measurements missing or out of range; `field` names the first
  // Made to measure (issue 29; decision 0040)
  "profile_limit", // the shopper keeps as many measurement profiles as an account may hold
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
