import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDto } from "#core/order.ts";
import type { IssuedDocument } from "#core/schemas/document.schema.ts";
import { openDatabase } from "./db/connection.ts";
import { migrateTo, migrateToLatest } from "./db/migrate.ts";
import { findOrderWithLines } from "./db/repositories/orders.ts";
import { paymentsAreTest } from "./services/documents.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { insertTestOrder } from "./testing/orders.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Issued documents and test orders (issue 21 findings 1 and 6; decision 0015), through HTTP on a listening
 * store whose card payments go to its own sandbox, with mail delivered to a real SMTP server.
 */

const TRN = "100123456700003";

describe("which payments are test payments", () => {
  it("the sandbox's and Paymennt's test mode's; only live Paymennt takes money", () => {
    const mode = (PAYMENNT_MODE: "test" | "live") =>
      ({ PAYMENNT_MODE }) as Parameters<typeof paymentsAreTest>[0];
    expect(paymentsAreTest(mode("live"), { sandbox: true })).toBe(true);
    expect(paymentsAreTest(mode("test"), { sandbox: false })).toBe(true);
    expect(paymentsAreTest(mode("live"), { sandbox: false })).toBe(false);
  });
});

describe.each(TEST_ENGINES)("the documents migration on $name", (engine) => {
  it("marks the orders already paid through the store's own sandbox as test orders, and no others", async () => {
    const fresh = await engine.create();
    const database = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const db = database.db;
      await migrateTo(db, "2026-11-24-0009-admin");
      const at = "2026-11-25T10:00:00.000Z";
      await db
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
        } as never)
        .execute();
      const sandboxPaid = await insertTestOrder(db, { userId: "u1", at, status: "Delivered" });
      const livePaid = await insertTestOrder(db, { userId: "u1", at, status: "Delivered" });
      const payment = (orderId: string, requestId: string) => ({
        id: `pay-${requestId}`,
        order_id: orderId,
        provider: "paymennt",
        provider_checkout_id: `chk-${requestId}`,
        request_id: requestId,
        amount_fils: 90_000,
        currency: "AED",
        status: "paid" as const,
        redirect_url: null,
        status_history: "[]",
        next_check_at: at,
        claimed_until: null,
        checks: 0,
        finalized_at: at,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto("payments")
        .values([payment(sandboxPaid.id, "r-sandbox"), payment(livePaid.id, "r-live")])
        .execute();
      await db
        .insertInto("sandbox_checkouts")
        .values({
          id: "chk-r-sandbox",
          request_id: "r-sandbox",
          order_id: sandboxPaid.order_number,
          currency: "AED",
          amount: "900",
          status: "PAID",
          return_url: "http://localhost/payment-redirect",
          shop_name: "Noor Atelier",
          request_body: "{}",
          created_at: at,
          updated_at: at,
        })
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom("orders").select(["id", "is_test"]).execute();
      const flag = (id: string) => Boolean(Number(rows.find((r) => r.id === id)!.is_test));
      expect(flag(sandboxPaid.id)).toBe(true);
      expect(flag(livePaid.id)).toBe(false);
      const counters = await db
        .selectFrom("counters")
        .selectAll()
        .where("name", "like", "document_%")
        .execute();
      expect(counters.map((c) => [c.name, Number(c.value)]).sort()).toEqual([
        ["document_credit_note", 0],
        ["document_receipt", 0],
        ["document_tax_invoice", 0],
        ["document_test", 0],
      ]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe.each(TEST_ENGINES)("issued documents and test orders on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let product: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, { COD_ENABLED: "true", SHOP_TRN: TRN, SMTP_URL: smtp.url });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    product = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }],
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  async function payBySandbox(language: "en" | "ar" = "en") {
    const buyer = await newShopper(store.base, store.database.db);
    const start = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: orderPayload([{ product, quantity: 1 }], { language }),
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect((await submitCard(start.body.checkoutUrl as string)).status).toBe(303);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: start.body.paymentId },
    });
    expect(verified.body).toMatchObject({ success: true, status: "paid" });
    return { buyer, order: verified.body.order as OrderDto };
  }

  async function placeCod(options: { quantity?: number; language?: "en" | "ar" } = {}) {
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product, quantity: options.quantity ?? 1 }], {
        price: { payment_mode: "cod" },
        language: options.language ?? "en",
      }),
    });
    return { buyer, res, order: res.body.order as OrderDto };
  }

  async function dashboardToday() {
    const res = await owner.call("GET", "/api/admin/dashboard");
    return (res.body.dashboard as { today: { orders: number; revenueFils: number } }).today;
  }

  async function issued(orderId: string): Promise<IssuedDocument> {
    const res = await owner.call("GET", `/api/admin/orders/${orderId}/document`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.document as IssuedDocument;
  }

  async function shopperInvoice(token: string, orderId: string) {
    const res = await api(store.base, "POST", "/api/order/userorders", { token, body: {} });
    const orders = (res.body.orders ?? res.body.data) as OrderDto[];
    return orders.find((o) => o._id === orderId)!.invoice;
  }

  it("marks a sandbox-paid order as a test order: badge data, left out of revenue, a test document, mails that say so", async () => {
    const before = await dashboardToday();
    const since = smtp.received.length;
    const { buyer, order } = await payBySandbox();
    expect(order).toMatchObject({ status: "Order Placed", paymentStatus: "paid", isTest: true });
    expect(order.invoice).toMatchObject({
      kind: "test",
      trn: null,
      title: "Test document — not a tax invoice",
    });
    expect(order.invoice.number).toMatch(/^TEST-\d{6}$/);

    // The shopper's confirmation and the shop's new-order mail say it is a test order.
    const confirmation = readMail(await smtp.waitFor(buyer.email, { since }));
    expect(confirmation.subject).toMatch(/^\[TEST ORDER, no money taken\] /);
    expect(confirmation.text).toContain(
      "This is a test order: it was paid through the test payment sandbox and no money was taken.",
    );
    const shopMail = readMail(
      await smtp.waitFor(store.config.SHOP_EMAIL, { since, subject: new RegExp(order.orderNumber) }),
    );
    expect(shopMail.subject).toMatch(/^\[TEST ORDER, no money taken\] /);
    expect(shopMail.text).toContain("no money was taken");

    // The back office: the badge's data in the list and the detail; the revenue figures leave it out.
    const list = await owner.call("GET", `/api/admin/orders?search=${order.orderNumber}`);
    expect(list.body.orders).toEqual([expect.objectContaining({ id: order._id, isTest: true })]);
    const only = await owner.call("GET", "/api/admin/orders?test=only&limit=100");
    const onlyIds = (only.body.orders as { id: string; isTest: boolean }[]).map((o) => o.id);
    expect(onlyIds).toContain(order._id);
    expect((only.body.orders as { isTest: boolean }[]).every((o) => o.isTest)).toBe(true);
    const hidden = await owner.call("GET", "/api/admin/orders?test=hide&limit=100");
    expect((hidden.body.orders as { id: string }[]).map((o) => o.id)).not.toContain(order._id);
    expect((await owner.call("GET", "/api/admin/orders?test=maybe")).body).toMatchObject({
      success: false,
      code: "validation",
    });
    const detail = await owner.call("GET", `/api/admin/orders/${order._id}`);
    expect(detail.body.order).toMatchObject({ isTest: true, invoice: { kind: "test" } });
    expect(await dashboardToday()).toEqual(before);

    // Its printed document is titled as a test, in English and Arabic, and claims no tax.
    const doc = await issued(order._id);
    expect(doc.kind).toBe("test");
    expect(doc.html.en).toContain("<h1>Test document — not a tax invoice</h1>");
    expect(doc.html.en).toContain("Test order: paid through the test payment sandbox. No money was taken.");
    expect(doc.html.en).not.toContain("TRN");
    expect(doc.html.ar).toContain("<h1>مستند تجريبي — ليس فاتورة ضريبية</h1>");

    // An Arabic shopper's mail says it in Arabic.
    const arSince = smtp.received.length;
    const arabic = await payBySandbox("ar");
    const arMail = readMail(await smtp.waitFor(arabic.buyer.email, { since: arSince }));
    expect(arMail.subject).toMatch(/^\[طلب تجريبي، لم يُؤخذ أي مبلغ\] /);
    expect(arMail.text).toContain("هذا طلب تجريبي: دُفع عبر بيئة الدفع التجريبية ولم يُؤخذ أي مبلغ.");

    // Cash on delivery is never a test order: it counts, and its mails carry no marker.
    const codSince = smtp.received.length;
    const cod = await placeCod();
    expect(cod.order).toMatchObject({
      isTest: false,
      invoice: { kind: "tax_invoice", title: "Tax Invoice" },
    });
    expect(await dashboardToday()).toMatchObject({
      orders: before.orders + 1,
      revenueFils: before.revenueFils + cod.order.totals.totalFils,
    });
    const codMail = readMail(await smtp.waitFor(cod.buyer.email, { since: codSince }));
    expect(codMail.subject).not.toContain("TEST");
    expect(codMail.text).not.toContain("test order");
    const hiddenNow = await owner.call("GET", "/api/admin/orders?test=hide&limit=100");
    expect((hiddenNow.body.orders as { id: string }[]).map((o) => o.id)).toContain(cod.order._id);
  });

  it("numbers each series without gaps; a refused or rolled-back placement takes no number", async () => {
    const db = store.database.db;
    const first = await placeCod();
    const n = Number(first.order.invoice.number.slice(4));
    expect(first.order.invoice.number).toMatch(/^INV-\d{6}$/);

    // Refused for stock: no order, no number.
    const refused = await placeCod({ quantity: 500 });
    expect(refused.res.status).toBe(409);

    // A placing transaction that issues the document and then fails gives its number back.
    const orphan = await insertTestOrder(db, {
      userId: first.buyer.id,
      at: new Date().toISOString(),
      status: "Order Placed",
    });
    const found = (await findOrderWithLines(db, orphan.id))!;
    await expect(
      db.transaction().execute(async (trx) => {
        await store.services.orders.documents.issue(trx, found.order, found.lines);
        throw new Error("the placement failed after the document was issued");
      }),
    ).rejects.toThrow("the placement failed");

    const second = await placeCod();
    expect(second.order.invoice.number).toBe(`INV-${String(n + 1).padStart(6, "0")}`);
    // An order from before documents existed is issued its own on first view, next in the series.
    const legacy = await issued(orphan.id);
    expect(legacy.number).toBe(`INV-${String(n + 2).padStart(6, "0")}`);
    const third = await placeCod();
    expect(third.order.invoice.number).toBe(`INV-${String(n + 3).padStart(6, "0")}`);

    const numbers = await db
      .selectFrom("documents")
      .select(["series_number"])
      .where("kind", "=", "tax_invoice")
      .orderBy("series_number")
      .execute();
    expect(numbers.map((r) => Number(r.series_number))).toEqual(numbers.map((_, i) => i + 1));
  });

  it("never changes an issued document: after the owner changes every setting, the documents read the same", async () => {
    // A tax invoice at 5 % with the TRN, in Arabic; then, without a TRN, a receipt.
    const invoiceOrder = await placeCod({ language: "ar" });
    expect(invoiceOrder.order.invoice).toMatchObject({ kind: "tax_invoice", trn: TRN, vatRate: 5 });
    expect((await owner.call("PUT", "/api/admin/settings", { trn: null })).status).toBe(200);
    const receiptOrder = await placeCod();
    expect(receiptOrder.order.invoice).toMatchObject({ kind: "receipt", title: "Receipt", trn: null });

    const snapshot = async () => ({
      invoiceDoc: await issued(invoiceOrder.order._id),
      receiptDoc: await issued(receiptOrder.order._id),
      invoiceDto: await shopperInvoice(invoiceOrder.buyer.token, invoiceOrder.order._id),
      receiptDto: await shopperInvoice(receiptOrder.buyer.token, receiptOrder.order._id),
      adminDto: (await owner.call("GET", `/api/admin/orders/${invoiceOrder.order._id}`)).body.order,
    });
    const before = await snapshot();
    expect(before.invoiceDoc.html.en).toContain("<h1>Tax Invoice</h1>");
    expect(before.invoiceDoc.html.en).toContain(`TRN: ${TRN}`);
    expect(before.invoiceDoc.html.en).toContain("VAT 5% included");
    expect(before.invoiceDoc.html.ar).toContain("<h1>فاتورة ضريبية</h1>");
    expect(before.invoiceDoc.html.ar).toContain("شامل ضريبة القيمة المضافة 5%");
    expect(before.receiptDoc.html.en).toContain("<h1>Receipt</h1>");

    // Every setting changes: name, contacts, addresses, a TRN again (another one), VAT 0, COD off…
    const changed = await owner.call("PUT", "/api/admin/settings", {
      shopName: "Renamed Atelier LLC",
      phone: "+971 4 555 0000",
      email: "accounts@renamed.example",
      officeAddress: "Tower 9, Downtown, Dubai",
      warehouseAddress: "Unit 4, Jebel Ali, Dubai",
      legalAddress: "Renamed Atelier LLC, PO Box 1, Dubai",
      trn: "100999999900003",
      vatRate: 0,
      codEnabled: false,
      announcement: "Everything changed",
      lowStockThreshold: 9,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The same bytes, English and Arabic, as printed; the same invoice data for the shopper and the shop.
    const after = await snapshot();
    expect(after.invoiceDoc).toEqual(before.invoiceDoc);
    expect(after.receiptDoc).toEqual(before.receiptDoc);
    expect(after.invoiceDoc.html.en).toBe(before.invoiceDoc.html.en);
    expect(after.invoiceDoc.html.ar).toBe(before.invoiceDoc.html.ar);
    expect(after.invoiceDto).toEqual(before.invoiceDto);
    expect(after.receiptDto).toEqual(before.receiptDto);
    expect(after.adminDto).toEqual(before.adminDto);
    expect(after.receiptDoc.html.en).not.toContain("Tax Invoice");
    expect(JSON.stringify(after)).not.toContain("Renamed Atelier");

    // Mailed later (a status change), the order's figures are the issued document's: VAT 5 %, old name.
    const since = smtp.received.length;
    const moved = await owner.call("POST", `/api/admin/orders/${invoiceOrder.order._id}/status`, {
      status: "Packing",
    });
    expect(moved.status).toBe(200);
    const mail = readMail(await smtp.waitFor(invoiceOrder.buyer.email, { since, subject: /قيد التجهيز/ }));
    expect(mail.text).toMatch(/ضريبة القيمة المضافة \(5%\): 21\.43/);
    expect(mail.text).not.toContain("Renamed Atelier");

    // The test can tell: a document issued now follows the new settings.
    expect((await owner.call("PUT", "/api/admin/settings", { codEnabled: true })).status).toBe(200);
    const later = await placeCod();
    expect(later.order.invoice).toMatchObject({
      kind: "tax_invoice",
      trn: "100999999900003",
      vatRate: 0,
      sellerName: "Renamed Atelier LLC",
    });
  });
});
