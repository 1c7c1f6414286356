import { DatabaseSync } from "node:sqlite";
import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, sqlitePath } from "./db/connection.ts";
import { migrateTo, migrateToLatest } from "./db/migrate.ts";
import { hasPaidPurchase } from "./db/repositories/purchases.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestSmtpServer } from "./testing/smtp.ts";

describe.each(TEST_ENGINES)("order data on $name", (engine) => {
  it("the orders migration keeps every order of the old table, with its lines, as placed orders", async () => {
    const fresh = await engine.create();
    const database = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const db = database.db;
      await migrateTo(db, "2026-11-22-0003-accounts");
      // The tables as they were before the orders migration, which the current types no longer describe.
      const legacy = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const at = "2026-11-20T10:00:00.000Z";
      await legacy
        .insertInto("users")
        .values({
          id: "u1",
          name: "Amal",
          email: "amal@example.com",
          email_verified: true,
          phone: "+971501234567",
          password_hash: null,
          google_sub: null,
          session_version: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await legacy
        .insertInto("orders")
        .values({
          id: "o1",
          user_id: "u1",
          status: "Delivered",
          date: at,
          line_items: JSON.stringify([
            {
              product_id: "p1",
              sku_id: "SKU-1",
              quantity: "2",
              price: "450",
              image: "/m.webp",
              name: "Abaya",
            },
            { product_id: "p2", sku_id: "SKU-2", quantity: 1, price: 99.5, image: "/n.webp" },
          ]),
          price: JSON.stringify({
            currency_code: "AED",
            payment_mode: "cod",
            delivery_type: "same day delivery",
          }),
          address: JSON.stringify({ first_name: "Amal", city: "Dubai", state: "Dubai" }),
          created_at: at,
        })
        .execute();
      await migrateToLatest(db);

      const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        id: "o1",
        order_number: "NA-100231",
        user_id: "u1",
        status: "Delivered",
        payment_mode: "cod",
        payment_status: "unpaid",
        delivery_type: "same day delivery",
        subtotal_fils: 99_950,
        total_fils: 99_950,
        ship_first_name: "Amal",
        ship_city: "Dubai",
        placed_at: at,
      });
      const lines = await db.selectFrom("order_lines").selectAll().orderBy("position").execute();
      expect(lines.map((l) => [l.product_id, l.sku, Number(l.quantity), Number(l.unit_price_fils)])).toEqual([
        ["p1", "SKU-1", 2, 45_000],
        ["p2", "SKU-2", 1, 9_950],
      ]);
      expect(await hasPaidPurchase(db, "u1", "p2")).toBe(true);
      // The next order continues the numbering.
      const counter = await db.selectFrom("counters").selectAll().executeTakeFirstOrThrow();
      expect(Number(counter.value)).toBe(100_231);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  describe("order mails with the SMTP server up", () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanup.reverse()) await c();
    });

    it("go out once each, right after their orders, when many orders are placed at once", async () => {
      const smtp = await startTestSmtpServer();
      cleanup.push(() => smtp.close());
      const store = await createListeningStore(engine, { SMTP_URL: smtp.url });
      cleanup.push(() => store.close());
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }] });
      const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper(store.base, db)));
      const numbers = await Promise.all(
        shoppers.map(async (shopper) => {
          const started = await api(store.base, "POST", "/api/order/paymennt", {
            token: shopper.token,
            body: orderPayload([{ product: p, quantity: 1 }]),
          });
          await submitCard(started.body.checkoutUrl as string);
          const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
            token: shopper.token,
            body: { paymentId: started.body.paymentId },
          });
          expect(verified.body).toMatchObject({ success: true, status: "paid" });
          return started.body.orderNumber as string;
        }),
      );
      // No retry timer involved: the passes the orders asked for send everything.
      await store.services.orders.idle();
      const outbox = await db
        .selectFrom("outbox")
        .select("status")
        .where("kind", "like", "order-%")
        .execute();
      expect(outbox.map((m) => m.status)).toEqual(Array(12).fill("sent"));
      for (const [i, number] of numbers.entries()) {
        const mine = smtp.received.filter((m) => m.subject.includes(number));
        expect(mine.map((m) => m.to).sort()).toEqual(
          [[shoppers[i]!.email], [store.config.SHOP_EMAIL]].sort(),
        );
      }
    });
  });

  describe("order mails when the SMTP server refuses", () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanup.reverse()) await c();
    });

    it("never fail the order, and are sent by the retry once the server accepts again", async () => {
      const smtp = await startTestSmtpServer();
      cleanup.push(() => smtp.close());
      const store = await createListeningStore(engine, { SMTP_URL: smtp.url });
      cleanup.push(() => store.close());
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const a = await newShopper(store.base, db);

      smtp.refuse(true);
      const started = await api(store.base, "POST", "/api/order/paymennt", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 1 }]),
      });
      await submitCard(started.body.checkoutUrl as string);
      const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
        token: a.token,
        body: { paymentId: started.body.paymentId },
      });
      expect(verified.body).toMatchObject({ success: true, status: "paid" });
      await store.services.orders.idle();
      const failed = await db
        .selectFrom("outbox")
        .select(["kind", "status", "attempts", "next_attempt_at"])
        .where("kind", "like", "order-%")
        .orderBy("kind")
        .execute();
      expect(failed.map((m) => [m.kind, m.status, Number(m.attempts)])).toEqual([
        ["order-confirmation", "failed", 1],
        ["order-new", "failed", 1],
      ]);
      // Backed off: not retried at once.
      expect(failed.every((m) => Date.parse(m.next_attempt_at ?? "") > Date.now() + 20_000)).toBe(true);
      await store.services.mail.flush();
      expect(smtp.received.filter((m) => /Your order NA-/.test(m.subject))).toHaveLength(0);

      // Later, the server accepts again and the backoff has passed.
      smtp.refuse(false);
      await db
        .updateTable("outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      await store.services.mail.flush();
      const sent = await db
        .selectFrom("outbox")
        .select(["status"])
        .where("kind", "like", "order-%")
        .execute();
      expect(sent.map((m) => m.status)).toEqual(["sent", "sent"]);
      const confirmation = await smtp.waitFor(a.email, { subject: /Your order NA-\d+/ });
      expect(confirmation.raw).toContain(started.body.orderNumber as string);
      await smtp.waitFor(store.config.SHOP_EMAIL, { subject: /New order NA-\d+/ });
    });
  });
});

describe("when SQLite stays locked past its busy timeout", () => {
  it("answers 503 'Many shoppers are ordering right now…' and leaves nothing behind", {
    timeout: 30_000,
  }, async () => {
    const sqlite = TEST_ENGINES.find((e) => e.name === "sqlite")!;
    const store = await createListeningStore(sqlite);
    const locker = new DatabaseSync(sqlitePath(store.config.DATABASE_URL));
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const a = await newShopper(store.base, db);
      // Another process holds the write lock for longer than the store waits (5 s).
      locker.exec("BEGIN EXCLUSIVE");
      const res = await api(store.base, "POST", "/api/order/paymennt", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 1 }]),
      });
      locker.exec("ROLLBACK");
      expect(res).toEqual({
        status: 503,
        body: {
          success: false,
          code: "busy",
          message: "Many shoppers are ordering right now. Please try again.",
        },
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);
      // Once the lock is gone, the same call goes through.
      const again = await api(store.base, "POST", "/api/order/paymennt", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 1 }]),
      });
      expect(again.status).toBe(200);
    } finally {
      locker.close();
      await store.close();
    }
  });

  it("answers any other write it meets with 503 'The store is busy…', never a 500, and stores nothing", {
    timeout: 30_000,
  }, async () => {
    const sqlite = TEST_ENGINES.find((e) => e.name === "sqlite")!;
    const store = await createListeningStore(sqlite);
    const locker = new DatabaseSync(sqlitePath(store.config.DATABASE_URL));
    const message = {
      name: "Maryam",
      email: "maryam@example.com",
      subject: "Sizes",
      message: "Do you have the Noor abaya in XL?",
    };
    try {
      locker.exec("BEGIN EXCLUSIVE");
      const res = await api(store.base, "POST", "/api/contact/send", { body: message });
      locker.exec("ROLLBACK");
      expect(res).toEqual({
        status: 503,
        body: {
          success: false,
          code: "busy",
          message: "The store is busy right now. Please try again in a moment.",
        },
      });
      expect(await store.database.db.selectFrom("contact_messages").select("id").execute()).toEqual([]);
      const again = await api(store.base, "POST", "/api/contact/send", { body: message });
      expect(again.status).toBe(201);
    } finally {
      locker.close();
      await store.close();
    }
  });
});
