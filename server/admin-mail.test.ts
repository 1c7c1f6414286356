import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAIL_WAITING_TEXT,
  replyText,
  resentText,
  staffAddedText,
  statusMovedText,
} from "#core/admin-mail-text.ts";
import { openDatabase } from "./db/connection.ts";
import { migrateTo, migrateToLatest } from "./db/migrate.ts";
import { listUndeliveredOutboxMails, listUnloggedOutboxMails } from "./db/repositories/outbox.ts";
import { subjectForLog } from "./integrations/mail.ts";
import { codeMail } from "./services/account-mail.ts";
import { freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Issue 21, finding 5: the owner's mail screen's API (undelivered mail, Resend; staff get 403), and what
 * the back office's changes say about the mail they queued: "waiting" without SMTP_URL, "sent" with a
 * real SMTP server, and the screens' sentences (core/admin-mail-text.ts) built from those answers.
 */

interface Listed {
  configured: boolean;
  total: number;
  mails: {
    id: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    error: string | null;
  }[];
}

async function setUp(env: Record<string, string>, engine: (typeof TEST_ENGINES)[number]) {
  const store = await createListeningStore(engine, {
    COD_ENABLED: "true",
    REQUEST_RATE_LIMIT_PER_IP: "1000",
    OTP_RESEND_SECONDS: "0",
    ...env,
  });
  const db = store.database.db;
  const owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
  const staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
  const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }] });
  return { store, owner, staff, product };
}

/** The three back-office changes that queue a mail, and the notices their screens draw from the answers. */
async function mailingChanges(store: ListeningStore, owner: AdminClient, product: TestProduct) {
  const buyer = await newShopper(store.base, store.database.db);
  const placed = await api(store.base, "POST", "/api/order/place", {
    token: buyer.token,
    body: orderPayload([{ product, quantity: 1 }], { price: { payment_mode: "cod" } }),
  });
  expect([200, 201]).toContain(placed.status);
  const orderId = (placed.body.order as { _id: string })._id;
  const moved = await owner.call("POST", `/api/admin/orders/${orderId}/status`, { status: "Packing" });
  expect(moved.status).toBe(200);

  await api(store.base, "POST", "/api/contact/send", {
    body: { name: "Mariam", email: buyer.email, subject: "Sizes", message: "Do you have XL?" },
  });
  const list = await owner.call("GET", "/api/admin/inbox?kind=contact");
  const id = (list.body.items as { id: string }[])[0]!.id;
  const replied = await owner.call("POST", `/api/admin/inbox/contact/${id}/reply`, {
    message: "Yes, we do.",
  });
  expect(replied.status).toBe(200);

  const invited = await owner.call("POST", "/api/admin/staff", {
    email: `invited-${Date.now()}@example.com`,
    role: "staff",
    name: "Invited Person",
    phone: freshPhone(),
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const existing = await owner.call("POST", "/api/admin/staff", { email: buyer.email, role: "staff" });
  expect(existing.status).toBe(200);

  type Mail = "sent" | "waiting" | "none";
  const item = replied.body.item as { replies: { mailStatus: string | null }[] };
  return {
    buyer,
    answers: [moved.body.mail, replied.body.mail, invited.body.mail, existing.body.mail],
    notices: {
      moved: statusMovedText("Packing", moved.body.mail as Mail),
      replied: replyText(replied.body.mail as Mail),
      invited: staffAddedText(invited.body.mail as Mail),
      existing: staffAddedText(existing.body.mail as Mail),
    },
    replyMailStatus: item.replies[0]?.mailStatus,
  };
}

describe.each(TEST_ENGINES)("undelivered mail without SMTP on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let product: TestProduct;
  beforeAll(async () => {
    ({ store, owner, staff, product } = await setUp({}, engine));
  });
  afterAll(async () => {
    await store?.close();
  });

  it("the screens say each mail is saved and waiting, never that it was sent", async () => {
    const result = await mailingChanges(store, owner, product);
    expect(result.answers).toEqual(["waiting", "waiting", "waiting", "none"]);
    expect(result.notices).toEqual({
      moved: `Moved to Packing. ${MAIL_WAITING_TEXT}`,
      replied: "Reply saved; the e-mail will be sent once mail is configured (SMTP_URL).",
      invited: `Added to the staff. ${MAIL_WAITING_TEXT}`,
      existing: "Added to the staff.",
    });
    for (const notice of Object.values(result.notices)) expect(notice).not.toMatch(/e-mailed|sent by e-mail/);
    expect(result.replyMailStatus).toBe("stored");
  });

  it("the owner lists the stored mails and resends one, which is printed again and audited; staff get 403", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    await api(store.base, "POST", "/api/contact/send", {
      body: { name: "Noura", email: buyer.email, subject: "Hello", message: "A question about delivery." },
    });
    await store.services.mail.idle();
    const listed = await owner.call("GET", "/api/admin/mail");
    expect(listed.status).toBe(200);
    const body = listed.body as unknown as Listed;
    expect(body.configured).toBe(false);
    const ack = body.mails.find((m) => m.to === buyer.email && m.kind === "contact-ack");
    expect(ack).toMatchObject({ status: "stored", attempts: 0, error: null });
    expect(body.mails.some((m) => m.kind === "contact-message")).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(body.mails.length);

    const db = store.database.db;
    const before = await db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", ack!.id)
      .executeTakeFirstOrThrow();
    expect(before.logged_at).not.toBeNull();

    expect((await staff.call("GET", "/api/admin/mail")).status).toBe(403);
    const refused = await staff.call("POST", `/api/admin/mail/${ack!.id}/resend`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
    // Without the CSRF token nothing happens either.
    expect(
      (await owner.call("POST", `/api/admin/mail/${ack!.id}/resend`, undefined, { "x-csrf-token": "" }))
        .status,
    ).toBe(403);

    const resent = await owner.call("POST", `/api/admin/mail/${ack!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, mail: "waiting", message: resentText("waiting") });
    await store.services.mail.idle();
    const after = await db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", ack!.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("stored");
    // Printed again by the pass the resend started (the log's mark is set anew).
    expect(after.logged_at).not.toBeNull();
    expect(after.logged_at! > before.logged_at!).toBe(true);

    const audit = await owner.call("GET", `/api/admin/audit?entity=mail&entityId=${ack!.id}`);
    expect((audit.body.entries as { action: string; label: string }[]).map((e) => e.action)).toEqual([
      "mail.resend",
    ]);

    const missing = await owner.call("POST", "/api/admin/mail/no-such-mail/resend");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });
});

describe.each(TEST_ENGINES)("undelivered mail with an SMTP server on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let product: TestProduct;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ({ store, owner, staff, product } = await setUp({ SMTP_URL: smtp.url }, engine));
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  it("the screens say the mail was sent, and it arrives", async () => {
    const result = await mailingChanges(store, owner, product);
    expect(result.answers).toEqual(["sent", "sent", "sent", "none"]);
    expect(result.notices).toEqual({
      moved: "Moved to Packing. The shopper has been e-mailed.",
      replied: "Reply sent by e-mail.",
      invited: "Added to the staff. The new account has been e-mailed a link to choose its password.",
      existing: "Added to the staff.",
    });
    await smtp.waitFor(result.buyer.email, { subject: /Packing/ });
    await smtp.waitFor(result.buyer.email, { subject: /^Re: Sizes/ });
  });

  it("a refused mail is listed as failed with its error; Resend delivers it once the server accepts", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    smtp.refuse(true);
    try {
      const sent = await api(store.base, "POST", "/api/contact/send", {
        body: { name: "Noura", email: buyer.email, subject: "Hello", message: "A question about delivery." },
      });
      expect(sent.status).toBe(201);
      await store.services.mail.idle();
    } finally {
      smtp.refuse(false);
    }
    const body = (await owner.call("GET", "/api/admin/mail")).body as unknown as Listed;
    expect(body.configured).toBe(true);
    const ack = body.mails.find((m) => m.to === buyer.email && m.kind === "contact-ack");
    expect(ack).toMatchObject({ status: "failed", attempts: 1 });
    expect(ack!.error).toBeTruthy();
    expect((await staff.call("POST", `/api/admin/mail/${ack!.id}/resend`)).status).toBe(403);

    const since = smtp.received.length;
    const resent = await owner.call("POST", `/api/admin/mail/${ack!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ mail: "sent", message: "Queued again: it is being sent." });
    const arrived = await smtp.waitFor(buyer.email, { since });
    expect(arrived.subject).toBe(ack!.subject);
    await store.services.mail.idle();

    const row = await store.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", ack!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    const after = (await owner.call("GET", "/api/admin/mail")).body as unknown as Listed;
    expect(after.mails.some((m) => m.id === ack!.id)).toBe(false);
    // A sent mail is not sent again.
    const again = await owner.call("POST", `/api/admin/mail/${ack!.id}/resend`);
    expect(again.status).toBe(409);
    expect(smtp.received.slice(since).filter((m) => m.to.includes(buyer.email))).toHaveLength(1);
  });
});

describe.each(TEST_ENGINES)("the mail migration on $name", (engine) => {
  it("counts the mails stored before it as printed, so an upgrade does not print old mail again", async () => {
    const fresh = await engine.create();
    const database = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const db = database.db;
      await migrateTo(db, "2026-11-24-0009-admin");
      const at = "2026-11-20T10:00:00.000Z";
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("outbox")
        .values({
          id: "old-mail",
          kind: "order-confirmation",
          to_address: "old@example.com",
          subject: "Your order",
          text_body: "text",
          html_body: "<p>text</p>",
          status: "stored",
          error: null,
          created_at: at,
          sent_at: null,
          next_attempt_at: at,
          claimed_until: null,
        })
        .execute();
      await migrateToLatest(db);
      const row = await db
        .selectFrom("outbox")
        .selectAll()
        .where("id", "=", "old-mail")
        .executeTakeFirstOrThrow();
      expect(row.logged_at).toBe(at);
      // Still listed for the owner, and a Resend prints it once more.
      expect((await listUndeliveredOutboxMails(db, 10)).rows.map((r) => r.id)).toEqual(["old-mail"]);
      expect(await listUnloggedOutboxMails(db, 10)).toEqual([]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe("a code mail's subject in a public log", () => {
  it("leaves the code out, in English and Arabic, and other subjects whole", () => {
    for (const locale of ["en", "ar"] as const) {
      for (const kind of ["verify-email", "reset-password"] as const) {
        const mail = codeMail({
          kind,
          to: "a@example.com",
          code: "482913",
          shopName: "Noor Atelier",
          locale,
        });
        expect(mail.subject).toContain("482913");
        const logged = subjectForLog(mail.kind, mail.subject);
        expect(logged).not.toMatch(/\d/);
        expect(logged).toContain("Noor Atelier");
      }
    }
    expect(subjectForLog("order-confirmation", "Order NA-100234 confirmed")).toBe(
      "Order NA-100234 confirmed",
    );
  });
});
