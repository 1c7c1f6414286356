import type { z } from "zod";

/** A failure the shopper's screen can show: the status and the message travel as `{ success: false, message }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** Parses input with a core/ schema; the first problem becomes a 400 with its message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    const message = issue?.message ?? "Invalid request";
    throw new HttpError(
      400,
      message.includes(String(issue?.path[0] ?? "\u0000")) ? message : `${field}${message}`,
    );
  }
  return result.data;
}
