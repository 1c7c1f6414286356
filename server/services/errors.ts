import type { AdminErrorCode } from "#core/admin.ts";
import type { ErrorCode } from "#core/error-codes.ts";

/**
 * Why the shop refuses what was asked, in the domain's words (decision 0028, "errors that speak the
 * domain"). Services throw a DomainError; only server/error-answers.ts turns a refusal into an HTTP status.
 */
export type Refusal =
  /** The request's content breaks a rule (a field, a value, a combination). */
  | "invalid"
  /** Nobody is signed in, or the session is over. */
  | "unauthenticated"
  /** Signed in, but this person may not do this. */
  | "forbidden"
  | "not_found"
  /** The shop's current state does not allow it (stock, a status, a race lost, a duplicate). */
  | "conflict"
  /** Understood and well formed, but the shop cannot act on it (e.g. an unpayable order). */
  | "unprocessable"
  | "too_large"
  /** An upload of a kind the shop does not take. */
  | "unsupported_media"
  /** Too many attempts: wait `retryAfterSeconds`. */
  | "rate_limited"
  /** A provider the shop depends on (the payment gateway, Google) failed or answered nonsense. */
  | "upstream_failed"
  /** The shop cannot serve this now (busy, or a feature not configured); try later. */
  | "unavailable";

export interface RefusalOptions {
  /** How long to wait before trying again (rate limits, a busy database, a key in use). */
  retryAfterSeconds?: number;
  /** The form field the refusal is about, for the screen to mark. */
  field?: string;
  /** More the answer carries beside its code and message (a refused discount code's `reason`). */
  details?: Record<string, string>;
}

/**
 * A refusal a screen can show: the stable machine `code` (core/error-codes.ts) for the screen to act on
 * and SPEC's sentence as `message`.
 */
export class DomainError extends Error {
  readonly refusal: Refusal;
  readonly code: ErrorCode | AdminErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;
  readonly details: Record<string, string> | undefined;
  constructor(
    refusal: Refusal,
    code: ErrorCode | AdminErrorCode,
    message: string,
    options: RefusalOptions = {},
  ) {
    super(message);
    this.refusal = refusal;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.field = options.field;
    this.details = options.details;
  }
}
