import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dubaiPeriods } from "./services/admin-orders.ts";
import { freshIp } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Orders and the inbox as the shop runs them (issue 15): status moves with the shopper's mail (a real
 * SMTP server), order events and audit rows; cancellation returning stock; cash collected on delivery;
 * the dashboard's figures; replies to contact messages and stitching requests.
 */

interface Detail {
  order: { _id: string; orderNumber: string; status: string; paymentStatus: string };
  events: { fromStatus: string | null; toStatus: string; actor: string; note: string | null }[];
  nextStatuses: string[];
  canMarkPaid: boolean;
}

describe.each(TEST_ENGINES)("the back office's orders and inbox on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let staff: AdminClient;
  let owner: AdminClient;
  let product: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SMTP_URL: smtp.url,
      REQUEST_RATE_LIMIT_PER_IP: "1000",
    });
    const db = store.database.db;
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    product = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 20 }],
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  async function placeCod(quantity = 1, shopper?: { token: string; email: string }) {
    const buyer = shopper ?? (await newShopper(store.base, store.database.db));
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product, quantity }], { price: { payment_mode: "cod" } }),
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    const order = res.body.order as { _id: string; orderNumber: string };
    return { ...order, buyer };
  }

  async function auditActions(orderId: string) {
    const res = await owner.call("GET", `/api/admin/audit?entity=order&entityId=${orderId}`);
    return (res.body.entries as { action: string; changes: { before: unknown; after: unknown }[] }[]).map(
      (e) => `${e.action} ${String(e.changes[0]?.before)}→${String(e.changes[0]?.after)}`,
    );
  }

  it("moves an order to Delivered, mailing the shopper at each step; My Orders shows it", async () => {
    const order = await placeCod();
    const steps = ["Packing", "Shipped", "Out for Delivery", "Delivered"];
    for (const status of steps) {
      const since = smtp.received.length;
      const res = await staff.call("POST", `/api/admin/orders/${order._id}/status`, {
        status,
        ...(status === "Shipped" ? { note: "Ring twice", courier: "Aramex", trackingNumber: "AWB 123" } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as unknown as Detail).order.status).toBe(status);
      const mail = await smtp.waitFor(order.buyer.email, { since, subject: new RegExp(`: ${status} ·`) });
      expect(mail.subject).toContain(order.orderNumber);
      if (status === "Shipped")
        expect(readMail(mail).text).toContain("Courier: Aramex. Tracking number: AWB 123");
    }
    const detail = (await staff.call("GET", `/api/admin/orders/${order._id}`)).body as unknown as Detail;
    expect(detail.events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual([
      "null→Order Placed",
      "Order Placed→Packing",
      "Packing→Shipped",
      "Shipped→Out for Delivery",
      "Out for Delivery→Delivered",
    ]);
    expect(detail.nextStatuses).toEqual([]);
    expect(await auditActions(order._id)).toEqual([
      "order.status Out for Delivery→Delivered",
      "order.status Shipped→Out for Delivery",
      "order.status Packing→Shipped",
      "order.status Order Placed→Packing",
    ]);
    const mine = await api(store.base, "POST", "/api/order/userorders", {
      token: order.buyer.token,
      body: {},
    });
    expect(
      (mine.body.orders as { _id: string; status: string }[]).find((o) => o._id === order._id)?.status,
    ).toBe("Delivered");
  });

  it("refuses moves backwards, after Delivered and to unknown statuses, changing nothing", async () => {
    const order = await placeCod();
    await staff.call("POST", `/api/admin/orders/${order._id}/status`, {
      status: "Shipped",
      courier: "Shop delivery",
    });
    await smtp.waitFor(order.buyer.email, { subject: /: Shipped · / });
    const since = smtp.received.length;
    for (const [status, code, http] of [
      ["Packing", "invalid_transition", 409],
      ["Order Placed", "invalid_transition", 409],
      ["Lost", "validation", 400],
    ] as const) {
      const res = await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status });
      expect(res.status).toBe(http);
      expect(res.body.code).toBe(code);
    }
    await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status: "Delivered" });
    const late = await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status: "Cancelled" });
    expect(late.status).toBe(409);
    const detail = (await staff.call("GET", `/api/admin/orders/${order._id}`)).body as unknown as Detail;
    expect(detail.order.status).toBe("Delivered");
    // Mails for the two moves made; the refused ones sent none.
    await smtp.waitFor(order.buyer.email, { since, subject: /: Delivered · / });
    const statusMails = smtp.received
      .filter((m) => m.to.includes(order.buyer.email) && /^Your order [^:]+: .+ · /.test(m.subject))
      .map((m) => m.subject.replace(/^Your order [^:]+: /, "").replace(/ · .*$/, ""));
    expect(statusMails).toEqual(["Shipped", "Delivered"]);
    expect((await staff.call("GET", "/api/admin/orders/not-an-order")).status).toBe(404);
  });

  it("cancelling returns the units to stock, mails the shopper and is audited", async () => {
    const variantId = product.variants[0]!.variantId;
    const before = (await stockOf(store.database.db, variantId)).stock!;
    const order = await placeCod(3);
    expect((await stockOf(store.database.db, variantId)).stock).toBe(before - 3);
    await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status: "Packing" });
    const since = smtp.received.length;
    const res = await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status: "Cancelled" });
    expect(res.status).toBe(200);
    expect((await stockOf(store.database.db, variantId)).stock).toBe(before);
    const mail = await smtp.waitFor(order.buyer.email, { since, subject: /: Cancelled · / });
    expect(mail.raw).toMatch(/cancelled/i);
    expect((await auditActions(order._id))[0]).toBe("order.status Packing→Cancelled");
    // Cancelled twice puts nothing back twice.
    const again = await staff.call("POST", `/api/admin/orders/${order._id}/status`, { status: "Cancelled" });
    expect(again.status).toBe(409);
    expect((await stockOf(store.database.db, variantId)).stock).toBe(before);
  });

  it("mails a shopper who ordered in Arabic in Arabic", async () => {
    const order = await placeCod();
    await store.database.db
      .updateTable("orders")
      .set({ language: "ar" })
      .where("id", "=", order._id)
      .execute();
    await staff.call("POST", `/api/admin/orders/${order._id}/status`, {
      status: "Shipped",
      courier: "Shop delivery",
    });
    const mail = await store.database.db
      .selectFrom("outbox")
      .select(["subject", "text_body", "html_body"])
      .where("to_address", "=", order.buyer.email)
      .where("kind", "=", "order-status")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(new RegExp(`^طلبك \u2066${order.orderNumber}\u2069: تم الشحن · `));
    expect(mail.text_body).toContain(`طلبك \u2066${order.orderNumber}\u2069 في الطريق إليك.`);
    expect(mail.html_body).toContain('<div dir="rtl" lang="ar">');
  });

  it("marks a cash-on-delivery order paid once", async () => {
    const order = await placeCod();
    const first = await staff.call("POST", `/api/admin/orders/${order._id}/mark-paid`);
    expect(first.status).toBe(200);
    const detail = first.body as unknown as Detail;
    expect(detail.order.paymentStatus).toBe("paid");
    expect(detail.canMarkPaid).toBe(false);
    const second = await staff.call("POST", `/api/admin/orders/${order._id}/mark-paid`);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("not_cod");
    expect((await auditActions(order._id))[0]).toBe("order.payment unpaid→paid");
  });

  it("finds orders by number, name and phone, and by status", async () => {
    const order = await placeCod();
    const find = async (query: string) =>
      ((await staff.call("GET", `/api/admin/orders?${query}`)).body.orders as { id: string }[]).map(
        (o) => o.id,
      );
    expect(await find(`search=${order.orderNumber.toLowerCase()}`)).toEqual([order._id]);
    expect(await find("search=amal%20haddad")).toContain(order._id);
    expect(await find(`search=${encodeURIComponent("+971 50 123 4567")}`)).toContain(order._id);
    expect(await find("status=Order%20Placed")).toContain(order._id);
    expect(await find("status=Delivered")).not.toContain(order._id);
    const bad = await staff.call("GET", "/api/admin/orders?status=Lost");
    expect(bad.status).toBe(400);
  });

  it("the dashboard counts today's and this month's placed orders in Dubai days, and work waiting", async () => {
    const db = store.database.db;
    await api(store.base, "POST", "/api/contact/send", {
      body: { name: "Sara", email: "sara@example.com", subject: "Sizes", message: "Do you have XL?" },
    });
    const dash = await staff.call("GET", "/api/admin/dashboard");
    expect(dash.status).toBe(200);
    const d = dash.body.dashboard as {
      today: { orders: number; revenueFils: number };
      month: { orders: number; revenueFils: number };
      toPack: number;
      newMessages: number;
      newStitchingRequests: number;
      lowStockThreshold: number;
      lowStock: { productId: string }[];
    };
    const p = dubaiPeriods(new Date());
    const placed = await db
      .selectFrom("orders")
      .select(["total_fils", "status", "placed_at"])
      .where("placed_at", "is not", null)
      .execute();
    const inDay = placed.filter(
      (o) => o.status !== "Cancelled" && o.placed_at! >= p.dayStart && o.placed_at! < p.dayEnd,
    );
    expect(d.today.orders).toBe(inDay.length);
    expect(d.today.revenueFils).toBe(inDay.reduce((s, o) => s + Number(o.total_fils), 0));
    expect(d.today.orders).toBeGreaterThan(0);
    expect(d.month.orders).toBeGreaterThanOrEqual(d.today.orders);
    expect(d.toPack).toBe(placed.filter((o) => o.status === "Order Placed").length);
    expect(d.newMessages).toBe(1);
    expect(d.newStitchingRequests).toBe(0);
    expect(d.lowStockThreshold).toBe(5);
    expect(dubaiPeriods(new Date("2026-11-23T20:30:00Z")).dayStart).toBe("2026-11-23T20:00:00.000Z");
    expect(dubaiPeriods(new Date("2026-11-30T21:00:00Z")).monthStart).toBe("2026-11-30T20:00:00.000Z");
  });

  it("the inbox: status and notes, a reply by e-mail kept on the message; no e-mail, no reply", async () => {
    const sent = await api(store.base, "POST", "/api/contact/send", {
      body: {
        name: "Layla",
        email: "layla@example.com",
        subject: "Alterations",
        message: "Can you shorten sleeves?",
      },
    });
    expect(sent.status).toBe(201);
    const list = await staff.call("GET", "/api/admin/inbox?kind=contact&status=new");
    const item = (list.body.items as { id: string; reference: string; name: string }[]).find(
      (i) => i.reference === sent.body.reference,
    );
    expect(item?.name).toBe("Layla");
    const url = `/api/admin/inbox/contact/${item!.id}`;
    const noted = await staff.call("PATCH", url, { notes: "Ask for measurements" });
    expect(noted.body.item).toMatchObject({ notes: "Ask for measurements", status: "new" });
    const since = smtp.received.length;
    const reply = await staff.call("POST", `${url}/reply`, {
      message: "Yes, we can.\nBring the abaya to our Business Bay office.",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const mail = await smtp.waitFor("layla@example.com", { since, subject: /Re: Alterations/ });
    expect(mail.raw).toContain("Bring the abaya to our Business Bay office.");
    expect(reply.body.item).toMatchObject({ status: "in_progress" });
    expect((reply.body.item as { replies: { message: string }[] }).replies.map((r) => r.message)).toEqual([
      "Yes, we can.\nBring the abaya to our Business Bay office.",
    ]);
    const done = await staff.call("PATCH", url, { status: "done" });
    expect(done.body.item).toMatchObject({ status: "done" });
    const empty = await staff.call("PATCH", url, {});
    expect(empty.status).toBe(400);

    const request = await store.app.inject({
      method: "POST",
      url: "/api/stitching/request",
      headers: { "x-forwarded-for": freshIp() },
      payload: {
        name: "Huda",
        phoneNumber: "050 765 4321",
        addressType: "Home",
        fullAddress: "Villa 3, Al Barsha",
        city: "Dubai",
        pinCode: "123456",
        serviceType: "Graceful Abayas",
        itemCount: "2",
      },
    });
    expect(request.statusCode).toBe(201);
    const stitching = await staff.call("GET", "/api/admin/inbox?kind=stitching");
    const st = (stitching.body.items as { id: string }[])[0]!;
    const detail = await staff.call("GET", `/api/admin/inbox/stitching/${st.id}`);
    expect((detail.body.item as { fields: { label: string; value: string }[] }).fields).toContainEqual({
      label: "Pin code",
      value: "123456",
    });
    const noEmail = await staff.call("POST", `/api/admin/inbox/stitching/${st.id}/reply`, {
      message: "Hello",
    });
    expect(noEmail.status).toBe(409);
    expect(noEmail.body.code).toBe("no_email");
    const replies = await store.database.db
      .selectFrom("request_replies")
      .select("id")
      .where("request_id", "=", st.id)
      .execute();
    expect(replies).toEqual([]);
  });
});
