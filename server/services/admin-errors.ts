import type { AdminErrorCode } from "#core/admin.ts";
import { HttpError } from "../http-errors.ts";

/** A back-office refusal: the status, a sentence the screen shows, and a stable machine code. */
export class AdminError extends HttpError {
  constructor(statusCode: number, code: AdminErrorCode, message: string) {
    super(statusCode, code, message);
  }
}

export const notFound = (what: string) => new AdminError(404, "not_found", `${what} not found`);
