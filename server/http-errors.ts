import type { z } from "zod";

/** A failure the shopper's screen can show: the status and the message travel as `{ success: false, message }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Response headers that go with the failure (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/**
 * Parses input with a core/ schema; the first problem becomes a 400 with its message. A message that is a
 * whole sentence (ending in a full stop, as core/schemas/account.schema.ts writes them) goes out as it is;
 * a short one is prefixed with the field it is about.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    const message = issue?.message ?? "Invalid request";
    throw new HttpError(
      400,
      message.endsWith(".") || message.includes(String(issue?.path[0] ?? "\u0000"))
        ? message
        : `${field}${message}`,
    );
  }
  return result.data;
}
