import type { ErrorCode } from "../error-codes.ts";

/**
 * What a screen says for each stable `code` of a refused /api call (core/error-codes.ts). English pages
 * show the server's own sentence (SPEC's texts); these are the screens' words for a code, which Arabic
 * pages show in ar-api.ts, and English pages only when an answer carried no sentence.
 */
export const enApi = {
  "api.validation": "Please check the highlighted details and try again.",
  "api.bad_request": "The request could not be read. Please try again.",
  "api.unsupported_media_type": "The request could not be read. Please try again.",
  "api.payload_too_large": "That is more than we can take in one request. Please send less.",
  "api.headers_too_large":
    "The request headers are too large. Please clear this site's cookies and try again.",
  "api.request_timeout": "The request took too long to arrive. Please try again.",
  "api.not_found": "We could not find what you asked for.",
  "api.rate_limited": "Too many attempts. Please wait a few minutes and try again.",
  "api.busy": "The shop is busy. Please try again in a moment.",
  "api.server_error": "Something went wrong on our side. Please try again in a moment.",
  "api.unauthorized": "Please log in to continue.",
  "api.session_expired": "Your session has expired. Please log in again.",
  "api.invalid_credentials": "The e-mail or phone number and password do not match.",
  "api.email_unverified": "Please verify your email before logging in. We have sent you a code.",
  "api.code_invalid": "This code is wrong or has expired. Please try again or ask for a new one.",
  "api.email_taken": "An account with this e-mail address already exists.",
  "api.phone_taken": "An account with this phone number already exists.",
  "api.current_password_wrong": "Your current password is not correct.",
  "api.same_password": "Your new password must differ from the current one.",
  "api.no_password": "This account signs in with Google and has no password yet.",
  "api.phone_required": "Phone number required for signup.",
  "api.google_not_configured": "Google sign-in is not configured",
  "api.google_unavailable": "Google sign-in is unavailable",
  "api.google_invalid": "Google could not confirm your sign-in. Please try again.",
  "api.google_email_unverified": "Your Google e-mail address is not verified.",
  "api.google_no_account": "No account uses this Google address. Please sign up first.",
  "api.google_account_taken": "This e-mail address already belongs to another account.",
  "api.address_limit": "You have saved as many addresses as an account can hold. Please remove one first.",
  "api.product_unavailable": "This product is no longer available.",
  "api.size_required": "Please select a size",
  "api.size_unknown": "This size is not available.",
  "api.color_unknown": "This colour is not available.",
  "api.out_of_stock": "Out of stock",
  "api.already_in_wishlist": "Already in wishlist",
  "api.not_in_wishlist": "Not in your wishlist.",
  "api.cod_unavailable": "Cash on delivery is not available.",
  "api.payment_unavailable": "Failed to initiate payment.",
  "api.payment_pending": "Your payment is still being processed. Please check again in a moment.",
  "api.payment_declined": "Your payment was declined.",
  "api.payment_cancelled": "The payment was cancelled.",
  "api.payment_expired": "The payment session expired. Please place your order again.",
  "api.payment_unreachable": "We could not reach the payment provider. Please try again.",
  "api.review_duplicate": "You have already reviewed this product.",
} as const satisfies Record<`api.${ErrorCode}`, string>;
