import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { returnDeadline } from "./services/returns/options.ts";
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
 * Returns and exchanges (issue 24, part B; decision 0032) over HTTP on a listening store: card orders paid
 * through the sandbox, delivered through the admin API; the shopper asks in her account's calls; staff
 * and the owner answer; stock (on the shelf and held) is read after every step; mails arrive through a
 * real SMTP server in the order's language; the order's timeline is the same on both sides.
 */

interface Options {
  open: boolean;
  closedReason: string | null;
  deadline: string | null;
  windowDays: number;
  lines: {
    lineId: string;
    size: string;
    returnableQuantity: number;
    policy: string;
    exchangeSizes: { variantId: string; size: string }[];
  }[];
}
interface Request {
  id: string;
  number: string;
  status: string;
  kind: string;
  lines: { exchangeSize: string | null; hold: string; quantity: number }[];
  refund: { amountFils: number; status: string } | null;
}
interface TimelineEvent {
  kind: string;
  status: string | null;
  step: string | null;
  amountFils: number | null;
  courier: string | null;
  trackingNumber: string | null;
  returnNumber: string | null;
}

describe("the return window", () => {
  it("ends with the Dubai calendar day N days after the Dubai day of delivery", () => {
    // Delivered 21:00 UTC on the 9th = 01:00 on the 10th in Dubai: 3 days run to the end of the 13th.
    expect(returnDeadline("2026-11-09T21:00:00.000Z", 3).toISOString()).toBe("2026-11-13T19:59:59.999Z");
    // Delivered 19:59 UTC on the 9th = 23:59 on the 9th in Dubai: to the end of the 12th.
    expect(returnDeadline("2026-11-09T19:59:00.000Z", 3).toISOString()).toBe("2026-11-12T19:59:59.999Z");
  });
});

describe.each(TEST_ENGINES)("returns and exchanges on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let abaya: TestProduct;
  let finalSale: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SHOP_TRN: "100123456700003",
      SMTP_URL: smtp.url,
      CURRENCY_LABEL_AR: "درهم",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    abaya = await addTestProduct(db, {
      name: "Sand Crepe Abaya",
      variants: [
        { size: "M/54", retailFils: 45_000, stock: 10 },
        { size: "L/56", retailFils: 45_000, stock: 5 },
        { size: "XL/58", retailFils: 50_000, stock: 5 },
      ],
    });
    finalSale = await addTestProduct(db, {
      name: "Made to Measure Kaftan",
      variants: [{ size: "Custom", retailFils: 30_000, stock: 10 }],
    });
    const marked = await owner.call("GET", `/api/admin/products/${finalSale.productId}`);
    expect(marked.status).toBe(200);
    const product = marked.body.product as Record<string, unknown> & {
      variants: { id: string; size: string; sku: string; price: number; discount: number }[];
    };
    const saved = await owner.call("PUT", `/api/admin/products/${finalSale.productId}`, {
      name: product.name,
      slug: product.slug,
      description: product.description,
      category: product.category,
      type: product.type,
      fabric: product.fabric,
      colors: product.colors,
      returnPolicy: "made_to_measure",
      variants: product.variants.map((v) => ({
        id: v.id,
        size: v.size,
        sku: v.sku,
        price: v.price,
        discount: v.discount,
      })),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.product as { returnPolicy: string }).returnPolicy).toBe("made_to_measure");
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  const variantOf = (size: string) => abaya.variants.find((v) => v.size === size)!.variantId;
  async function stockOf(size: string) {
    const row = await store.database.db
      .selectFrom("product_variants")
      .select(["stock", "held_quantity"])
      .where("id", "=", variantOf(size))
      .executeTakeFirstOrThrow();
    return { stock: Number(row.stock), held: Number(row.held_quantity) };
  }

  /** A card order paid through the sandbox and delivered through the admin API. */
  async function deliveredOrder(
    lines: { product: TestProduct; size?: string; quantity: number }[],
    language: "en" | "ar" = "en",
  ) {
    const buyer = await newShopper(store.base, store.database.db);
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: { ...orderPayload(lines), language },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await submitCard(started.body.checkoutUrl as string);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body.status).toBe("paid");
    const order = verified.body.order as { _id: string; orderNumber: string };
    const delivered = await staff.call("POST", `/api/admin/orders/${order._id}/status`, {
      status: "Delivered",
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    return { id: order._id, number: order.orderNumber, buyer };
  }

  const afterSale = async (orderId: string, token: string) => {
    const res = await api(store.base, "GET", `/api/order/${orderId}/after-sale`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as { returns: Options; requests: Request[]; timeline: TimelineEvent[] };
  };
  const ask = (orderId: string, token: string, body: unknown) =>
    api(store.base, "POST", `/api/order/${orderId}/returns`, { token, body });
  const act = (who: AdminClient, id: string, action: string, body: unknown = {}) =>
    who.call("POST", `/api/admin/returns/${id}/${action}`, body);

  it("takes an exchange through every step: the new size held at approval, out of stock when shipped, the returned size back when resaleable; mails in English; one timeline on both screens", async () => {
    const order = await deliveredOrder([{ product: abaya, size: "M/54", quantity: 2 }]);
    expect(await stockOf("M/54")).toEqual({ stock: 8, held: 0 });
    expect(await stockOf("L/56")).toEqual({ stock: 5, held: 0 });

    const view = await afterSale(order.id, order.buyer.token);
    expect(view.returns).toMatchObject({ open: true, closedReason: null, windowDays: 3 });
    const line = view.returns.lines[0]!;
    expect(line).toMatchObject({ size: "M/54", returnableQuantity: 2, policy: "returnable" });
    // XL costs AED 500, not the AED 450 paid: not offered.
    expect(line.exchangeSizes).toEqual([{ variantId: variantOf("L/56"), size: "L/56" }]);

    const since = smtp.received.length;
    const asked = await ask(order.id, order.buyer.token, {
      kind: "exchange",
      reason: "wrong_size",
      comment: "Too short",
      lines: [{ lineId: line.lineId, quantity: 1, exchangeVariantId: variantOf("L/56") }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const request = asked.body.request as Request;
    expect(request).toMatchObject({ number: `${order.number}-R1`, status: "requested", kind: "exchange" });
    expect(request.lines).toEqual([
      expect.objectContaining({ quantity: 1, exchangeSize: "L/56", hold: "none" }),
    ]);
    const requested = readMail(
      await smtp.waitFor(order.buyer.email, { since, subject: /We received your exchange request/ }),
    );
    expect(requested.text).toContain(`${order.number}-R1`);
    // Asking reserves nothing yet.
    expect(await stockOf("L/56")).toEqual({ stock: 5, held: 0 });
    expect((await afterSale(order.id, order.buyer.token)).returns.lines[0]!.returnableQuantity).toBe(1);

    // Staff may handle returns: approve; the new size is held (5 on the shelf, 4 for sale).
    const approved = await act(staff, request.id, "approve", { message: "Send it back with the tags" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", lines: [{ hold: "held" }] });
    expect(await stockOf("L/56")).toEqual({ stock: 5, held: 1 });
    const approvedMail = readMail(
      await smtp.waitFor(order.buyer.email, { since, subject: /exchange request .* is approved/ }),
    );
    expect(approvedMail.text).toContain("L/56");
    expect(approvedMail.text).toContain("Send it back with the tags");
    // Approving twice moves nothing.
    expect((await act(owner, request.id, "approve")).status).toBe(409);
    expect(await stockOf("L/56")).toEqual({ stock: 5, held: 1 });

    // Shipping before the items are back is refused.
    const early = await act(staff, request.id, "ship", { courier: "Aramex", trackingNumber: "AX123" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("invalid_transition");

    const received = await act(staff, request.id, "receive", { resaleable: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await stockOf("M/54")).toEqual({ stock: 9, held: 0 });
    await smtp.waitFor(order.buyer.email, { since, subject: /We received the items of/ });

    // An exchange is shipped, never refunded.
    expect((await act(owner, request.id, "refund")).status).toBe(409);
    const shipped = await act(staff, request.id, "ship", { courier: "Aramex", trackingNumber: "AX123" });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.request).toMatchObject({
      status: "shipped",
      lines: [{ hold: "shipped" }],
      shipping: { courier: "Aramex", trackingNumber: "AX123" },
    });
    expect(await stockOf("L/56")).toEqual({ stock: 4, held: 0 });
    const shippedMail = readMail(
      await smtp.waitFor(order.buyer.email, { since, subject: /Your exchange .* is on its way/ }),
    );
    expect(shippedMail.text).toContain("Aramex");
    expect(shippedMail.text).toContain("AX123");

    // One timeline, the same on both screens.
    const shopper = await afterSale(order.id, order.buyer.token);
    const admin = await owner.call("GET", `/api/admin/orders/${order.id}/after-sale`);
    expect(admin.status).toBe(200);
    expect(admin.body.timeline).toEqual(shopper.timeline);
    expect(
      shopper.timeline.map((e) =>
        e.kind === "return" ? `return:${e.step}` : e.kind === "status" ? `status:${e.status}` : e.kind,
      ),
    ).toEqual([
      "placed",
      "paid",
      "status:Delivered",
      "return:requested",
      "return:approved",
      "return:received",
      "return:shipped",
    ]);
    expect(shopper.timeline.at(-1)).toMatchObject({ courier: "Aramex", trackingNumber: "AX123" });

    // Each step is in the audit log.
    const audit = await owner.call("GET", `/api/admin/audit?entity=order&entityId=${order.id}`);
    const actions = (audit.body.entries as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "order.return_requested",
        "order.return_approved",
        "order.return_received",
        "order.return_shipped",
      ]),
    );
    // The list shows it.
    const list = await staff.call("GET", "/api/admin/returns?status=shipped");
    expect((list.body.returns as { number: string }[]).map((r) => r.number)).toContain(request.number);
  });

  it("takes a return through every step in Arabic: received not resaleable stays off the shelf, the owner refunds the goods and not the delivery fee; staff may not refund", async () => {
    const order = await deliveredOrder([{ product: abaya, size: "M/54", quantity: 2 }], "ar");
    const before = await stockOf("M/54");
    const view = await afterSale(order.id, order.buyer.token);
    const since = smtp.received.length;
    const asked = await ask(order.id, order.buyer.token, {
      kind: "return",
      reason: "damaged",
      lines: [{ lineId: view.returns.lines[0]!.lineId, quantity: 2 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const request = asked.body.request as Request;
    const arabic = readMail(await smtp.waitFor(order.buyer.email, { since, subject: /استلمنا طلب الإرجاع/ }));
    expect(arabic.html).toContain('dir="rtl"');

    expect((await act(staff, request.id, "approve")).status).toBe(200);
    await smtp.waitFor(order.buyer.email, { since, subject: /تمت الموافقة على طلب الإرجاع/ });
    expect((await act(staff, request.id, "receive", { resaleable: false })).status).toBe(200);
    expect(await stockOf("M/54")).toEqual(before);

    // Refunds are the owner's (decision 0023): staff get 403 and nothing moves.
    const refused = await act(staff, request.id, "refund");
    expect(refused.status).toBe(403);
    expect((await afterSale(order.id, order.buyer.token)).requests[0]!.status).toBe("received");

    const refunded = await act(owner, request.id, "refund");
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.request).toMatchObject({
      status: "refunded",
      refund: { amountFils: 90_000, status: "confirmed" },
    });
    await smtp.waitFor(order.buyer.email, { since, subject: /استرداد/ });
    const summary = await owner.call("GET", `/api/admin/orders/${order.id}/refunds`);
    // The goods (2 × AED 450), never the delivery fee.
    expect(summary.body).toMatchObject({ refundedFils: 90_000 });
    expect(await stockOf("M/54")).toEqual(before);
    // Refunding twice is refused.
    expect((await act(owner, request.id, "refund")).status).toBe(409);
    const timeline = (await afterSale(order.id, order.buyer.token)).timeline;
    expect(timeline.filter((e) => e.kind === "refund").map((e) => e.amountFils)).toEqual([90_000]);
    expect(timeline.at(-1)).toMatchObject({ kind: "return", step: "refunded" });
  });

  it("refuses with a message (a held size released), and frees the units to ask again", async () => {
    const order = await deliveredOrder([{ product: abaya, size: "M/54", quantity: 1 }]);
    const line = (await afterSale(order.id, order.buyer.token)).returns.lines[0]!;
    const asked = await ask(order.id, order.buyer.token, {
      kind: "exchange",
      reason: "wrong_size",
      lines: [{ lineId: line.lineId, quantity: 1, exchangeVariantId: variantOf("L/56") }],
    });
    const request = asked.body.request as Request;
    const held = await stockOf("L/56");
    expect((await act(staff, request.id, "approve")).status).toBe(200);
    expect(await stockOf("L/56")).toEqual({ stock: held.stock, held: held.held + 1 });
    expect((await act(staff, request.id, "refuse", {})).status).toBe(400);
    const since = smtp.received.length;
    const refused = await act(staff, request.id, "refuse", { message: "The tags were removed" });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(await stockOf("L/56")).toEqual(held);
    const mail = readMail(
      await smtp.waitFor(order.buyer.email, { since, subject: /About your exchange request/ }),
    );
    expect(mail.text).toContain("The tags were removed");
    expect((await afterSale(order.id, order.buyer.token)).returns.lines[0]!.returnableQuantity).toBe(1);
  });

  it("two asks for the last unit at once: one request; two staff approving at once: held once; two refund clicks: refunded once", async () => {
    const order = await deliveredOrder([{ product: abaya, size: "M/54", quantity: 1 }]);
    const line = (await afterSale(order.id, order.buyer.token)).returns.lines[0]!;
    const body = { kind: "return", reason: "changed_mind", lines: [{ lineId: line.lineId, quantity: 1 }] };
    const both = await Promise.all([
      ask(order.id, order.buyer.token, body),
      ask(order.id, order.buyer.token, body),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe("return_exceeds_bought");
    const request = both.find((r) => r.status === 200)!.body.request as Request;

    const approvals = await Promise.all([
      act(staff, request.id, "approve"),
      act(owner, request.id, "approve"),
    ]);
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await act(staff, request.id, "receive", { resaleable: false })).status).toBe(200);
    const refunds = await Promise.all([act(owner, request.id, "refund"), act(owner, request.id, "refund")]);
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409]);
    const summary = await owner.call("GET", `/api/admin/orders/${order.id}/refunds`);
    expect(summary.body).toMatchObject({ refundedFils: 45_000 });
    const steps = (await afterSale(order.id, order.buyer.token)).timeline
      .filter((e) => e.kind === "return")
      .map((e) => e.step);
    expect(steps).toEqual(["requested", "approved", "received", "refunded"]);
  });

  it("refuses outside the window, before delivery, a not-returnable line, too many units, another price and another shopper, changing nothing", async () => {
    const order = await deliveredOrder([
      { product: abaya, size: "M/54", quantity: 1 },
      { product: finalSale, quantity: 1 },
    ]);
    const { lines } = (await afterSale(order.id, order.buyer.token)).returns;
    const abayaLine = lines.find((l) => l.size === "M/54")!;
    const custom = lines.find((l) => l.size === "Custom")!;
    expect(custom).toMatchObject({ policy: "made_to_measure", returnableQuantity: 0 });

    const notReturnable = await ask(order.id, order.buyer.token, {
      kind: "return",
      reason: "changed_mind",
      lines: [{ lineId: custom.lineId, quantity: 1 }],
    });
    expect(notReturnable.status).toBe(409);
    expect(notReturnable.body.code).toBe("not_returnable");

    const tooMany = await ask(order.id, order.buyer.token, {
      kind: "return",
      reason: "changed_mind",
      lines: [{ lineId: abayaLine.lineId, quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe("return_exceeds_bought");

    const otherPrice = await ask(order.id, order.buyer.token, {
      kind: "exchange",
      reason: "wrong_size",
      lines: [{ lineId: abayaLine.lineId, quantity: 1, exchangeVariantId: variantOf("XL/58") }],
    });
    expect(otherPrice.status).toBe(409);
    expect(otherPrice.body.code).toBe("exchange_unavailable");
    expect(String(otherPrice.body.message)).toContain("different price");

    const noSize = await ask(order.id, order.buyer.token, {
      kind: "exchange",
      reason: "wrong_size",
      lines: [{ lineId: abayaLine.lineId, quantity: 1 }],
    });
    expect(noSize.status).toBe(400);

    const stranger = await newShopper(store.base, store.database.db);
    const theirs = await ask(order.id, stranger.token, {
      kind: "return",
      reason: "changed_mind",
      lines: [{ lineId: abayaLine.lineId, quantity: 1 }],
    });
    expect(theirs.status).toBe(404);
    expect(
      (await api(store.base, "GET", `/api/order/${order.id}/after-sale`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await api(store.base, "GET", `/api/order/${order.id}/after-sale`)).status).toBe(401);

    // Four Dubai days after delivery the three-day window is closed.
    await store.database.db
      .updateTable("order_events")
      .set({ at: new Date(Date.now() - 5 * 86_400_000).toISOString() })
      .where("order_id", "=", order.id)
      .where("to_status", "=", "Delivered")
      .execute();
    const late = await ask(order.id, order.buyer.token, {
      kind: "return",
      reason: "changed_mind",
      lines: [{ lineId: abayaLine.lineId, quantity: 1 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("return_window_closed");
    expect((await afterSale(order.id, order.buyer.token)).returns).toMatchObject({
      open: false,
      closedReason: "window_closed",
    });
    // The owner widens the window to 15 days (the contact page's unworn-items promise): open again.
    expect((await owner.call("PUT", "/api/admin/settings", { returnWindowDays: 15 })).status).toBe(200);
    expect((await afterSale(order.id, order.buyer.token)).returns.open).toBe(true);
    expect((await staff.call("PUT", "/api/admin/settings", { returnWindowDays: 30 })).status).toBe(403);
    expect((await owner.call("PUT", "/api/admin/settings", { returnWindowDays: 3 })).status).toBe(200);

    // Nothing was written by the refusals.
    const rows = await store.database.db
      .selectFrom("return_requests")
      .select("id")
      .where("order_id", "=", order.id)
      .execute();
    expect(rows).toEqual([]);

    // An order not delivered yet cannot be returned.
    const buyer = await newShopper(store.base, store.database.db);
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product: abaya, size: "M/54", quantity: 1 }], { price: { payment_mode: "cod" } }),
    });
    const placedId = (placed.body.order as { _id: string })._id;
    const early = await afterSale(placedId, buyer.token);
    expect(early.returns).toMatchObject({ open: false, closedReason: "not_delivered", deadline: null });
    const tooEarly = await ask(placedId, buyer.token, {
      kind: "return",
      reason: "changed_mind",
      lines: [{ lineId: early.returns.lines[0]!.lineId, quantity: 1 }],
    });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.code).toBe("return_window_closed");
  });
});
