import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * A shopper cancels her own order from My Account (issue 24; decision 0031), through HTTP on a listening
 * store: the real Paymennt client refunds through the store's own sandbox, mails go through a real SMTP
 * server, and what the shopper and the data show afterwards is read back.
 */

const SHOP_EMAIL = "shop-desk@example.com";

interface Dto {
  _id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  cancel: { allowed: boolean; until: string | null; windowHours: number; reason: string | null };
}

describe.each(TEST_ENGINES)("a shopper's own cancellation on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let abaya: TestProduct;
  let refusedOne: TestProduct;
  let lostOne: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SHOP_TRN: "100123456700003",
      SHOP_EMAIL,
      SMTP_URL: smtp.url,
      CURRENCY_LABEL_AR: "درهم",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    abaya = await addTestProduct(db, {
      name: "Sand Crepe Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 100 }],
    });
    // The sandbox refuses a refund of AED 13.13 and loses the answer of one of AED 6.66 (decision 0023).
    refusedOne = await addTestProduct(db, {
      name: "Cotton Scarf",
      variants: [{ size: "One size", retailFils: 1_313, stock: 100 }],
    });
    lostOne = await addTestProduct(db, {
      name: "Hair Pin",
      variants: [{ size: "One size", retailFils: 666, stock: 100 }],
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  async function paidCardOrder(product: TestProduct, quantity = 1, language: "en" | "ar" = "en") {
    const buyer = await newShopper(store.base, store.database.db);
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: { ...orderPayload([{ product, quantity }]), language },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await submitCard(started.body.checkoutUrl as string);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body.status).toBe("paid");
    const order = verified.body.order as Dto;
    return { id: order._id, number: order.orderNumber, buyer };
  }

  async function codOrder(quantity = 1) {
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product: abaya, quantity }], { price: { payment_mode: "cod" } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order as Dto;
    return { id: order._id, number: order.orderNumber, buyer };
  }

  const cancel = (id: string, token: string) =>
    api(store.base, "POST", `/api/order/${id}/cancel`, { token, body: {} });
  const myOrder = async (id: string, token: string) => {
    const res = await api(store.base, "POST", "/api/order/userorders", { token, body: {} });
    return (res.body.orders as Dto[]).find((o) => o._id === id)!;
  };
  const orderRow = (id: string) =>
    store.database.db
      .selectFrom("orders")
      .select(["status", "payment_status", "needs_attention", "attention_reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const refundRows = (id: string) =>
    store.database.db
      .selectFrom("refunds")
      .select(["status", "amount_fils", "actor_name"])
      .where("order_id", "=", id)
      .execute();
  const creditNotes = (id: string) =>
    store.database.db
      .selectFrom("documents")
      .select("number")
      .where("order_id", "=", id)
      .where("kind", "=", "credit_note")
      .execute();
  const sandboxRefunded = async (orderId: string) => {
    const rows = await store.database.db
      .selectFrom("sandbox_refunds as s")
      .innerJoin("payments as p", "p.provider_checkout_id", "s.checkout_id")
      .select("s.amount")
      .where("p.order_id", "=", orderId)
      .execute();
    return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
  };
  const variant = (p: TestProduct) => p.variants[0]!.variantId;

  it("cancels a paid card order inside the window: stock back, refunded in full once, a credit note, her mail and the shop's", async () => {
    const order = await paidCardOrder(abaya, 2);
    const before = await myOrder(order.id, order.buyer.token);
    expect(before.cancel).toMatchObject({ allowed: true, windowHours: 24, reason: null });
    expect(Date.parse(before.cancel.until ?? "")).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const stock = (await stockOf(store.database.db, variant(abaya))).stock!;
    const since = smtp.received.length;

    const res = await cancel(order.id, order.buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, refund: "confirmed" });
    expect(res.body.order).toMatchObject({ status: "Cancelled", paymentStatus: "refunded" });
    expect((res.body.order as Dto).cancel).toMatchObject({ allowed: false, reason: "cancelled" });

    expect((await stockOf(store.database.db, variant(abaya))).stock).toBe(stock + 2);
    expect(await sandboxRefunded(order.id)).toBe(90_000);
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ status: "confirmed", amount_fils: 90_000 }),
    ]);
    expect(await creditNotes(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "Cancelled", payment_status: "refunded" });
    expect((await myOrder(order.id, order.buyer.token)).paymentStatus).toBe("refunded");

    const hers = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Cancelled/ }));
    expect(hers.text).toContain(`Your order ${order.number} has been cancelled.`);
    const refundMail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Refund/ }));
    expect(refundMail.subject).toContain(order.number);
    const shop = readMail(await smtp.waitFor(SHOP_EMAIL, { since, subject: /cancelled by the customer/ }));
    expect(shop.subject).toContain(order.number);
    expect(shop.text).toContain("Its items are back in stock; do not pack it.");
    expect(shop.text).toContain("2 × Sand Crepe Abaya (M/54");
  });

  it("mails an Arabic order's shopper in Arabic", async () => {
    const order = await paidCardOrder(abaya, 1, "ar");
    const since = smtp.received.length;
    const res = await cancel(order.id, order.buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hers = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /ملغي/ }));
    expect(hers.text).toContain("تم إلغاء طلبك");
    const refundMail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /استرداد/ }));
    expect(refundMail.text).toContain("أعدنا");
  });

  it("never refunds twice: a double click and a later repeat answer the same cancelled order", async () => {
    const order = await paidCardOrder(abaya, 1);
    const stock = (await stockOf(store.database.db, variant(abaya))).stock!;
    const [a, b] = await Promise.all([
      cancel(order.id, order.buyer.token),
      cancel(order.id, order.buyer.token),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await cancel(order.id, order.buyer.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ refund: "confirmed", order: { status: "Cancelled" } });
    expect(await sandboxRefunded(order.id)).toBe(45_000);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await creditNotes(order.id)).toHaveLength(1);
    expect((await stockOf(store.database.db, variant(abaya))).stock).toBe(stock + 1);
  });

  it("answers another shopper's order as unknown (404) and changes nothing", async () => {
    const order = await paidCardOrder(abaya, 1);
    const stranger = await newShopper(store.base, store.database.db);
    const res = await cancel(order.id, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "not_found" });
    expect((await cancel("no-such-order", order.buyer.token)).status).toBe(404);
    expect((await api(store.base, "POST", `/api/order/${order.id}/cancel`, { body: {} })).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: "Order Placed", payment_status: "paid" });
    expect(await refundRows(order.id)).toEqual([]);
  });

  it("refuses at another status (409) and outside the window (409), and says why on the order", async () => {
    const packed = await codOrder();
    const moved = await owner.call("POST", `/api/admin/orders/${packed.id}/status`, { status: "Packing" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const atPacking = await cancel(packed.id, packed.buyer.token);
    expect(atPacking.status).toBe(409);
    expect(atPacking.body).toMatchObject({ code: "cancel_not_allowed" });
    expect((await myOrder(packed.id, packed.buyer.token)).cancel).toMatchObject({
      allowed: false,
      reason: "status",
    });

    const late = await codOrder(3);
    const stock = (await stockOf(store.database.db, variant(abaya))).stock!;
    await store.database.db
      .updateTable("orders")
      .set({ placed_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where("id", "=", late.id)
      .execute();
    const tooLate = await cancel(late.id, late.buyer.token);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body).toMatchObject({
      code: "cancel_window_passed",
      message: "The time to cancel this order has passed. Contact us if you need to change it.",
    });
    expect((await myOrder(late.id, late.buyer.token)).cancel).toMatchObject({
      allowed: false,
      reason: "window",
      windowHours: 24,
    });
    expect(await orderRow(late.id)).toMatchObject({ status: "Order Placed" });
    expect((await stockOf(store.database.db, variant(abaya))).stock).toBe(stock);

    // The window is the owner's setting: at 48 hours the same order may be cancelled.
    expect((await owner.call("PUT", "/api/admin/settings", { cancelWindowHours: 48 })).status).toBe(200);
    try {
      expect((await myOrder(late.id, late.buyer.token)).cancel).toMatchObject({
        allowed: true,
        windowHours: 48,
      });
      const inTime = await cancel(late.id, late.buyer.token);
      expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
      expect(inTime.body).toMatchObject({
        refund: "none",
        order: { status: "Cancelled", paymentStatus: "unpaid" },
      });
      expect((await stockOf(store.database.db, variant(abaya))).stock).toBe(stock + 3);
      // A cash-on-delivery order's invoiced supply is credited too.
      expect(await creditNotes(late.id)).toHaveLength(1);
    } finally {
      await owner.call("PUT", "/api/admin/settings", { cancelWindowHours: 24 });
    }
  });

  it("cancels the order even when Paymennt refuses the refund: needs attention, the shop is mailed, the refund stays refused", async () => {
    const order = await paidCardOrder(refusedOne, 1);
    const stock = (await stockOf(store.database.db, variant(refusedOne))).stock!;
    const since = smtp.received.length;
    const res = await cancel(order.id, order.buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      refund: "refused",
      order: { status: "Cancelled", paymentStatus: "paid" },
    });
    expect((await stockOf(store.database.db, variant(refusedOne))).stock).toBe(stock + 1);
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ status: "refused", amount_fils: 1_313 }),
    ]);
    const row = await orderRow(order.id);
    expect(Boolean(row.needs_attention)).toBe(true);
    expect(row.attention_reason).toContain("Automatic refund of AED 13.13 refused by Paymennt");
    const shop = readMail(await smtp.waitFor(SHOP_EMAIL, { since, subject: /Needs attention/ }));
    expect(shop.subject).toContain(order.number);
    expect(shop.text).toContain("refused by Paymennt");
    // The back office shows the flag.
    const detail = await owner.call("GET", `/api/admin/orders/${order.id}`);
    expect(detail.body.attention).toContain("refused by Paymennt");
    // A repeat does not try again behind the owner's back.
    const again = await cancel(order.id, order.buyer.token);
    expect(again.body).toMatchObject({ refund: "refused" });
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it("flags a refund whose answer was lost: pending for the reconciliation job, the shop told", async () => {
    const order = await paidCardOrder(lostOne, 1);
    const since = smtp.received.length;
    const res = await cancel(order.id, order.buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refund: "pending", order: { status: "Cancelled" } });
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ status: "pending", amount_fils: 666 }),
    ]);
    const row = await orderRow(order.id);
    expect(Boolean(row.needs_attention)).toBe(true);
    expect(row.attention_reason).toContain("no answer from Paymennt");
    await smtp.waitFor(SHOP_EMAIL, { since, subject: /Needs attention/ });
  });

  it("shows 'partly refunded' to the shopper and in the back office's list", async () => {
    const order = await paidCardOrder(abaya, 2);
    const res = await owner.call("POST", `/api/admin/orders/${order.id}/refunds`, {
      amountFils: 10_000,
      reason: "Goodwill",
      method: "paymennt",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await myOrder(order.id, order.buyer.token)).paymentStatus).toBe("partly_refunded");
    const list = await owner.call("GET", `/api/admin/orders?search=${encodeURIComponent(order.number)}`);
    const rows = list.body.orders as { id: string; paymentStatus: string }[];
    expect(rows.find((r) => r.id === order.id)?.paymentStatus).toBe("partly_refunded");
    // Cancelling it refunds what is left, not the whole.
    const cancelled = await cancel(order.id, order.buyer.token);
    expect(cancelled.body).toMatchObject({ refund: "confirmed", order: { paymentStatus: "refunded" } });
    expect(await sandboxRefunded(order.id)).toBe(90_000);
  });

  it("counts a refund on the day it is made, and a cancelled order not at all: today's orders less today's refunds", async () => {
    type Figures = { orders: number; revenueFils: number; refundedFils: number };
    const today = async () =>
      ((await owner.call("GET", "/api/admin/dashboard")).body.dashboard as { today: Figures }).today;
    const real = (id: string, at?: string) =>
      store.database.db
        .updateTable("orders")
        .set(at ? { is_test: false, placed_at: at, created_at: at } : { is_test: false })
        .where("id", "=", id)
        .execute();
    // An order placed yesterday (Asia/Dubai), partly refunded today: the refund is today's.
    const dubaiMidnight = new Date(Date.now() + 4 * 3600_000);
    dubaiMidnight.setUTCHours(0, 0, 0, 0);
    const yesterday = new Date(dubaiMidnight.getTime() - 4 * 3600_000 - 3600_000).toISOString();
    const old = await paidCardOrder(abaya, 1);
    await real(old.id, yesterday);
    const before = await today();
    const refunded = await owner.call("POST", `/api/admin/orders/${old.id}/refunds`, {
      amountFils: 10_000,
      reason: "Late delivery",
      method: "paymennt",
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // Placed and paid today.
    const placedToday = await codOrder(2);
    expect((await owner.call("POST", `/api/admin/orders/${placedToday.id}/mark-paid`)).status).toBe(200);
    // Placed today and cancelled by its shopper: neither its total nor its refund counts.
    const cancelled = await paidCardOrder(abaya, 1);
    await real(cancelled.id);
    expect((await cancel(cancelled.id, cancelled.buyer.token)).body).toMatchObject({ refund: "confirmed" });
    const after = await today();
    expect(after.orders - before.orders).toBe(1);
    expect(after.refundedFils - before.refundedFils).toBe(10_000);
    expect(after.revenueFils - before.revenueFils).toBe(90_000 - 10_000);
  });
});
