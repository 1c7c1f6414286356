import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * The owner's daily work on orders (issue 26; decision 0026): a courier and tracking number required
 * on 'Shipped' (but for the shop's own driver), carried by the shipped mail in the shopper's language
 * and shown on her order in My Account; internal notes the shopper never sees; the list found by
 * e-mail and by product, and sorted by its columns.
 */

interface Detail {
  order: { _id: string; status: string };
  shipping: { courier: string; trackingNumber: string | null } | null;
  notes: { author: string; body: string }[];
}

describe.each(TEST_ENGINES)("shipping, notes and order search on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let staff: AdminClient;
  let staffName: string;
  let abaya: TestProduct;
  let kaftan: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SMTP_URL: smtp.url,
      REQUEST_RATE_LIMIT_PER_IP: "1000",
    });
    const db = store.database.db;
    const member = await createRoleUser(db, "staff");
    staffName = member.name;
    staff = await adminLogin(store.app, member.email);
    abaya = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }],
    });
    kaftan = await addTestProduct(db, {
      name: "Midnight Velvet Kaftan",
      variants: [{ size: "M/54", retailFils: 99_000, stock: 50 }],
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  async function placeCod(product: TestProduct, quantity = 1) {
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product, quantity }], { price: { payment_mode: "cod" } }),
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    const order = res.body.order as { _id: string; orderNumber: string };
    return { ...order, buyer };
  }

  const move = (id: string, body: Record<string, unknown>) =>
    staff.call("POST", `/api/admin/orders/${id}/status`, body);

  async function shopperOrder(token: string, id: string) {
    const mine = await api(store.base, "POST", "/api/order/userorders", { token, body: {} });
    return (mine.body.orders as (Detail["order"] & { shipping: Detail["shipping"] })[]).find(
      (o) => o._id === id,
    );
  }

  it("refuses 'Shipped' without a courier or its tracking number, changing nothing and mailing nobody", async () => {
    const order = await placeCod(abaya);
    const noCourier = await move(order._id, { status: "Shipped" });
    expect([noCourier.status, noCourier.body.code]).toEqual([400, "validation"]);
    expect(noCourier.body.message).toContain("Choose the courier to mark it Shipped");
    const noTracking = await move(order._id, { status: "Shipped", courier: "Aramex", trackingNumber: " " });
    expect(noTracking.status).toBe(400);
    expect(noTracking.body.message).toContain("Enter the courier's tracking number to mark it Shipped");
    const badTracking = await move(order._id, { status: "Shipped", courier: "DHL", trackingNumber: "=1+1" });
    expect(badTracking.status).toBe(400);
    const unknown = await move(order._id, { status: "Shipped", courier: "Pigeon", trackingNumber: "1" });
    expect(unknown.status).toBe(400);
    const detail = (await staff.call("GET", `/api/admin/orders/${order._id}`)).body as unknown as Detail;
    expect([detail.order.status, detail.shipping]).toEqual(["Order Placed", null]);
    const outbox = await store.database.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", order.buyer.email)
      .where("kind", "=", "order-status")
      .execute();
    expect(outbox).toEqual([]);
  });

  it("ships with a tracking number the English mail and the shopper's order page carry", async () => {
    const order = await placeCod(abaya);
    const res = await move(order._id, {
      status: "Shipped",
      courier: "Aramex",
      trackingNumber: "AWB-778899",
      note: "Please keep your phone on",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as Detail).shipping).toEqual({
      courier: "Aramex",
      trackingNumber: "AWB-778899",
    });
    const mail = readMail(await smtp.waitFor(order.buyer.email, { subject: /: Shipped · / }));
    expect(mail.text).toContain("Courier: Aramex. Tracking number: AWB-778899");
    expect(mail.text).toContain("Note from the shop: Please keep your phone on");
    expect(mail.html).toContain("Courier: Aramex. Tracking number: AWB-778899");
    expect((await shopperOrder(order.buyer.token, order._id))?.shipping).toEqual({
      courier: "Aramex",
      trackingNumber: "AWB-778899",
    });
  });

  it("mails the tracking in Arabic to a shopper who ordered in Arabic, and the shop's own driver needs none", async () => {
    const order = await placeCod(abaya);
    await store.database.db
      .updateTable("orders")
      .set({ language: "ar" })
      .where("id", "=", order._id)
      .execute();
    expect(
      (await move(order._id, { status: "Shipped", courier: "Emirates Post", trackingNumber: "EP123AE" }))
        .status,
    ).toBe(200);
    const arabic = readMail(await smtp.waitFor(order.buyer.email, { subject: /تم الشحن/ }));
    expect(arabic.text).toContain("شركة الشحن: بريد الإمارات. رقم التتبع: \u2066EP123AE\u2069");

    const own = await placeCod(abaya);
    const res = await move(own._id, { status: "Shipped", courier: "Shop delivery" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = readMail(await smtp.waitFor(own.buyer.email, { subject: /: Shipped · / }));
    expect(mail.text).toContain("Our own driver is bringing it to you.");
    expect(mail.text).not.toContain("Tracking number");
    expect((await shopperOrder(own.buyer.token, own._id))?.shipping).toEqual({
      courier: "Shop delivery",
      trackingNumber: null,
    });
  });

  it("keeps internal notes for staff: listed on the order, audited, never shown or mailed to the shopper", async () => {
    const order = await placeCod(abaya);
    const res = await staff.call("POST", `/api/admin/orders/${order._id}/notes`, {
      body: "Customer asked to deliver after 6 pm — secret-note-42",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as Detail).notes).toEqual([
      expect.objectContaining({
        author: staffName,
        body: "Customer asked to deliver after 6 pm — secret-note-42",
      }),
    ]);
    const empty = await staff.call("POST", `/api/admin/orders/${order._id}/notes`, { body: "   " });
    expect([empty.status, empty.body.message]).toEqual([400, "Note is required"]);
    const missing = await staff.call("POST", "/api/admin/orders/no-such-order/notes", { body: "x" });
    expect(missing.status).toBe(404);
    const asShopper = await store.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/notes`,
      headers: { token: order.buyer.token, "content-type": "application/json" },
      payload: JSON.stringify({ body: "I am not staff" }),
    });
    expect(asShopper.statusCode).toBe(403);
    const mine = await api(store.base, "POST", "/api/order/userorders", {
      token: order.buyer.token,
      body: {},
    });
    expect(JSON.stringify(mine.body)).not.toContain("secret-note-42");
    const mailed = await store.database.db
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([eb("text_body", "like", "%secret-note-42%"), eb("html_body", "like", "%secret-note-42%")]),
      )
      .execute();
    expect(mailed).toEqual([]);
    const detail = (await staff.call("GET", `/api/admin/orders/${order._id}`)).body as unknown as Detail;
    expect(detail.notes.map((n) => n.body)).toEqual([
      "Customer asked to deliver after 6 pm — secret-note-42",
    ]);
  });

  it("finds orders by e-mail and by product name, and sorts them by a column either way", async () => {
    const cheap = await placeCod(abaya, 1);
    const dear = await placeCod(kaftan, 2);
    const ids = async (query: string) =>
      ((await staff.call("GET", `/api/admin/orders?${query}`)).body.orders as { id: string }[]).map(
        (o) => o.id,
      );
    expect(await ids(`search=${encodeURIComponent(dear.buyer.email.toUpperCase())}`)).toEqual([dear._id]);
    expect(await ids("search=velvet%20kaftan")).toEqual([dear._id]);
    const byTotal = await ids("sort=total&limit=100");
    expect(byTotal.indexOf(cheap._id)).toBeLessThan(byTotal.indexOf(dear._id));
    expect((await ids("sort=-total&limit=1"))[0]).toBe(dear._id);
    const totals = (
      (await staff.call("GET", "/api/admin/orders?sort=-total&limit=100")).body.orders as {
        totalFils: number;
      }[]
    ).map((o) => o.totalFils);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const bad = await staff.call("GET", "/api/admin/orders?sort=price");
    expect([bad.status, bad.body.code]).toEqual([400, "validation"]);
  });
});
