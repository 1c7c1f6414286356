import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Refunds (issue 24; decision 0023) through HTTP on a listening store: the real Paymennt client asks the
 * store's own sandbox to refund (`POST checkout/{id}/refund`), credit notes are issued in their series,
 * the shopper is mailed through a real SMTP server, and the dashboard's revenue is net of refunds.
 */

const TRN = "100123456700003";

interface Summary {
  paymentStatus: string;
  paidFils: number;
  refundedFils: number;
  pendingFils: number;
  refundableFils: number;
  methods: string[];
  lines: { lineId: string; quantity: number; refundableQuantity: number; unitPriceFils: number }[];
  refunds: {
    id: string;
    amountFils: number;
    status: string;
    method: string;
    failure: string | null;
    creditNote: { number: string } | null;
  }[];
  creditNotes: { number: string; totalFils: number }[];
}

describe.each(TEST_ENGINES)("refunds on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let product: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SHOP_TRN: TRN,
      SMTP_URL: smtp.url,
      CURRENCY_LABEL_AR: "درهم",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    product = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 500 }],
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  /** A card order of `quantity` abayas (AED 450 each) paid through the sandbox's card page. */
  async function paidCardOrder(quantity = 2, language: "en" | "ar" = "en") {
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
    const order = verified.body.order as { _id: string; orderNumber: string };
    return { id: order._id, number: order.orderNumber, buyer };
  }

  async function placeCod(quantity = 1) {
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product, quantity }], { price: { payment_mode: "cod" } }),
    });
    expect([200, 201]).toContain(res.status);
    const order = res.body.order as { _id: string; orderNumber: string };
    return { id: order._id, number: order.orderNumber, buyer };
  }

  const summaryOf = async (orderId: string) => {
    const res = await owner.call("GET", `/api/admin/orders/${orderId}/refunds`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Summary;
  };
  const refund = (orderId: string, body: unknown, key?: string, who: AdminClient = owner) =>
    who.call("POST", `/api/admin/orders/${orderId}/refunds`, body, key ? { "idempotency-key": key } : {});
  const sandboxRefunded = async (orderId: string) => {
    const rows = await store.database.db
      .selectFrom("sandbox_refunds as s")
      .innerJoin("payments as p", "p.provider_checkout_id", "s.checkout_id")
      .select("s.amount")
      .where("p.order_id", "=", orderId)
      .execute();
    return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
  };

  it("refunds one line of a card order through the sandbox, then the rest: partly refunded, then refunded, each with a credit note and a mail", async () => {
    const order = await paidCardOrder(2);
    const before = await summaryOf(order.id);
    expect(before).toMatchObject({ paymentStatus: "paid", paidFils: 90_000, refundableFils: 90_000 });
    expect(before.methods).toEqual(["paymennt", "paymennt_dashboard"]);
    const line = before.lines[0]!;

    const since = smtp.received.length;
    const first = await refund(order.id, {
      lines: [{ lineId: line.lineId, quantity: 1 }],
      reason: "Wrong size",
      method: "paymennt",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      outcome: "confirmed",
      refund: { amountFils: 45_000, status: "confirmed" },
    });
    const partly = await summaryOf(order.id);
    expect(partly).toMatchObject({
      paymentStatus: "partly_refunded",
      refundedFils: 45_000,
      pendingFils: 0,
      refundableFils: 45_000,
    });
    expect(partly.lines[0]!.refundableQuantity).toBe(1);
    const partlyDetail = await owner.call("GET", `/api/admin/orders/${order.id}`);
    expect((partlyDetail.body as unknown as { paymentStatus: string }).paymentStatus).toBe("partly_refunded");
    expect(await sandboxRefunded(order.id)).toBe(45_000);
    const firstNote = partly.refunds[0]!.creditNote!.number;
    expect(firstNote).toMatch(/^CN-\d{6}$/);

    // A sandbox order is a test order (decision 0015): its credit note says no money moved.
    const doc = await owner.call("GET", `/api/admin/orders/${order.id}/credit-notes/${firstNote}`);
    expect(doc.status).toBe(200);
    const html = (doc.body.document as { html: { en: string; ar: string } }).html;
    const invoice = await owner.call("GET", `/api/admin/orders/${order.id}/document`);
    const invoiceNumber = (invoice.body.document as { number: string }).number;
    expect(invoiceNumber).toMatch(/^TEST-/);
    expect(html.en).toContain("Test credit note");
    expect(html.en).toContain(invoiceNumber);
    expect(html.en).toContain("Wrong size");

    const mail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Refund of AED 450\.00/ }));
    expect(mail.text).toContain(firstNote);
    expect(mail.text).toContain("1 to 5 working days");

    // The rest, by amount: refunded in full, a second credit note numbered next.
    const second = await refund(order.id, {
      amountFils: 45_000,
      reason: "Customer cancelled",
      method: "paymennt",
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const full = await summaryOf(order.id);
    expect(full).toMatchObject({ paymentStatus: "refunded", refundedFils: 90_000, refundableFils: 0 });
    const secondNote = full.refunds[1]!.creditNote!.number;
    expect(Number(secondNote.slice(3))).toBe(Number(firstNote.slice(3)) + 1);
    expect(await sandboxRefunded(order.id)).toBe(90_000);

    // Nothing more can be refunded; the original invoice is unchanged.
    const more = await refund(order.id, { amountFils: 100, reason: "Again", method: "paymennt" });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe("nothing_to_refund");
    const invoiceAfter = await owner.call("GET", `/api/admin/orders/${order.id}/document`);
    expect(invoiceAfter.body).toEqual(invoice.body);

    // The timeline and the audit log have each step.
    const detail = await owner.call("GET", `/api/admin/orders/${order.id}`);
    const notes = (detail.body.events as { note: string | null }[]).map((e) => e.note ?? "");
    expect(notes.filter((n) => n.startsWith("Refunded AED 450.00"))).toHaveLength(2);
    expect((detail.body as unknown as { paymentStatus: string }).paymentStatus).toBe("refunded");
    const audit = await owner.call("GET", `/api/admin/audit?entity=order&entityId=${order.id}`);
    expect(
      (audit.body.entries as { action: string }[]).filter((e) => e.action === "order.refund"),
    ).toHaveLength(2);
  });

  it("mails an Arabic order's refund in Arabic", async () => {
    const order = await paidCardOrder(1, "ar");
    const since = smtp.received.length;
    const res = await refund(order.id, { amountFils: 10_000, reason: "Late delivery", method: "paymennt" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /استرداد/ }));
    expect(mail.subject).toContain("استرداد 100.00 درهم للطلب");
    expect(mail.text).toContain("أعدنا 100.00 درهم إلى البطاقة");
    expect(mail.html).toContain('dir="rtl"');
  });

  it("changes nothing when Paymennt refuses a refund, or when more than was paid is asked", async () => {
    const order = await paidCardOrder(1);
    const refused = await refund(order.id, { amountFils: 1313, reason: "Test refusal", method: "paymennt" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("refund_refused");
    expect(refused.body.message).toContain("declined by the card issuer");
    const after = await summaryOf(order.id);
    expect(after).toMatchObject({
      paymentStatus: "paid",
      refundedFils: 0,
      pendingFils: 0,
      refundableFils: 45_000,
    });
    expect(after.refunds.map((r) => r.status)).toEqual(["refused"]);
    expect(after.creditNotes).toEqual([]);
    expect(await sandboxRefunded(order.id)).toBe(0);

    const tooMuch = await refund(order.id, { amountFils: 45_001, reason: "Too much", method: "paymennt" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("refund_exceeds_paid");
    const wrongWay = await refund(order.id, { amountFils: 100, reason: "Cash?", method: "cash" });
    expect(wrongWay.status).toBe(409);
    expect(wrongWay.body.code).toBe("refund_method");
    const bad = await refund(order.id, { amountFils: 100, lines: [], reason: "", method: "paymennt" });
    expect(bad.status).toBe(400);
    expect((await summaryOf(order.id)).refunds).toHaveLength(1);
  });

  it("lets two refunds race for the last amount: one is refunded, the other refused", async () => {
    const order = await paidCardOrder(1);
    const [a, b] = await Promise.all([
      refund(order.id, { amountFils: 30_000, reason: "First click", method: "paymennt" }),
      refund(order.id, { amountFils: 30_000, reason: "Second person", method: "paymennt" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.code).toBe("refund_exceeds_paid");
    const after = await summaryOf(order.id);
    expect(after).toMatchObject({
      refundedFils: 30_000,
      refundableFils: 15_000,
      paymentStatus: "partly_refunded",
    });
    expect(await sandboxRefunded(order.id)).toBe(30_000);
  });

  it("answers a replayed refund (same Idempotency-Key) with the first one, refunding once; another body is refused", async () => {
    const order = await paidCardOrder(1);
    const body = { amountFils: 5_000, reason: "Goodwill", method: "paymennt" };
    const answers = await Promise.all([1, 2, 3].map(() => refund(order.id, body, "refund-key-0001")));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((r) => (r.body.refund as { id: string }).id));
    expect(ids.size).toBe(1);
    const after = await summaryOf(order.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedFils).toBe(5_000);
    expect(await sandboxRefunded(order.id)).toBe(5_000);
    const other = await refund(order.id, { ...body, amountFils: 6_000 }, "refund-key-0001");
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("idempotency_mismatch");
  });

  it("keeps a refund whose answer was lost pending, counted at once, until the reconciliation job confirms it", async () => {
    const order = await paidCardOrder(1);
    const lost = await refund(order.id, { amountFils: 666, reason: "Answer lost", method: "paymennt" });
    expect(lost.status, JSON.stringify(lost.body)).toBe(202);
    expect(lost.body).toMatchObject({ outcome: "pending", refund: { status: "pending" } });
    const pending = await summaryOf(order.id);
    expect(pending).toMatchObject({ pendingFils: 666, refundedFils: 0, refundableFils: 45_000 - 666 });
    expect(pending.creditNotes).toEqual([]);
    // The job's pass, a minute later: Paymennt's checkout says the refund was made.
    await store.services.orders.reconcile(new Date(Date.now() + 120_000));
    const settled = await summaryOf(order.id);
    expect(settled).toMatchObject({ pendingFils: 0, refundedFils: 666, paymentStatus: "partly_refunded" });
    expect(settled.refunds[0]!.creditNote?.number).toMatch(/^CN-/);
    expect(await sandboxRefunded(order.id)).toBe(666);
  });

  it("records a cash-on-delivery refund by hand (method, reference) once the cash was collected", async () => {
    const order = await placeCod(1);
    const early = await refund(order.id, { amountFils: 1_000, reason: "Early", method: "cash" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("nothing_to_refund");
    expect((await owner.call("POST", `/api/admin/orders/${order.id}/mark-paid`)).status).toBe(200);
    const card = await refund(order.id, { amountFils: 1_000, reason: "Card?", method: "paymennt" });
    expect(card.body.code).toBe("refund_method");
    const noRef = await refund(order.id, { amountFils: 1_000, reason: "Damaged", method: "bank_transfer" });
    expect(noRef.status).toBe(400);
    const since = smtp.received.length;
    const done = await refund(order.id, {
      amountFils: 45_000,
      reason: "Damaged",
      method: "bank_transfer",
      reference: "FT-2026-1127",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await summaryOf(order.id);
    expect(after).toMatchObject({ paymentStatus: "refunded", refundedFils: 45_000 });
    const mail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Refund of AED 450\.00/ }));
    expect(mail.text).toContain("by bank transfer");

    // A real order's tax credit note: its own number, the invoice's number, the VAT share (5% included).
    const note = after.refunds[0]!.creditNote!.number;
    const doc = await owner.call("GET", `/api/admin/orders/${order.id}/credit-notes/${note}`);
    const html = (doc.body.document as { html: { en: string; ar: string } }).html;
    const invoice = await owner.call("GET", `/api/admin/orders/${order.id}/document`);
    const invoiceNumber = (invoice.body.document as { number: string }).number;
    expect(invoiceNumber).toMatch(/^INV-/);
    expect(html.en).toContain("Tax Credit Note");
    expect(html.en).toContain(note);
    expect(html.en).toContain(invoiceNumber);
    expect(html.en).toContain(TRN);
    expect(html.en).toContain("VAT 5% included</dt><dd><bdi>21.43");
    expect(html.en).toContain("Total credited (AED)</dt><dd><bdi>450.00");
    expect(html.en).toContain("Bank transfer");
    expect(html.ar).toContain("إشعار دائن ضريبي");
    expect(html.ar).toContain("الفاتورة الأصلية");
    expect(html.ar).toContain('dir="rtl"');
    expect(html.ar).not.toMatch(/[\u0660-\u0669]/);
    const detail = await owner.call("GET", `/api/admin/orders/${order.id}`);
    expect(
      (detail.body.events as { note: string | null }[]).some((e) => e.note?.includes("FT-2026-1127")),
    ).toBe(true);
  });

  it("lets staff see refunds but only the owner refund", async () => {
    const order = await paidCardOrder(1);
    const seen = await staff.call("GET", `/api/admin/orders/${order.id}/refunds`);
    expect(seen.status).toBe(200);
    const tried = await refund(
      order.id,
      { amountFils: 1_000, reason: "Staff", method: "paymennt" },
      undefined,
      staff,
    );
    expect(tried.status).toBe(403);
    expect(tried.body.code).toBe("forbidden");
    expect((await summaryOf(order.id)).refunds).toEqual([]);
    expect(await sandboxRefunded(order.id)).toBe(0);
  });

  it("counts the dashboard's revenue net of refunds, on the day each refund is made; test orders' refunds not at all", async () => {
    type Figures = { orders: number; revenueFils: number; refundedFils: number };
    const dashboard = async () => {
      const res = await owner.call("GET", "/api/admin/dashboard");
      return res.body.dashboard as { today: Figures; month: Figures };
    };
    const before = await dashboard();
    const order = await placeCod(2);
    expect((await owner.call("POST", `/api/admin/orders/${order.id}/mark-paid`)).status).toBe(200);
    const card = await paidCardOrder(1);
    expect((await refund(card.id, { amountFils: 2_000, reason: "Test", method: "paymennt" })).status).toBe(
      200,
    );
    const res = await refund(order.id, { amountFils: 12_500, reason: "Stain", method: "cash" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await dashboard();
    for (const period of ["today", "month"] as const) {
      expect(after[period].orders - before[period].orders).toBe(1);
      expect(after[period].refundedFils - before[period].refundedFils).toBe(12_500);
      expect(after[period].revenueFils - before[period].revenueFils).toBe(90_000 - 12_500);
    }
  });

  it("credits a cancelled, invoiced cash-on-delivery order that was never paid, and says no money is to be refunded", async () => {
    const order = await placeCod(2);
    const since = smtp.received.length;
    const res = await owner.call("POST", `/api/admin/orders/${order.id}/status`, { status: "Cancelled" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = await summaryOf(order.id);
    expect(summary.creditNotes).toHaveLength(1);
    expect(summary.creditNotes[0]!.totalFils).toBe(90_000);
    const number = summary.creditNotes[0]!.number;
    const doc = await owner.call("GET", `/api/admin/orders/${order.id}/credit-notes/${number}`);
    const html = (doc.body.document as { html: { en: string; ar: string } }).html;
    expect(html.en).toContain("Order cancelled");
    expect(html.en).toContain("Ivory Chiffon Abaya");
    expect(html.en).toContain("VAT 5% included</dt><dd><bdi>42.86");
    expect(html.ar).toContain("إلغاء الطلب");
    const mail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Cancelled/ }));
    expect(mail.text).toContain("Nothing was charged for this order, so there is nothing to refund.");
    // Nothing to refund either.
    const more = await refund(order.id, { amountFils: 100, reason: "No", method: "cash" });
    expect(more.body.code).toBe("nothing_to_refund");
  });

  it("tells the shopper of a cancelled card order that her money goes back to the card; the refund then issues no second credit note", async () => {
    const order = await paidCardOrder(1);
    const since = smtp.received.length;
    const res = await owner.call("POST", `/api/admin/orders/${order.id}/status`, { status: "Cancelled" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /Cancelled/ }));
    // A sandbox order is a test order: its mail says no money was taken instead.
    expect(mail.text).toContain("test");
    const cancelled = await summaryOf(order.id);
    expect(cancelled.creditNotes).toHaveLength(1);
    expect(cancelled.paymentStatus).toBe("paid");
    const done = await refund(order.id, {
      amountFils: 45_000,
      reason: "Cancelled order",
      method: "paymennt",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await summaryOf(order.id);
    expect(after.paymentStatus).toBe("refunded");
    expect(after.creditNotes).toHaveLength(1);
    expect(after.refunds[0]!.creditNote?.number).toBe(cancelled.creditNotes[0]!.number);
  });

  it("tells the shopper of a cancelled order paid on delivery that the shop will return her money, in Arabic too", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: {
        ...orderPayload([{ product, quantity: 1 }], { price: { payment_mode: "cod" } }),
        language: "ar",
      },
    });
    const id = (placed.body.order as { _id: string })._id;
    expect((await owner.call("POST", `/api/admin/orders/${id}/mark-paid`)).status).toBe(200);
    const since = smtp.received.length;
    await owner.call("POST", `/api/admin/orders/${id}/status`, { status: "Cancelled" });
    const mail = readMail(await smtp.waitFor(buyer.email, { since, subject: /إلغاء|ملغي/ }));
    expect(mail.text).toMatch(/دُفع مبلغ 450\P{L}*درهم عند الاستلام، وسنتواصل معك لإعادته/u);
  });
});
