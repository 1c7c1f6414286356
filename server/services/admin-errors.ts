import type { AdminErrorCode } from "#core/admin.ts";
import { DomainError, type Refusal, type RefusalOptions } from "./errors.ts";

/** A back-office refusal: why, a sentence the screen shows, and a stable machine code of the back office. */
export class AdminError extends DomainError {
  declare readonly code: AdminErrorCode;
  constructor(refusal: Refusal, code: AdminErrorCode, message: string, options?: RefusalOptions) {
    super(refusal, code, message, options);
  }
}

export const notFound = (what: string) => new AdminError("not_found", "not_found", `${what} not found`);
