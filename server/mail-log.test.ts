import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_CSRF_HEADER } from "#core/admin.ts";
import { prepareDatabase } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connection.ts";
import { freshPhone } from "./testing/accounts.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "./testing/admin.ts";
import { addTestProduct, api, freePort, orderPayload } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Issue 21, finding 5: without SMTP_URL no mail vanishes. The real `server/main.ts` (two worker
 * processes, as `npm start` runs on this machine) is made to send every kind of mail through the API,
 * and its own log is read: each mail is printed exactly once (not once per worker, not again by the
 * jobs worker's pass 30 s after it starts), whole on a local site, and as recipient, subject, kind and
 * outbox id only on a public one, where no code appears anywhere in the log.
 */

const EVERY_KIND = [
  "verify-email",
  "reset-password",
  "contact-message",
  "contact-ack",
  "stitching-request",
  "stitching-ack",
  "order-confirmation",
  "order-new",
  "order-status",
  "staff-invite",
  "contact-reply",
].sort();

interface LogLine {
  pid: number;
  level: number;
  msg: string;
  jobs?: boolean;
  mailId?: string;
  kind?: string;
  to?: string;
  subject?: string;
  text?: string;
}

const RETRY_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function collectLog(child: ChildProcess) {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      raw.push(line);
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line.
      }
    });
  }
  return {
    lines,
    text: () => raw.join("\n"),
    async waitFor(match: (line: LogLine) => boolean, count = 1, timeoutMs = 60_000): Promise<LogLine[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `Waited for ${count} log lines, saw ${found.length}:\n${raw.join("\n").slice(-6000)}`,
          );
        if (child.exitCode !== null)
          throw new Error(`The store exited (${child.exitCode}):\n${raw.join("\n")}`);
        await sleep(100);
      }
    },
  };
}

/** Logs in to the back office over HTTP; calls /api/admin with the cookie and the CSRF token. */
async function adminOverHttp(base: string, email: string) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: ADMIN_TEST_PASSWORD }),
  });
  const body = (await res.json()) as { csrfToken?: string };
  if (res.status !== 200 || !body.csrfToken)
    throw new Error(`admin login ${res.status} ${JSON.stringify(body)}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const csrf = body.csrfToken;
  return async (method: "GET" | "POST", path: string, payload?: unknown) => {
    const answer = await fetch(`${base}/api/admin${path}`, {
      method,
      headers: {
        cookie,
        ...(method === "GET" ? {} : { [ADMIN_CSRF_HEADER]: csrf }),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
}

describe.each(TEST_ENGINES)("every mail printed without SMTP, by server/main.ts on $name", (engine) => {
  let child: ChildProcess | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.on("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    child = undefined;
    await cleanup?.();
    cleanup = undefined;
  });

  for (const site of ["local", "public"] as const) {
    it(`${site === "local" ? "whole on a local site" : "recipient, subject, kind and id only on a public site, never a code"}`, {
      timeout: 180_000,
    }, async () => {
      const fresh = await engine.create();
      const dir = mkdtempSync(join(tmpdir(), "store-mail-log-"));
      let database: DatabaseHandle | undefined;
      cleanup = async () => {
        await database?.close();
        await fresh.drop();
        rmSync(dir, { recursive: true, force: true });
      };
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        DATABASE_URL: fresh.url,
        MEDIA_DIR: join(dir, "media"),
        SEED_DEMO: "false",
        PUBLIC_SITE_URL: site === "local" ? `http://localhost:${port}` : "https://shop.example",
        SHOP_EMAIL: "shop@example.com",
        COD_ENABLED: "true",
        OTP_RESEND_SECONDS: "0",
        PASSWORD_HASH_COST: "10",
        WEB_CONCURRENCY: "2",
        // The jobs worker's retry rounds every 2 s instead of 30 s: the test waits past one of them.
        MAIL_RETRY_MS: String(RETRY_MS),
        HOST: "127.0.0.1",
        PORT: String(port),
      };

      // The shop before it starts: migrated, a product, an owner of our own (not the demo's).
      const prepared = await prepareDatabase(loadConfig(env));
      database = prepared.database;
      const db = database.db;
      const product = await addTestProduct(db, {
        variants: [{ size: "M/54", retailFils: 45_000, stock: 10 }],
      });
      const owner = await createRoleUser(db, "owner");

      const { SMTP_URL: _none, ...inherited } = process.env;
      child = spawn(process.execPath, ["server/main.ts"], {
        env: { ...inherited, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const log = collectLog(child);
      const listening = await log.waitFor((l) => l.msg === "worker listening", 2);
      await log.waitFor((l) => /store ready/.test(l.msg));
      const jobsStartedAt = Date.now();
      expect(listening.map((l) => l.jobs).sort()).toEqual([false, true]);
      const [warning] = await log.waitFor((l) => /MAIL IS NOT CONFIGURED/.test(l.msg));
      expect(warning?.level).toBe(40);

      // Sign-up (verification code), verification, password reset.
      const shopper = {
        name: "Log Reader",
        phone: freshPhone(),
        email: `reader-${site}-${engine.name}@example.com`,
        password: "password-1",
      };
      expect((await api(base, "POST", "/api/user/register", { body: shopper })).status).toBe(201);
      const verifyMail = (
        await log.waitFor((l) => l.kind === "verify-email" && l.msg.startsWith("mail not sent"))
      )[0]!;
      const verifyRow = await db
        .selectFrom("outbox")
        .selectAll()
        .where("id", "=", verifyMail.mailId!)
        .executeTakeFirstOrThrow();
      const verifyCode = /^(\d{6}) is your/.exec(verifyRow.subject)![1]!;
      const verified = await api(base, "POST", "/api/user/verify-email-otp", {
        body: { email: shopper.email, otp: verifyCode },
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      const login = await api(base, "POST", "/api/user/login", {
        body: { identifier: shopper.email, password: shopper.password },
      });
      const token = login.body.token as string;
      expect(token).toBeTruthy();
      expect(
        (await api(base, "POST", "/api/user/forgot-password", { body: { email: shopper.email } })).status,
      ).toBe(200);

      // A message and a stitching request (each: the shop's mail and the shopper's acknowledgement).
      const secretWords = `Sleeves three fingers longer, please (${site})`;
      const contact = await api(base, "POST", "/api/contact/send", {
        body: { name: "Mariam", email: shopper.email, subject: "Sleeve length", message: secretWords },
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);
      const stitching = await api(base, "POST", "/api/stitching/request", {
        token,
        body: {
          name: "Huda Rahman",
          phoneNumber: "050 765 4321",
          addressType: "Office",
          fullAddress: "Office 1402, Bay Square 5, Business Bay",
          city: "Dubai",
          pinCode: "123456",
          serviceType: "Graceful Abayas",
          itemCount: "2",
        },
      });
      expect(stitching.status, JSON.stringify(stitching.body)).toBe(201);

      // A cash-on-delivery order: the confirmation and the new order to the shop.
      const placed = await api(base, "POST", "/api/order/place", {
        token,
        body: orderPayload([{ product, quantity: 1 }], { price: { payment_mode: "cod" } }),
      });
      expect([200, 201], JSON.stringify(placed.body)).toContain(placed.status);
      const orderId = (placed.body.order as { _id: string })._id;

      // The back office: a status change (the shopper's mail), a staff invitation, a reply.
      const admin = await adminOverHttp(base, owner.email);
      const moved = await admin("POST", `/orders/${orderId}/status`, { status: "Packing" });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.mail).toBe("waiting");
      const invited = await admin("POST", "/staff", {
        email: `new-staff-${site}@example.com`,
        role: "staff",
        name: "New Staff",
        phone: freshPhone(),
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      expect(invited.body.mail).toBe("waiting");
      const inbox = await admin("GET", "/inbox?kind=contact");
      const messageId = (inbox.body.items as { id: string }[])[0]!.id;
      const replied = await admin("POST", `/inbox/contact/${messageId}/reply`, {
        message: "Yes, we can make them longer.",
      });
      expect(replied.status, JSON.stringify(replied.body)).toBe(200);
      expect(replied.body.mail).toBe("waiting");

      // Every mail of the outbox is printed, and past the jobs worker's first two retry rounds none is
      // printed twice.
      const rows = await db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
      expect([...new Set(rows.map((r) => r.kind))].sort()).toEqual(EVERY_KIND);
      expect(rows.every((r) => r.status === "stored")).toBe(true);
      const printed = (l: LogLine) => l.msg.startsWith("mail not sent (SMTP_URL is not set)");
      await log.waitFor(printed, rows.length);
      await sleep(Math.max(0, jobsStartedAt + 2 * RETRY_MS + 1000 - Date.now()));
      const lines = log.lines.filter(printed);
      expect(lines.map((l) => l.mailId).sort()).toEqual(rows.map((r) => r.id).sort());

      for (const row of rows) {
        const line = lines.find((l) => l.mailId === row.id)!;
        expect(line).toMatchObject({ level: 40, kind: row.kind, to: row.to_address });
        if (site === "local") {
          // Whole: recipient, subject and text, codes included.
          expect(line.subject).toBe(row.subject);
          expect(line.text).toBe(row.text_body);
        } else {
          expect(line.text).toBeUndefined();
          if (row.kind === "verify-email" || row.kind === "reset-password")
            expect(line.subject).toMatch(/^•+ is your/);
          else expect(line.subject).toBe(row.subject);
        }
      }
      const all = log.text();
      const codes = rows
        .filter((r) => r.kind === "verify-email" || r.kind === "reset-password")
        .map((r) => /^(\d{6})/.exec(r.subject)![1]!);
      expect(codes).toHaveLength(2);
      for (const code of codes) expect(new RegExp(`(?<!\\d)${code}(?!\\d)`).test(all)).toBe(site === "local");
      expect(all.includes(secretWords)).toBe(site === "local");

      const exited = new Promise<number | null>((resolve) => child?.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    });
  }
});
