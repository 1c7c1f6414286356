import type { Refusal } from "./services/errors.ts";

/**
 * The HTTP status of each of the domain's refusals (server/services/errors.ts): the only place it is said.
 * The API's error handler (server/error-answers.ts) and the pages' form actions (app/lib/page-forms.server.ts)
 * both answer through it.
 */
export const STATUS_OF_REFUSAL: Record<Refusal, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/**
 * A refusal made on purpose (a DomainError or an HttpError), as an answer has it; undefined for anything
 * else. Read by shape rather than by class: the pages' form actions run from the built app, which holds
 * its own copy of these classes, while the services they call throw the server's.
 */
export function refusedWith(error: unknown): { status: number; code: string; message: string } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { refusal, statusCode, code, message } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return undefined;
  if (typeof refusal === "string" && Object.hasOwn(STATUS_OF_REFUSAL, refusal))
    return { status: STATUS_OF_REFUSAL[refusal as Refusal], code, message };
  if (typeof statusCode === "number") return { status: statusCode, code, message };
  return undefined;
}

/** The session a token names is missing, forged, expired or ended (what the API answers with a 401). */
export const isUnauthenticated = (error: unknown) => refusedWith(error)?.status === 401;
