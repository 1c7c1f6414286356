import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { includedVat } from "#core/order.ts";
import { findUserById } from "./db/repositories/users.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  submitCard,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { insertTestOrder } from "./testing/orders.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Quotes on stitching requests and alterations of made-to-measure lines (issue 29, part 4; decision
 * 0043) over HTTP on a listening store: the owner quotes through the admin API, the shopper accepts in
 * her account's calls and pays through the sandbox (the real Paymennt client over HTTP) or on delivery;
 * mails arrive through a real SMTP server in her language.
 */

interface Quote {
  id: string;
  number: string;
  status: string;
  totalFils: number;
  expiresAt: string;
  acceptOnline: boolean;
  orderId: string | null;
  orderNumber: string | null;
  lines: { description: string; quantity: number; unitPriceFils: number; lineTotalFils: number }[];
}
interface Alteration {
  id: string;
  number: string;
  status: string;
  steps: { step: string }[];
}

const DAY_MS = 86_400_000;

const stitching = (overrides: Record<string, unknown> = {}) => ({
  name: "Huda Rahman",
  phoneNumber: "050 765 4321",
  addressType: "Home",
  fullAddress: "Villa 7, Street 12, Al Barsha 1",
  city: "Dubai",
  pinCode: "123456",
  serviceType: "Graceful Abayas",
  itemCount: "2",
  message: "A home visit for two abayas, please.",
  ...overrides,
});

const QUOTE = {
  lines: [
    { description: "Abaya stitching, kimono sleeves", quantity: 2, unitPrice: 150 },
    { description: "Home visit and measuring", quantity: 1, unitPrice: 25.5 },
  ],
  readyDate: "2026-12-10",
  note: "Fabric of your own; lining included.",
};

describe.each(TEST_ENGINES)("stitching quotes and alterations on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SHOP_TRN: "100123456700003",
      SMTP_URL: smtp.url,
      // Every request of this file comes from 127.0.0.1.
      REQUEST_RATE_LIMIT_PER_IP: "1000",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  /** A stitching request sent through the form (signed in when a token is given); its id. */
  async function request(token?: string, language: "en" | "ar" = "en") {
    const sent = await api(store.base, "POST", "/api/stitching/request", {
      token,
      body: stitching({ language }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const row = await store.database.db
      .selectFrom("stitching_requests")
      .select("id")
      .where("reference", "=", sent.body.reference as string)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const quote = async (requestId: string, body: unknown = QUOTE) =>
    owner.call("POST", `/api/admin/inbox/stitching/${requestId}/quote`, body);
  const accept = (token: string, quoteId: string, method: "online" | "cod") =>
    api(store.base, "POST", `/api/stitching/quotes/${quoteId}/accept`, { token, body: { method } });
  const quotesOf = async (token: string) => {
    const res = await api(store.base, "GET", "/api/stitching/quotes", { token });
    expect(res.status).toBe(200);
    return res.body.quotes as Quote[];
  };

  it("quotes a request sent signed in: mailed in English, accepted and paid by card through the sandbox, an order with the quote's total, VAT and an invoice; accepting again gives the same order; another shopper gets a 404", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const requestId = await request(buyer.token);
    const since = smtp.received.length;
    const made = await quote(requestId);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const q = made.body.quote as Quote;
    expect(q).toMatchObject({ status: "open", totalFils: 32_550, acceptOnline: true, orderId: null });
    expect(q.lines[0]).toEqual({
      description: "Abaya stitching, kimono sleeves",
      quantity: 2,
      unitPriceFils: 15_000,
      lineTotalFils: 30_000,
    });
    // Valid for the default 7 days.
    expect(Math.abs(Date.parse(q.expiresAt) - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);
    const mail = readMail(await smtp.waitFor(buyer.email, { since, subject: /Your stitching quote/ }));
    expect(mail.subject).toContain(q.number);
    expect(mail.text).toContain("AED 325.50");
    expect(mail.text).toContain("2026-12-10");

    expect(await quotesOf(buyer.token)).toEqual([expect.objectContaining({ id: q.id, status: "open" })]);
    const stranger = await newShopper(store.base, store.database.db);
    expect(await quotesOf(stranger.token)).toEqual([]);
    const foreign = await accept(stranger.token, q.id, "cod");
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");

    const started = await accept(buyer.token, q.id, "online");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ placed: false });
    // A second tap before paying: the same order and checkout.
    const again = await accept(buyer.token, q.id, "online");
    expect(again.body).toMatchObject({
      orderId: started.body.orderId,
      checkoutUrl: started.body.checkoutUrl,
      placed: false,
    });
    const paid = await submitCard(started.body.checkoutUrl as string);
    expect(paid.status).toBeLessThan(400);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body.status, JSON.stringify(verified.body)).toBe("paid");

    const db = store.database.db;
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", started.body.orderId as string)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "Order Placed", payment_status: "paid", payment_mode: "online" });
    expect(Number(order.total_fils)).toBe(32_550);
    expect(Number(order.tax_fils)).toBe(includedVat(30_000, 5) + includedVat(2_550, 5));
    const lines = await db
      .selectFrom("order_lines")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("position")
      .execute();
    expect(lines.map((l) => [l.product_id, l.variant_id, l.name, Number(l.line_total_fils)])).toEqual([
      ["stitching-service", null, "Abaya stitching, kimono sleeves", 30_000],
      ["stitching-service", null, "Home visit and measuring", 2_550],
    ]);
    const invoices = await db
      .selectFrom("documents")
      .select("kind")
      .where("order_id", "=", order.id)
      .execute();
    expect(invoices).toHaveLength(1);
    // It is an order of hers like any other.
    const orders = await api(store.base, "POST", "/api/order/userorders", { token: buyer.token, body: {} });
    expect(JSON.stringify(orders.body)).toContain(order.order_number);

    const twice = await accept(buyer.token, q.id, "cod");
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ orderId: order.id, placed: true, checkoutUrl: null });
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", buyer.id).execute()).toHaveLength(
      1,
    );
    expect(await quotesOf(buyer.token)).toEqual([
      expect.objectContaining({ status: "accepted", orderNumber: order.order_number }),
    ]);
  });

  it("pays on delivery: placed at once with its invoice; the Arabic request's quote is mailed in Arabic", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const requestId = await request(buyer.token, "ar");
    const since = smtp.received.length;
    const q = (await quote(requestId)).body.quote as Quote;
    const mail = readMail(await smtp.waitFor(buyer.email, { since, subject: /عرض سعر الخياطة/ }));
    expect(mail.text).toContain("درهم 325.50");
    const placed = await accept(buyer.token, q.id, "cod");
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ placed: true, checkoutUrl: null, paymentId: null });
    const order = await store.database.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.body.orderId as string)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: "Order Placed",
      payment_mode: "cod",
      payment_status: "unpaid",
      language: "ar",
    });
    expect(Number(order.total_fils)).toBe(32_550);
    await smtp.waitFor(buyer.email, { since, subject: new RegExp(order.order_number) });
    const again = await accept(buyer.token, q.id, "cod");
    expect(again.body.orderId).toBe(order.id);
    // Delivered, its lines are made to measure: never returnable (decision 0043).
    const delivered = await staff.call("POST", `/api/admin/orders/${order.id}/status`, {
      status: "Delivered",
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const afterSale = await api(store.base, "GET", `/api/order/${order.id}/after-sale`, {
      token: buyer.token,
    });
    const options = afterSale.body.returns as { lines: { policy: string; returnableQuantity: number }[] };
    expect(options.lines.map((l) => [l.policy, l.returnableQuantity])).toEqual([
      ["made_to_measure", 0],
      ["made_to_measure", 0],
    ]);
  });

  it("refuses an expired quote (the validity setting and the clock), a withdrawn one, a request sent without an account, and a quote without a price", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const set = await owner.call("PUT", "/api/admin/settings", { quoteValidDays: 2 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const q = (await quote(await request(buyer.token))).body.quote as Quote;
    expect(Math.abs(Date.parse(q.expiresAt) - Date.now() - 2 * DAY_MS)).toBeLessThan(60_000);
    await owner.call("PUT", "/api/admin/settings", { quoteValidDays: 7 });

    // Three days on, by the service's clock.
    const user = (await findUserById(store.database.db, buyer.id))!;
    const later = new Date(Date.now() + 3 * DAY_MS);
    await expect(store.services.quotes.accept(user, q.id, { method: "cod" }, later)).rejects.toMatchObject({
      code: "quote_expired",
    });
    expect((await store.services.quotes.ofUser(buyer.id, later))[0]!.status).toBe("expired");
    // And over HTTP once the time has passed (the stored expiry moved into the past).
    await store.database.db
      .updateTable("stitching_quotes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", q.id)
      .execute();
    const expired = await accept(buyer.token, q.id, "cod");
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe("quote_expired");
    expect(
      await store.database.db.selectFrom("orders").select("id").where("user_id", "=", buyer.id).execute(),
    ).toEqual([]);

    const second = (await quote(await request(buyer.token))).body.quote as Quote;
    const withdrawn = await staff.call("POST", `/api/admin/quotes/${second.id}/withdraw`);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const refused = await accept(buyer.token, second.id, "online");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("quote_withdrawn");
    expect((await staff.call("POST", `/api/admin/quotes/${second.id}/withdraw`)).status).toBe(409);

    const anonymous = await quote(await request());
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.code).toBe("quote_not_online");

    const free = await quote(await request(buyer.token), {
      ...QUOTE,
      lines: [{ description: "x", quantity: 1, unitPrice: 0 }],
    });
    expect(free.status).toBe(400);
    const bad = await quote(await request(buyer.token), { lines: [], readyDate: "soon" });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
  });

  it("replaces a card attempt that was declined with a new order on the next acceptance, refuses cash on delivery when it is off, and shows the back office whether a request can be quoted", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const requestId = await request(buyer.token);
    const q = (await quote(requestId)).body.quote as Quote;
    const listed = await staff.call("GET", `/api/admin/inbox/stitching/${requestId}/quotes`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      acceptOnline: true,
      quotes: [expect.objectContaining({ id: q.id })],
    });
    const anonymous = await staff.call("GET", `/api/admin/inbox/stitching/${await request()}/quotes`);
    expect(anonymous.body).toMatchObject({ acceptOnline: false, quotes: [] });

    const first = await accept(buyer.token, q.id, "online");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await submitCard(first.body.checkoutUrl as string, "4000 0000 0000 0002");
    const declined = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: first.body.paymentId },
    });
    expect(declined.body.status).toBe("failed");
    const second = await accept(buyer.token, q.id, "online");
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect(second.body.checkoutUrl).not.toBe(first.body.checkoutUrl);
    const linked = await store.database.db
      .selectFrom("stitching_quotes")
      .select("order_id")
      .where("id", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(linked.order_id).toBe(second.body.orderId);

    const off = await owner.call("PUT", "/api/admin/settings", { codEnabled: false });
    expect(off.status).toBe(200);
    const other = (await quote(await request(buyer.token))).body.quote as Quote;
    const refused = await accept(buyer.token, other.id, "cod");
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("cod_unavailable");
    await owner.call("PUT", "/api/admin/settings", { codEnabled: true });
    expect((await quotesOf(buyer.token)).find((x) => x.id === other.id)?.orderId).toBeNull();
  });

  it("makes one order when the same quote is accepted twice at once", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const q = (await quote(await request(buyer.token))).body.quote as Quote;
    const [a, b] = await Promise.all([accept(buyer.token, q.id, "cod"), accept(buyer.token, q.id, "cod")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.orderId).toBe(b.body.orderId);
    const orders = await store.database.db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", buyer.id)
      .execute();
    expect(orders).toEqual([{ id: a.body.orderId }]);
  });

  /** A delivered order with one made-to-measure line and one ready-made line, written straight in. */
  async function deliveredMadeToMeasure(buyer: { id: string; email: string }, deliveredDaysAgo: number) {
    const db = store.database.db;
    const at = new Date(Date.now() - (deliveredDaysAgo + 2) * DAY_MS).toISOString();
    const order = await insertTestOrder(db, { userId: buyer.id, at, status: "Delivered" });
    await db.updateTable("orders").set({ ship_email: buyer.email }).where("id", "=", order.id).execute();
    const [line] = await db.selectFrom("order_lines").selectAll().where("order_id", "=", order.id).execute();
    await db
      .updateTable("order_lines")
      .set({ stitching: JSON.stringify({ style: { name: "Kimono abaya" }, measurements: { bust: 920 } }) })
      .where("id", "=", line!.id)
      .execute();
    const readyMade = { ...line!, id: `${line!.id}-rm`, position: 1, stitching: null };
    await db.insertInto("order_lines").values(readyMade).execute();
    await db
      .insertInto("order_events")
      .values({
        id: `${order.id}-delivered`,
        order_id: order.id,
        at: new Date(Date.now() - deliveredDaysAgo * DAY_MS).toISOString(),
        actor: "staff:test",
        from_status: "Shipped",
        to_status: "Delivered",
        note: null,
      })
      .execute();
    return { order, lineId: line!.id, readyMadeId: readyMade.id };
  }
  const askAlteration = (token: string, orderId: string, body: unknown) =>
    api(store.base, "POST", `/api/order/${orderId}/alterations`, { token, body });

  it("takes an alteration of a made-to-measure line within the window through its steps, mailing the shopper at each step she should know of", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const { order, lineId, readyMadeId } = await deliveredMadeToMeasure(buyer, 3);
    const view = await api(store.base, "GET", `/api/order/${order.id}/alterations`, { token: buyer.token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ open: true, windowDays: 15, lines: [{ lineId }] });

    const notMtm = await askAlteration(buyer.token, order.id, { lineId: readyMadeId, what: "length" });
    expect(notMtm.status).toBe(409);
    expect(notMtm.body.code).toBe("not_made_to_measure");
    const stranger = await newShopper(store.base, store.database.db);
    const foreign = await askAlteration(stranger.token, order.id, { lineId, what: "length" });
    expect(foreign.status).toBe(404);

    let since = smtp.received.length;
    const asked = await askAlteration(buyer.token, order.id, {
      lineId,
      what: "sleeves",
      note: "2 cm shorter",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const alteration = asked.body.alteration as Alteration;
    expect(alteration).toMatchObject({ number: `${order.order_number}-A1`, status: "requested" });
    await smtp.waitFor(buyer.email, { since, subject: /We received your alteration request/ });
    const twice = await askAlteration(buyer.token, order.id, { lineId, what: "length" });
    expect(twice.status).toBe(409);

    const step = (to: string) =>
      staff.call("POST", `/api/admin/alterations/${alteration.id}/step`, { step: to });
    expect((await step("ready")).status).toBe(409);
    since = smtp.received.length;
    expect((await step("accepted")).status).toBe(200);
    await smtp.waitFor(buyer.email, { since, subject: /is accepted/ });
    expect((await step("in_progress")).status).toBe(200);
    since = smtp.received.length;
    expect((await step("ready")).status).toBe(200);
    await smtp.waitFor(buyer.email, { since, subject: /is ready/ });
    const returned = await step("returned");
    expect(returned.status).toBe(200);
    const done = returned.body.alteration as Alteration;
    expect(done.steps.map((s) => s.step)).toEqual([
      "requested",
      "accepted",
      "in_progress",
      "ready",
      "returned",
    ]);
    const list = await owner.call("GET", "/api/admin/alterations?status=returned");
    expect((list.body.alterations as Alteration[]).map((a) => a.id)).toContain(alteration.id);
    // The shopper's order timeline tells the steps.
    const afterSale = await api(store.base, "GET", `/api/order/${order.id}/after-sale`, {
      token: buyer.token,
    });
    const kinds = (afterSale.body.timeline as { kind: string; step: string | null }[]).filter(
      (e) => e.kind === "alteration",
    );
    expect(kinds.map((e) => e.step)).toEqual(["requested", "accepted", "in_progress", "ready", "returned"]);
  });

  it("refuses an alteration outside the window or before delivery", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const late = await deliveredMadeToMeasure(buyer, 16);
    const refused = await askAlteration(buyer.token, late.order.id, { lineId: late.lineId, what: "width" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "alteration_window_closed" });
    expect(refused.body.message).toContain("15 days");
    const set = await owner.call("PUT", "/api/admin/settings", { alterationWindowDays: 20 });
    expect(set.status).toBe(200);
    const inside = await askAlteration(buyer.token, late.order.id, { lineId: late.lineId, what: "width" });
    expect(inside.status).toBe(200);
    await owner.call("PUT", "/api/admin/settings", { alterationWindowDays: 15 });

    const shipped = await deliveredMadeToMeasure(buyer, 1);
    await store.database.db
      .updateTable("orders")
      .set({ status: "Shipped" })
      .where("id", "=", shipped.order.id)
      .execute();
    const early = await askAlteration(buyer.token, shipped.order.id, {
      lineId: shipped.lineId,
      what: "other",
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("once its order is delivered");
    expect(
      await store.database.db
        .selectFrom("alteration_requests")
        .select("id")
        .where("order_id", "=", shipped.order.id)
        .execute(),
    ).toEqual([]);
  });
});
