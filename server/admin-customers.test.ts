import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "./ids.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  ADDRESS,
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * The back office's customers (issue 26; decision 0026): the list found by name, e-mail and phone with
 * each shopper's figures, and one shopper's page gathering her orders, addresses, contact messages,
 * stitching requests and reviews, with links to call her and to write to her on WhatsApp.
 */

interface Summary {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  ordersCount: number;
  totalSpentFils: number;
  lastOrderAt: string | null;
  codRefusals: number;
}

describe.each(TEST_ENGINES)("the back office's customers on $name", (engine) => {
  let store: ListeningStore;
  let staff: AdminClient;
  let owner: AdminClient;
  let product: TestProduct;
  let mariam: { id: string; token: string; email: string; phone: string };
  const orderIds: string[] = [];

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", REQUEST_RATE_LIMIT_PER_IP: "1000" });
    const db = store.database.db;
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    product = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }],
    });
    const shopper = await newShopper(store.base, db);
    await db.updateTable("users").set({ name: "Mariam Haddad" }).where("id", "=", shopper.id).execute();
    const user = await db
      .selectFrom("users")
      .select("phone")
      .where("id", "=", shopper.id)
      .executeTakeFirstOrThrow();
    mariam = { ...shopper, phone: user.phone };
    // Another shopper, who must not appear in Mariam's figures or searches.
    const other = await newShopper(store.base, db);
    await placeCod(other.token, 1);

    // Three orders: delivered (2 units), refused at the door (shipped, then cancelled), and a test order.
    for (const quantity of [2, 1, 1]) orderIds.push(await placeCod(mariam.token, quantity));
    const move = async (id: string | undefined, status: string) => {
      const body = { status, courier: "Shop delivery" };
      const res = await staff.call("POST", `/api/admin/orders/${id}/status`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    for (const status of ["Packing", "Shipped", "Out for Delivery", "Delivered"])
      await move(orderIds[0], status);
    for (const status of ["Shipped", "Cancelled"]) await move(orderIds[1], status);
    await db
      .updateTable("orders")
      .set({ is_test: true })
      .where("id", "=", orderIds[2] ?? "")
      .execute();

    const saved = await api(store.base, "POST", "/api/address/save", {
      token: mariam.token,
      body: { address: ADDRESS },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const now = new Date().toISOString();
    // A message sent signed out from her address, and a stitching request giving her phone only.
    await db
      .insertInto("contact_messages")
      .values({
        id: newId(),
        reference: "CM-TEST1",
        user_id: null,
        name: "Mariam",
        email: mariam.email.toUpperCase(),
        subject: "About my order",
        message: "Where is it?",
        created_at: now,
      })
      .execute();
    await db
      .insertInto("stitching_requests")
      .values({
        id: newId(),
        reference: "SR-TEST1",
        user_id: null,
        name: "Mariam",
        phone: `+971 ${mariam.phone.slice(4)}`,
        email: null,
        address_type: "Home",
        full_address: "Villa 12",
        landmark: null,
        city: "Dubai",
        pin_code: "00000",
        service_type: "Alteration",
        item_count: 3,
        message: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto("reviews")
      .values({
        id: newId(),
        product_id: product.productId,
        user_id: mariam.id,
        user_name: "Mariam",
        rating: 5,
        comment: "Beautiful fabric",
        is_verified_purchase: true,
        status: "published",
        created_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  async function placeCod(token: string, quantity: number): Promise<string> {
    const res = await api(store.base, "POST", "/api/order/place", {
      token,
      body: orderPayload([{ product, quantity }], { price: { payment_mode: "cod" } }),
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    return (res.body.order as { _id: string })._id;
  }

  async function find(search: string): Promise<Summary[]> {
    const res = await staff.call("GET", `/api/admin/customers?search=${encodeURIComponent(search)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.customers as Summary[];
  }

  it("finds a shopper by name, e-mail or phone as typed, with her orders, spending and refusals", async () => {
    const national = mariam.phone.slice(4); // +9715XXXXXXXX → 5XXXXXXXX
    for (const search of [
      "mariam had",
      mariam.email.toUpperCase(),
      `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
      `+971${national}`,
    ]) {
      const found = await find(search);
      expect(
        found.map((c) => c.id),
        search,
      ).toEqual([mariam.id]);
    }
    const [row] = await find("Mariam Haddad");
    // The delivered order of two units at 450 AED; the refused and the test order are not spending.
    const delivered = await store.database.db
      .selectFrom("orders")
      .select("total_fils")
      .where("id", "=", orderIds[0] ?? "")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Mariam Haddad",
      email: mariam.email,
      phone: mariam.phone,
      ordersCount: 2,
      totalSpentFils: Number(delivered.total_fils),
      codRefusals: 1,
    });
    expect(Number(delivered.total_fils)).toBeGreaterThanOrEqual(90_000);
    expect(row?.lastOrderAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await find("nobody-like-this")).toEqual([]);
    // Staff and the back office's own accounts are not customers.
    expect((await find("staff")).length).toBe(0);
    const all = await owner.call("GET", "/api/admin/customers?limit=100");
    expect(all.body.total).toBe(2);
    expect((all.body.customers as Summary[])[0]?.id).toBe(mariam.id);
  });

  it("gathers one shopper's orders, addresses, messages, stitching requests and reviews", async () => {
    const res = await staff.call("GET", `/api/admin/customers/${mariam.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as unknown as {
      customer: Summary & { telHref: string; whatsappHref: string };
      orders: { id: string; isTest: boolean; status: string }[];
      addresses: { address: string; city: string; isPrimary: boolean }[];
      messages: { reference: string; subject: string }[];
      stitchingRequests: { reference: string; itemCount: number }[];
      reviews: { productName: string; rating: number; status: string }[];
    };
    expect(body.customer.telHref).toBe(`tel:${mariam.phone}`);
    expect(body.customer.whatsappHref).toBe(`https://wa.me/${mariam.phone.slice(1)}`);
    expect(body.orders.map((o) => o.id).sort()).toEqual([...orderIds].sort());
    expect(body.orders.find((o) => o.id === orderIds[1])?.status).toBe("Cancelled");
    expect(body.orders.find((o) => o.id === orderIds[2])?.isTest).toBe(true);
    expect(body.addresses).toEqual([
      expect.objectContaining({
        address: "Villa 12, Street 4, Al Barsha 2, Near the park",
        city: "Dubai",
        isPrimary: true,
      }),
    ]);
    expect(body.messages.map((m) => `${m.reference} ${m.subject}`)).toEqual(["CM-TEST1 About my order"]);
    expect(body.stitchingRequests.map((r) => `${r.reference} ${r.itemCount}`)).toEqual(["SR-TEST1 3"]);
    expect(body.reviews.map((r) => `${r.productName} ${r.rating} ${r.status}`)).toEqual([
      "Ivory Chiffon Abaya 5 published",
    ]);
    // The order list takes the same filter the page links to.
    const orders = await staff.call("GET", `/api/admin/orders?customer=${mariam.id}`);
    expect(orders.body.total).toBe(3);
  });

  it("answers staff and owner, refuses the signed-out and shoppers, and refuses bad input plainly", async () => {
    expect((await owner.call("GET", `/api/admin/customers/${mariam.id}`)).status).toBe(200);
    const anonymous = await store.app.inject({ method: "GET", url: "/api/admin/customers" });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await store.app.inject({
      method: "GET",
      url: `/api/admin/customers/${mariam.id}`,
      headers: { token: mariam.token },
    });
    expect(shopper.statusCode).toBe(403);
    const missing = await staff.call("GET", "/api/admin/customers/no-such-person");
    expect([missing.status, missing.body.code]).toEqual([404, "not_found"]);
    // A back-office account is not a customer page.
    const staffRow = await store.database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "staff")
      .executeTakeFirstOrThrow();
    expect((await staff.call("GET", `/api/admin/customers/${staffRow.id}`)).status).toBe(404);
    const tooMany = await staff.call("GET", "/api/admin/customers?limit=1000");
    expect([tooMany.status, tooMany.body.code]).toEqual([400, "validation"]);
  });
});
