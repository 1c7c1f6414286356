import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, codeFromOutbox, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

async function register(store: TestStore, email: string) {
  const res = await call(store.app, "POST", "/api/user/register", {
    body: { name: "Mail Test", phone: freshPhone(), email, password: "password-1" },
    ip: freshIp(),
  });
  expect(res.status).toBe(201);
  await store.services.accounts.idle();
}

describe.each(TEST_ENGINES)("mail outbox on $name", (engine) => {
  describe("without SMTP_URL", () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await createTestStore(engine, { env: { SEED_DEMO: "false", SHOP_NAME: "Noor & <Co>" } });
    });
    afterAll(async () => {
      await store?.close();
    });

    it("stores every mail (status stored) so the code can be read on a fresh machine", async () => {
      await register(store, "first@example.com");
      await register(store, "second@example.com");
      const rows = await store.database.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
      expect(rows.map((r) => [r.to_address, r.status, r.kind])).toEqual([
        ["first@example.com", "stored", "verify-email"],
        ["second@example.com", "stored", "verify-email"],
      ]);
      const code = await codeFromOutbox(store.database.db, "first@example.com", "verify-email");
      expect(rows[0]!.text_body).toContain(code);
      expect(rows[0]!.html_body).toContain(code);
      expect(rows[0]!.html_body).toContain("Noor &amp; &lt;Co&gt;");
      expect(rows[0]!.html_body).not.toContain("<Co>");
      expect(rows[0]!.subject).toBe(`${code} is your Noor & <Co> verification code`);
    });

    it("shows the outbox, newest first, at /dev/outbox and /dev/outbox.json outside production", async () => {
      const json = await store.app.inject({ method: "GET", url: "/dev/outbox.json" });
      expect(json.statusCode).toBe(200);
      const mails = json.json().mails as { to: string; status: string; text: string }[];
      expect(mails.map((m) => m.to)).toEqual(["second@example.com", "first@example.com"]);
      const html = await store.app.inject({ method: "GET", url: "/dev/outbox" });
      expect(html.statusCode).toBe(200);
      expect(html.headers["content-type"]).toMatch(/text\/html/);
      expect(html.headers["cache-control"]).toBe("no-store");
      expect(html.body.indexOf("second@example.com")).toBeLessThan(html.body.indexOf("first@example.com"));
      expect(html.body).toContain("Noor &amp; &lt;Co&gt;");
      expect(html.body).not.toContain("<Co>");
    });
  });

  describe("with an SMTP server that refuses or is gone", () => {
    let smtp: TestSmtpServer;
    let store: TestStore;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      store = await createTestStore(engine, { env: { SEED_DEMO: "false", SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await store?.close();
      await smtp?.close();
    });

    it("keeps a refused mail in the outbox as failed, with the error", async () => {
      smtp.refuse(true);
      await register(store, "refused@example.com");
      smtp.refuse(false);
      const row = await store.database.db
        .selectFrom("outbox")
        .selectAll()
        .where("to_address", "=", "refused@example.com")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("failed");
      expect(row.error).toMatch(/550|Mailbox unavailable/);
      expect(row.text_body).toMatch(/\d{6}/);
    });

    it("sends the next mail once the server accepts again", async () => {
      await register(store, "accepted@example.com");
      const row = await store.database.db
        .selectFrom("outbox")
        .selectAll()
        .where("to_address", "=", "accepted@example.com")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
      expect(smtp.received.some((m) => m.to.includes("accepted@example.com"))).toBe(true);
    });
  });

  describe("in production", () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await createTestStore(engine, { env: { SEED_DEMO: "false", NODE_ENV: "production" } });
    });
    afterAll(async () => {
      await store?.close();
    });

    it("never serves the outbox", async () => {
      await register(store, "prod@example.com");
      for (const url of ["/dev/outbox", "/dev/outbox.json"]) {
        const res = await store.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("prod@example.com");
      }
    });
  });
});
