import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLowStockDigest } from "./services/low-stock-digest.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  createListeningStore,
  type ListeningStore,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * The low-stock digest (issue 26; decision 0026): one mail a day at the time set in settings (Asia/Dubai),
 * to the shop's address, through the outbox, delivered to a real SMTP server; exactly once a day however
 * many workers run the pass at once. Days far from today keep the store's own timer out of the way.
 */
describe.each(TEST_ENGINES)("the low-stock digest on $name", (engine) => {
  let store: ListeningStore;
  let smtp: TestSmtpServer;
  let owner: AdminClient;
  let low: TestProduct;
  const shopEmail = `shop-${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, { SMTP_URL: smtp.url });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    low = await addTestProduct(db, {
      name: "Pearl Nida Abaya",
      variants: [
        { size: "S/52", retailFils: 30_000, stock: 2 },
        { size: "M/54", retailFils: 30_000, stock: 40 },
      ],
    });
    await db
      .updateTable("product_variants")
      .set({ held_quantity: 1 })
      .where("id", "=", low.variants[0]?.variantId ?? "")
      .execute();
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  const digests = async () =>
    (
      await store.database.db
        .selectFrom("outbox")
        .select(["to_address", "subject"])
        .where("kind", "=", "low-stock-digest")
        .orderBy("created_at")
        .execute()
    ).map((r) => `${r.to_address} ${r.subject}`);

  it("is off until the owner sets a time, and a time must be one", async () => {
    expect(await store.services.lowStockDigest.run(new Date("2030-01-14T10:00:00.000Z"))).toBe("off");
    const bad = await owner.call("PUT", "/api/admin/settings", { lowStockDigestTime: "25:00" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation", message: "Enter a time as HH:MM (24 hours)" });
    const set = await owner.call("PUT", "/api/admin/settings", {
      lowStockDigestTime: "09:00",
      email: shopEmail,
      lowStockThreshold: 5,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await digests()).toEqual([]);
  });

  it("mails the day's low sizes once at the set Dubai time, however many workers try at once", async () => {
    const digest = store.services.lowStockDigest;
    // Another worker's digest on the same database.
    const other = createLowStockDigest({
      db: store.database.db,
      mailer: store.services.mail,
      settings: store.services.settings,
      log: store.app.log,
      siteUrl: store.base,
    });
    // 08:59 in Dubai: not yet.
    expect(await digest.run(new Date("2030-01-15T04:59:59.000Z"))).toBe("not_yet");
    const nine = new Date("2030-01-15T05:00:00.000Z");
    const outcomes = await Promise.all([
      digest.run(nine),
      other.run(nine),
      digest.run(nine),
      other.run(nine),
    ]);
    expect(outcomes.filter((o) => o === "queued")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already_sent")).toHaveLength(3);
    // Later that day: nothing more.
    expect(await other.run(new Date("2030-01-15T19:59:00.000Z"))).toBe("already_sent");

    const mail = readMail(await smtp.waitFor(shopEmail, { subject: /low stock on 2030-01-15/ }));
    expect(mail.subject).toMatch(/: low stock on 2030-01-15 \(1\)$/);
    expect(mail.text).toContain("1 size is at or below the low-stock threshold (5) on 2030-01-15:");
    expect(mail.text).toContain(
      `- Pearl Nida Abaya (S/52, ${low.variants[0]?.sku}): 1 left to sell (stock 2, held 1)`,
    );
    expect(mail.text).not.toContain("M/54");
    expect(mail.text).toContain(`${store.base}/admin/products?lowStock=true`);
    expect(await digests()).toEqual([
      expect.stringMatching(new RegExp(`^${shopEmail} .*low stock on 2030-01-15 \\(1\\)$`)),
    ]);
    expect(smtp.received.filter((m) => m.to.includes(shopEmail))).toHaveLength(1);
  });

  it("runs with the reconciliation pass, the next day once more", async () => {
    // Just after midnight in Dubai on the 16th, before nine: nothing; after nine, the day's mail.
    await store.services.orders.reconcile(new Date("2030-01-15T20:30:00.000Z"));
    expect(await digests()).toHaveLength(1);
    await store.services.orders.reconcile(new Date("2030-01-16T06:00:00.000Z"));
    await store.services.orders.reconcile(new Date("2030-01-16T06:01:00.000Z"));
    await smtp.waitFor(shopEmail, { subject: /low stock on 2030-01-16/ });
    expect(await digests()).toHaveLength(2);
    expect(smtp.received.filter((m) => m.to.includes(shopEmail))).toHaveLength(2);
  });

  it("sends nothing on a day nothing is low", async () => {
    await store.database.db
      .updateTable("product_variants")
      .set({ stock: 50, held_quantity: 0 })
      .where("product_id", "=", low.productId)
      .execute();
    const others = await store.database.db
      .selectFrom("product_variants")
      .select("id")
      .where("stock", "<=", 5)
      .execute();
    // Other tests' products on this database, if any, are out of the way too.
    for (const row of others)
      await store.database.db
        .updateTable("product_variants")
        .set({ stock: 50 })
        .where("id", "=", row.id)
        .execute();
    expect(await store.services.lowStockDigest.run(new Date("2030-01-17T06:00:00.000Z"))).toBe("nothing_low");
    expect(await digests()).toHaveLength(2);
  });
});
