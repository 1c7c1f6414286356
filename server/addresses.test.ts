import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressDto } from "#core/schemas/account.schema.ts";
import { buildApp } from "./app.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { insertTestOrder } from "./testing/orders.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOME = {
  first_name: "Amal",
  last_name: "Rahman",
  address: "Villa 12, Street 5, Al Barsha 2",
  landmark: "Near Al Barsha Mall",
  city: "Dubai",
  state: "Dubai",
  postcode: "00000",
  country: "UAE",
  phone: "050 123 4567",
};
const OFFICE = {
  first_name: "Amal",
  address: "Office 1204, Al Manara Tower, Business Bay",
  city: "Dubai",
  state: "dubai",
  postcode: "12345",
  country: "United Arab Emirates",
};
const WORK = { ...OFFICE, address: "Unit 3, Mussafah Industrial", city: "Abu Dhabi", state: "Abu Dhabi" };

interface AddressList {
  success: boolean;
  addresses: AddressDto[];
  primaryAddress: AddressDto | null;
}

describe.each(TEST_ENGINES)("addresses and orders on $name", (engine) => {
  let store: TestStore;
  let counter = 0;

  beforeAll(async () => {
    // No JWT_SECRET: the store generates its secret and keeps it in app_meta.
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (url: string, body: unknown, token?: string) =>
    call(store.app, "POST", url, { body, token, ip: freshIp() });
  const list = async (token: string) => {
    const res = await call(store.app, "GET", "/api/address/get", { token });
    expect(res.status).toBe(200);
    return res.body as unknown as AddressList;
  };

  /** A shopper with an e-mail already verified, signed in. */
  async function shopper() {
    counter += 1;
    const email = `addr${counter}@example.com`;
    const phone = freshPhone();
    await post("/api/user/register", { name: `Addr ${counter}`, phone, password: "password-1" });
    const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
    const token = login.body.token as string;
    // Give the account a verified e-mail, so addresses show it.
    const user = await store.database.db
      .selectFrom("users")
      .select("id")
      .where("phone", "=", `+971${phone.slice(1)}`)
      .executeTakeFirstOrThrow();
    await store.database.db
      .updateTable("users")
      .set({ email, email_verified: true })
      .where("id", "=", user.id)
      .execute();
    return { id: user.id, email, phone, token };
  }

  describe("the address book", () => {
    it("starts empty", async () => {
      const a = await shopper();
      expect(await list(a.token)).toEqual({ success: true, addresses: [], primaryAddress: null });
    });

    it("saves addresses; the first becomes primary; the e-mail comes from the account", async () => {
      const a = await shopper();
      const first = await post(
        "/api/address/save",
        { address: { ...HOME, email: "evil@example.com" } },
        a.token,
      );
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ success: true, message: "Address added." });
      const second = await post("/api/address/save", { address: OFFICE }, a.token);
      expect(second.status).toBe(201);

      const book = await list(a.token);
      expect(book.addresses).toHaveLength(2);
      expect(book.addresses[0]).toEqual({
        _id: expect.any(String),
        ...HOME,
        phone: "+971501234567",
        email: a.email,
      });
      expect(book.addresses[1]).toMatchObject({
        ...OFFICE,
        state: "Dubai",
        country: "UAE",
        last_name: "",
        landmark: "",
        phone: "",
        email: a.email,
      });
      expect(book.primaryAddress).toEqual(book.addresses[0]);
    });

    it("sets the primary by index, edits by index, and removing the primary falls back to the first", async () => {
      const a = await shopper();
      for (const address of [HOME, OFFICE, WORK]) await post("/api/address/save", { address }, a.token);

      const primary = await post("/api/address/set-primary", { addressIndex: 1 }, a.token);
      expect(primary.body).toEqual({ success: true, message: "Primary address updated." });
      let book = await list(a.token);
      expect(book.primaryAddress?.address).toBe(OFFICE.address);

      const edit = await post(
        "/api/address/edit",
        { addressIndex: 2, address: { ...WORK, landmark: "Behind the mosque" } },
        a.token,
      );
      expect(edit.body).toEqual({ success: true, message: "Address updated." });
      book = await list(a.token);
      expect(book.addresses[2]).toMatchObject({ landmark: "Behind the mosque", city: "Abu Dhabi" });
      expect(book.primaryAddress?.address).toBe(OFFICE.address);

      // Removing a non-primary address keeps the primary and closes the gap.
      const removeFirst = await post("/api/address/remove", { addressIndex: 0 }, a.token);
      expect(removeFirst.body).toEqual({ success: true, message: "Address removed." });
      book = await list(a.token);
      expect(book.addresses.map((x) => x.address)).toEqual([OFFICE.address, WORK.address]);
      expect(book.primaryAddress?.address).toBe(OFFICE.address);

      // Removing the primary: the first one left takes over.
      await post("/api/address/remove", { addressIndex: 0 }, a.token);
      book = await list(a.token);
      expect(book.addresses.map((x) => x.address)).toEqual([WORK.address]);
      expect(book.primaryAddress?.address).toBe(WORK.address);

      await post("/api/address/remove", { addressIndex: 0 }, a.token);
      expect(await list(a.token)).toEqual({ success: true, addresses: [], primaryAddress: null });
    });

    it("answers an index outside the list with 404 and bad indexes with 400, changing nothing", async () => {
      const a = await shopper();
      await post("/api/address/save", { address: HOME }, a.token);
      const before = await list(a.token);
      for (const url of ["/api/address/remove", "/api/address/set-primary"]) {
        const out = await post(url, { addressIndex: 5 }, a.token);
        expect(out.status).toBe(404);
        expect(out.body).toEqual({
          success: false,
          code: "not_found",
          message: "That address is no longer in your list. Please refresh and try again.",
        });
        for (const addressIndex of [-1, 1.5, "x", null, undefined]) {
          const bad = await post(url, { addressIndex }, a.token);
          expect(bad.status).toBe(400);
          expect(bad.body.message).toBe("Please choose one of your saved addresses.");
        }
      }
      const edit = await post("/api/address/edit", { addressIndex: 1, address: OFFICE }, a.token);
      expect(edit.status).toBe(404);
      expect(await list(a.token)).toEqual(before);
    });

    it.each([
      [{ ...HOME, first_name: "" }, "Please enter a first name."],
      [{ ...HOME, address: " " }, "Please enter the street address."],
      [{ ...HOME, city: undefined }, "Please enter the city."],
      [
        { ...HOME, state: "Texas" },
        "Please choose an emirate: Abu Dhabi, Dubai, Sharjah, Ajman, Umm Al Quwain, Ras Al Khaimah or Fujairah.",
      ],
      [{ ...HOME, postcode: "" }, "Please enter the postcode."],
      [
        { ...HOME, postcode: "<script>" },
        "Please enter a valid postcode: up to 12 letters, digits, spaces or dashes.",
      ],
      [{ ...HOME, country: "USA" }, "We deliver only within the UAE."],
      [{ ...HOME, country: "" }, "We deliver only within the UAE."],
      [{ ...HOME, phone: "12345" }, "Please enter a valid UAE mobile number, such as 050 123 4567."],
      [{ ...HOME, landmark: "x".repeat(101) }, "The landmark can be at most 100 characters."],
      ["a string", "Please send the address to save."],
    ])("refuses the address %j with 400, saving and editing nothing", async (address, message) => {
      const a = await shopper();
      await post("/api/address/save", { address: HOME }, a.token);
      const before = await list(a.token);
      const save = await post("/api/address/save", { address }, a.token);
      expect(save.status).toBe(400);
      expect(save.body).toEqual({ success: false, code: "validation", message });
      const edit = await post("/api/address/edit", { addressIndex: 0, address }, a.token);
      expect(edit.status).toBe(400);
      expect(await list(a.token)).toEqual(before);
    });

    it("refuses a first name or city made only of invisible characters, storing nothing", async () => {
      const a = await shopper();
      for (const [field, blank, message] of [
        ["first_name", "\u200b\u200b\u200b", "Please enter a first name."],
        ["city", "\u202e\u202d\u2066", "Please enter the city."],
      ] as const) {
        const res = await post("/api/address/save", { address: { ...HOME, [field]: blank } }, a.token);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, code: "validation", message });
      }
      expect((await list(a.token)).addresses).toEqual([]);
      // Visible text around invisible characters is stored clean.
      const saved = await post(
        "/api/address/save",
        { address: { ...HOME, city: "\u200bDu\u200bbai\u00a0" } },
        a.token,
      );
      expect(saved.status).toBe(201);
      expect((await list(a.token)).addresses[0]?.city).toBe("Dubai");
      // A NUL is not text at all (issue 21): refused, naming the field, rather than dropped.
      const nul = await post("/api/address/save", { address: { ...HOME, city: "Du\u0000bai" } }, a.token);
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ code: "invalid_text", field: "address.city" });
      expect((await list(a.token)).addresses).toHaveLength(1);
    });

    it("refuses a body without an address", async () => {
      const a = await shopper();
      const res = await post("/api/address/save", {}, a.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please send the address to save.");
    });

    it("keeps at most 20 addresses", async () => {
      const a = await shopper();
      for (let i = 0; i < 20; i++) {
        expect(
          (await post("/api/address/save", { address: { ...HOME, postcode: String(i) } }, a.token)).status,
        ).toBe(201);
      }
      const over = await post("/api/address/save", { address: HOME }, a.token);
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        code: "address_limit",
        message: "You can save up to 20 addresses. Please remove one first.",
      });
      expect((await list(a.token)).addresses).toHaveLength(20);
    });

    it("shows the account's current e-mail on every address", async () => {
      const a = await shopper();
      await post("/api/address/save", { address: HOME }, a.token);
      await post("/api/user/update", { name: "Amal", email: `new-${a.email}`, phone: a.phone }, a.token);
      expect((await list(a.token)).addresses[0]?.email).toBe(`new-${a.email}`);
    });
  });

  describe("one shopper cannot reach another's addresses", () => {
    it("keeps the lists apart and ignores a userId in the body", async () => {
      const a = await shopper();
      const b = await shopper();
      await post("/api/address/save", { address: HOME }, b.token);
      await post("/api/address/save", { address: OFFICE }, b.token);
      const bBefore = await list(b.token);

      expect((await list(a.token)).addresses).toEqual([]);
      const save = await post("/api/address/save", { userId: b.id, address: WORK }, a.token);
      expect(save.status).toBe(201);
      for (const [url, body] of [
        ["/api/address/set-primary", { userId: b.id, addressIndex: 1 }],
        ["/api/address/edit", { userId: b.id, addressIndex: 1, address: WORK }],
        ["/api/address/remove", { userId: b.id, addressIndex: 1 }],
      ] as const) {
        const res = await post(url, body, a.token);
        expect(res.status).toBe(404);
      }
      expect(await list(b.token)).toEqual(bBefore);
      const aBook = await list(a.token);
      expect(aBook.addresses.map((x) => x.address)).toEqual([WORK.address]);
    });

    it("answers every address call without a valid token with 401", async () => {
      for (const [method, url] of [
        ["GET", "/api/address/get"],
        ["POST", "/api/address/save"],
        ["POST", "/api/address/edit"],
        ["POST", "/api/address/remove"],
        ["POST", "/api/address/set-primary"],
        ["POST", "/api/order/userorders"],
      ] as const) {
        for (const token of [undefined, "forged.token.value"]) {
          const res = await call(store.app, method, url, {
            token,
            body: method === "POST" ? { addressIndex: 0, address: HOME } : undefined,
          });
          expect(res.status).toBe(401);
          expect(res.body.success).toBe(false);
          expect(res.body.message).toEqual(expect.any(String));
        }
      }
    });
  });

  describe("POST /api/order/userorders", () => {
    it("answers an empty list until there are orders", async () => {
      const a = await shopper();
      const res = await post("/api/order/userorders", { userId: a.id }, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, orders: [] });
    });

    it("returns only the token's user's placed orders, newest first, whatever userId the body names", async () => {
      const a = await shopper();
      const b = await shopper();
      const db = store.database.db;
      await insertTestOrder(db, { userId: a.id, at: "2026-11-01T10:00:00.000Z", status: "Delivered" });
      await insertTestOrder(db, { userId: a.id, at: "2026-11-20T10:00:00.000Z", status: "Packing" });
      // A payment still in progress is not an order to the shopper.
      await insertTestOrder(db, {
        userId: a.id,
        at: "2026-11-22T10:00:00.000Z",
        status: "Awaiting payment",
        placedAt: null,
      });
      await insertTestOrder(db, { userId: b.id, at: "2026-11-21T10:00:00.000Z", status: "Shipped" });

      const res = await post("/api/order/userorders", { userId: b.id }, a.token);
      expect(res.status).toBe(200);
      const orders = res.body.orders as {
        status: string;
        date: string;
        line_items: unknown[];
        price: unknown;
      }[];
      expect(orders.map((o) => o.status)).toEqual(["Packing", "Delivered"]);
      expect(orders[0]).toMatchObject({
        _id: expect.any(String),
        date: "2026-11-20T10:00:00.000Z",
        status: "Packing",
        line_items: [{ sku_id: "SKU-1", quantity: 2, price: "450", image: "/media/x.webp" }],
        price: { currency_code: "AED", payment_mode: "online" },
        address: { first_name: "Amal", city: "Dubai" },
        createdAt: "2026-11-20T10:00:00.000Z",
      });
      const theirs = await post("/api/order/userorders", {}, b.token);
      expect((theirs.body.orders as unknown[]).length).toBe(1);
    });
  });

  describe("several app processes on one database", () => {
    it("share the generated secret (app_meta), so a token from one works on another", async () => {
      const a = await shopper();
      const secret = await store.database.db
        .selectFrom("app_meta")
        .select("value")
        .where("key", "=", "app_secret")
        .executeTakeFirstOrThrow();
      expect(secret.value.length).toBeGreaterThanOrEqual(40);
      const other = await buildApp({ config: store.config, database: store.database, logger: false });
      try {
        const res = await call(other.app, "GET", "/api/user/profile", { token: a.token });
        expect(res.status).toBe(200);
        expect((res.body.user as { _id: string })._id).toBe(a.id);
      } finally {
        await other.app.close();
      }
    });
  });
});
