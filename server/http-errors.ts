import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import type { ErrorCode } from "#core/error-codes.ts";
import { badTextMessage } from "#core/text.ts";

/**
 * A failure the shopper's screen can show: it travels as `{ success: false, code, message }`, the stable
 * `code` (core/error-codes.ts) for the screen to act on and SPEC's English `message`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Response headers that go with the failure (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> | undefined;
  constructor(statusCode: number, code: ErrorCode, message: string, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

/** A refusal that carries more than its code and message (a refused discount code's `reason`, issue 28). */
export class DetailedHttpError extends HttpError {
  readonly details: Record<string, string>;
  constructor(statusCode: number, code: ErrorCode, message: string, details: Record<string, string>) {
    super(statusCode, code, message);
    this.details = details;
  }
}

/** A request that does not match its route's schema; `field` names the form field a screen marks. */
export class InputError extends HttpError {
  readonly field: string | undefined;
  constructor(message: string, field?: string, code: ErrorCode = "validation") {
    super(400, code, message);
    this.field = field;
  }
}

/** A NUL or an unpaired surrogate in `field` (core/text.ts): refused before the route's own checks. */
export function badTextError(field: string): InputError {
  return new InputError(badTextMessage(field), field, "invalid_text");
}

/**
 * How a route words its first schema problem:
 * - `prefixed`: a message that is a whole sentence (ending in a full stop, as
 *   core/schemas/account.schema.ts writes them) goes out as it is; a short one is prefixed with the field
 *   it is about.
 * - `sentence`: the schema's sentence as it is (SPEC §5 quotes review checks without a closing full stop).
 * - `field`: the sentence as it is plus the top-level field it is about, shown beside that field (SPEC §8
 *   inline errors on the contact and stitching forms).
 */
export type InputStyle = "prefixed" | "sentence" | "field";

export function inputError(error: z.ZodError, style: InputStyle = "prefixed"): InputError {
  const issue = error.issues[0];
  const message = issue?.message ?? "Invalid request";
  if (style === "sentence") return new InputError(message);
  if (style === "field") {
    const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
    return new InputError(message, field);
  }
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return new InputError(
    message.endsWith(".") || message.includes(String(issue?.path[0] ?? "\u0000"))
      ? message
      : `${field}${message}`,
  );
}

/**
 * Fastify's validator for the core/ zod schemas a route declares (body, querystring, params): the parsed
 * value replaces the raw one, and the first problem is a 400 worded as `style` says, never a 500.
 */
export function zodValidator(style: InputStyle = "prefixed"): FastifySchemaCompiler<z.ZodType> {
  return ({ schema }) =>
    (data) => {
      const result = schema.safeParse(data);
      return result.success ? { value: result.data } : { error: inputError(result.error, style) };
    };
}
