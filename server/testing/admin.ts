import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { ADMIN_CSRF_HEADER, ADMIN_SESSION_COOKIE } from "#core/admin.ts";
import { hashPassword } from "../auth/passwords.ts";
import { createUser } from "../db/repositories/users.ts";
import type { Database, UserRole } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { freshIp, freshPhone } from "./accounts.ts";

export const ADMIN_TEST_PASSWORD = "back-office-pass-1";

let counter = 0;

/** An account with the given role and a known password, written straight into the table. */
export async function createRoleUser(
  db: Kysely<Database>,
  role: UserRole,
  cost = 10,
): Promise<{ id: string; email: string; name: string; phone: string }> {
  counter += 1;
  const tag = `${process.pid}-${Date.now().toString(36)}-${counter}`;
  const now = new Date().toISOString();
  const phone = `+9715${freshPhone().slice(2)}`;
  const user = {
    id: newId(),
    name: `${role} ${counter}`,
    email: `${role}-${tag}@example.com`,
    email_verified: true,
    phone,
    password_hash: await hashPassword(ADMIN_TEST_PASSWORD, cost),
    google_sub: null,
    session_version: 0,
    language: "en" as const,
    created_at: now,
    updated_at: now,
    role,
  };
  await createUser(db, user);
  return { id: user.id, email: user.email, name: user.name, phone };
}

export interface AdminClient {
  cookie: string;
  csrf: string;
  /** Calls /api/admin with the session cookie and, for changes, the CSRF token. */
  call(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: Record<string, unknown> & { success: boolean; code?: string; message?: string };
  }>;
}

/** Logs in through POST /api/admin/login and returns a client holding the cookie and CSRF token. */
export async function adminLogin(
  app: FastifyInstance,
  email: string,
  password = ADMIN_TEST_PASSWORD,
): Promise<AdminClient> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
    payload: JSON.stringify({ email, password }),
  });
  if (res.statusCode !== 200) throw new Error(`admin login ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers["set-cookie"]);
  const cookie = setCookie.split(";")[0] ?? "";
  if (!cookie.startsWith(`${ADMIN_SESSION_COOKIE}=`)) throw new Error(`no session cookie: ${setCookie}`);
  const csrf = (res.json() as { csrfToken: string }).csrfToken;
  return {
    cookie,
    csrf,
    async call(method, url, body, headers = {}) {
      const all: Record<string, string> = { cookie, ...headers };
      if (method !== "GET" && !(ADMIN_CSRF_HEADER in headers)) all[ADMIN_CSRF_HEADER] = csrf;
      if (body !== undefined) all["content-type"] = "application/json";
      for (const [k, v] of Object.entries(all)) if (v === "") delete all[k];
      const r = await app.inject({
        method,
        url,
        headers: all,
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      // A file (a CSV export) is not JSON: its text is kept as `raw`.
      const json = String(r.headers["content-type"] ?? "").includes("json");
      return { status: r.statusCode, body: json ? r.json() : { success: r.statusCode < 400, raw: r.body } };
    },
  };
}

/** A multipart/form-data body with the given files under one field name. */
export function multipartBody(
  files: { name: string; content: Buffer; type?: string }[],
  field = "images",
): { payload: Buffer; contentType: string } {
  const boundary = `----admin-test-${Date.now().toString(36)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
