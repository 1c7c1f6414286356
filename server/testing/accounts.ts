import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface ApiAnswer {
  status: number;
  body: { success: boolean; message?: string; [key: string]: unknown };
  headers: Record<string, unknown>;
}

let nextIp = 1;
/** A fresh client address per call site, so one test's rate-limit counters do not touch another's. */
export function freshIp(): string {
  nextIp += 1;
  return `10.${Math.floor(nextIp / 250) % 250}.${nextIp % 250}.7`;
}

/** Calls the API as a browser would: JSON body, the `token` header when given, a client address. */
export async function call(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  options: { body?: unknown; token?: string; ip?: string; rawBody?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.token = options.token;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers["content-type"] = "application/json";
  const res = await app.inject({
    method,
    url,
    headers,
    payload: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** The newest code mailed to an address, read from the outbox (for stores without SMTP). */
export async function codeFromOutbox(db: Kysely<Database>, to: string, kind: string): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select("subject")
    .where("to_address", "=", to)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const code = /^(\d{6}) is your/.exec(row.subject)?.[1];
  if (!code) throw new Error(`No code in "${row.subject}"`);
  return code;
}

/** Lets the next code go out at once (the resend throttle looks at last_sent_at). */
export async function allowResend(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable("one_time_codes")
    .set({ last_sent_at: new Date(Date.now() - 3600_000).toISOString() })
    .where("identifier", "=", email)
    .execute();
}

let phoneCounter = 1000000;
/** A UAE mobile number no other test uses, in the national format a shopper types. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `050${String(phoneCounter).slice(-7)}`;
}
