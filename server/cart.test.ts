import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartQuote } from "#core/cart.ts";
import { type ApiAnswer, call, freshIp, freshPhone } from "./testing/accounts.ts";
import { addCartProducts as addProducts } from "./testing/cart.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

describe.each(TEST_ENGINES)("cart on $name", (engine) => {
  let store: TestStore;
  let products: Awaited<ReturnType<typeof addProducts>>;

  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    products = await addProducts(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (url: string, body: unknown, token?: string): Promise<ApiAnswer> =>
    call(store.app, "POST", url, { body, token, ip: freshIp() });

  describe("POST /api/cart/quote", () => {
    it("prices each line with the server's price and counts totals in fils", async () => {
      const res = await post("/api/cart/quote", {
        lines: [
          { productId: products.abaya.id, size: "M/54", color: "Navy", quantity: 2 },
          { productId: products.fabric.id, size: "Free", quantity: 1 },
          { productId: products.abaya.id, size: "XL/58", quantity: 1 },
        ],
      });
      expect(res.status).toBe(200);
      const quote = res.body as unknown as CartQuote;
      expect(quote.lines[0]).toEqual({
        productId: products.abaya.id,
        slug: "test-crepe-abaya",
        name: "Test Crepe Abaya",
        image: "/media/test-abaya.svg",
        size: "M/54",
        color: "Navy",
        sku: "TCA-M54",
        quantity: 2,
        price: 450,
        salePrice: 360,
        unitPriceFils: 36000,
        lineTotalFils: 72000,
        available: 3,
        problem: null,
      });
      expect(quote.lines[1]).toMatchObject({ color: "Ivory", unitPriceFils: 29999, lineTotalFils: 29999 });
      expect(quote.lines[1]).not.toHaveProperty("salePrice");
      // Not tracked: no stock figure, the 9999 cap applies.
      expect(quote.lines[2]).toMatchObject({ available: null, problem: null, lineTotalFils: 49950 });
      expect(quote).toMatchObject({
        success: true,
        subtotalFils: 72000 + 29999 + 49950,
        shippingFils: 0,
        totalFils: 72000 + 29999 + 49950,
        itemCount: 4,
        canCheckout: true,
      });
    });

    it("marks lines above stock, sold out or gone with SPEC's texts and blocks checkout", async () => {
      const res = await post("/api/cart/quote", {
        lines: [
          { productId: products.abaya.id, size: "M/54", color: "Black", quantity: 4 },
          { productId: products.abaya.id, size: "L/56", color: "Black", quantity: 1 },
          { productId: "no-such-product", size: "M/54", quantity: 1 },
          { productId: products.fabric.id, size: "XS/50", quantity: 1 },
        ],
      });
      expect(res.status).toBe(200);
      const quote = res.body as unknown as CartQuote;
      expect(quote.lines.map((l) => l.problem)).toEqual([
        "Stock error: Only 3 in stock for Test Crepe Abaya (M/54)",
        "Test Crepe Abaya (L/56) is out of stock",
        "This product is no longer available.",
        "This product is no longer available.",
      ]);
      expect(quote.canCheckout).toBe(false);
    });

    it("counts one size's stock across its colours", async () => {
      const res = await post("/api/cart/quote", {
        lines: [
          { productId: products.abaya.id, size: "M/54", color: "Black", quantity: 2 },
          { productId: products.abaya.id, size: "M/54", color: "Navy", quantity: 2 },
        ],
      });
      const quote = res.body as unknown as CartQuote;
      expect(quote.lines.map((l) => l.problem)).toEqual([
        "Stock error: Only 3 in stock for Test Crepe Abaya (M/54)",
        "Stock error: Only 3 in stock for Test Crepe Abaya (M/54)",
      ]);
    });

    it("ignores a client's price and needs no token", async () => {
      const res = await post("/api/cart/quote", {
        lines: [{ productId: products.fabric.id, size: "Free", quantity: 2, price: 1, unitPriceFils: 1 }],
        subtotalFils: 2,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ subtotalFils: 59998, totalFils: 59998 });
    });

    it.each([
      [{}, "Send 1 to 100 cart lines."],
      [{ lines: [] }, "Send 1 to 100 cart lines."],
      [
        {
          lines: Array.from({ length: 101 }, () => ({
            productId: "p",
            size: "M/54",
            quantity: 1,
          })),
        },
        "Send 1 to 100 cart lines.",
      ],
      [{ lines: [{ size: "M/54", quantity: 1 }] }, "Please choose a product."],
      [{ lines: [{ productId: "p", size: "M/54", quantity: 0 }] }, "Quantity must be a whole number from 1."],
      [
        { lines: [{ productId: "p", size: "M/54", quantity: 1.5 }] },
        "Quantity must be a whole number from 1.",
      ],
      [
        { lines: [{ productId: "p", size: "M/54", quantity: "2" }] },
        "Quantity must be a whole number from 1.",
      ],
    ])("refuses %j with 400", async (body, message) => {
      const res = await post("/api/cart/quote", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation", message });
    });
  });

  let counter = 0;
  /** A signed-in shopper (phone sign-up needs no e-mail code). */
  async function shopper() {
    counter += 1;
    const phone = freshPhone();
    await post("/api/user/register", { name: `Cart ${counter}`, phone, password: "password-1" });
    const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
    expect(login.status).toBe(200);
    const user = await store.database.db
      .selectFrom("users")
      .select("id")
      .where("phone", "=", `+971${phone.slice(1)}`)
      .executeTakeFirstOrThrow();
    return { id: user.id, token: login.body.token as string };
  }
  const cartOf = async (token: string) => {
    const res = await post("/api/cart/get", {}, token);
    expect(res.status).toBe(200);
    return res.body.cartData as Record<string, unknown>;
  };

  describe("the server cart (POST /api/cart/get, add, update, clear)", () => {
    it("adds lines by size and colour; cartData maps the product to its total and lines", async () => {
      const a = await shopper();
      expect(await cartOf(a.token)).toEqual({});
      const first = await post(
        "/api/cart/add",
        { itemId: products.abaya.id, size: "M/54", color: "Navy", quantity: 1 },
        a.token,
      );
      expect(first.status).toBe(200);
      await post(
        "/api/cart/add",
        { itemId: products.abaya.id, size: "M/54", color: "Navy", quantity: 1 },
        a.token,
      );
      await post("/api/cart/add", { itemId: products.abaya.id, size: "XL/58", quantity: 4 }, a.token);
      // One size only: no size needed.
      await post("/api/cart/add", { itemId: products.fabric.id, quantity: 2 }, a.token);
      expect(await cartOf(a.token)).toEqual({
        [products.abaya.id]: {
          quantity: 6,
          lines: [
            { size: "M/54", color: "Navy", quantity: 2 },
            { size: "XL/58", color: "Black", quantity: 4 },
          ],
        },
        [products.fabric.id]: { quantity: 2, lines: [{ size: "Free", color: "Ivory", quantity: 2 }] },
      });
    });

    it("updates a line's quantity, removes it at 0, and clears the cart", async () => {
      const a = await shopper();
      await post("/api/cart/add", { itemId: products.abaya.id, size: "M/54", quantity: 1 }, a.token);
      await post("/api/cart/add", { itemId: products.fabric.id, quantity: 1 }, a.token);
      const up = await post(
        "/api/cart/update",
        { itemId: products.abaya.id, size: "M/54", quantity: 3 },
        a.token,
      );
      expect(up.status).toBe(200);
      expect((up.body.cartData as Record<string, { quantity: number }>)[products.abaya.id]?.quantity).toBe(3);
      await post("/api/cart/update", { itemId: products.abaya.id, size: "M/54", quantity: 0 }, a.token);
      expect(Object.keys(await cartOf(a.token))).toEqual([products.fabric.id]);
      const cleared = await post("/api/cart/clear", {}, a.token);
      expect(cleared.body).toEqual({ success: true, cartData: {} });
      expect(await cartOf(a.token)).toEqual({});
    });

    it.each([
      [
        "/api/cart/add",
        { itemId: "no-such-product", size: "M/54", quantity: 1 },
        404,
        "product_unavailable",
        "This product is no longer available.",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "S/52", quantity: 1 },
        400,
        "size_unknown",
        "This size is not available.",
      ],
      ["/api/cart/add", { itemId: "ABAYA", quantity: 1 }, 400, "size_required", "Please select a size"],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "M/54", color: "Pink", quantity: 1 },
        400,
        "color_unknown",
        "This colour is not available.",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "M/54", quantity: 0 },
        400,
        "validation",
        "Quantity must be a whole number from 1.",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "M/54", quantity: -1 },
        400,
        "validation",
        "Quantity must be a whole number from 1.",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "M/54", quantity: 1.5 },
        400,
        "validation",
        "Quantity must be a whole number from 1.",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "M/54", quantity: 3 },
        409,
        "out_of_stock",
        "Only 3 in stock for selected size",
      ],
      [
        "/api/cart/add",
        { itemId: "ABAYA", size: "L/56", quantity: 1 },
        409,
        "out_of_stock",
        "Only 0 in stock for selected size",
      ],
      ["/api/cart/add", { size: "M/54", quantity: 1 }, 400, "validation", "Please choose a product."],
      [
        "/api/cart/update",
        { itemId: "ABAYA", size: "M/54", quantity: 4 },
        409,
        "out_of_stock",
        "Only 3 in stock for selected size",
      ],
      [
        "/api/cart/update",
        { itemId: "ABAYA", size: "M/54", quantity: -1 },
        400,
        "validation",
        "Quantity must be a whole number from 0.",
      ],
      [
        "/api/cart/update",
        { itemId: "ABAYA", size: "M/54", quantity: 2.5 },
        400,
        "validation",
        "Quantity must be a whole number from 0.",
      ],
      [
        "/api/cart/update",
        { itemId: "no-such-product", size: "M/54", quantity: 1 },
        404,
        "product_unavailable",
        "This product is no longer available.",
      ],
      [
        "/api/cart/update",
        { itemId: "no-such-product", quantity: 0 },
        404,
        "product_unavailable",
        "This product is no longer available.",
      ],
      [
        "/api/cart/update",
        { itemId: "ABAYA", size: "XS/50", quantity: 1 },
        400,
        "size_unknown",
        "This size is not available.",
      ],
    ])("%s refuses %j with %i and leaves the cart as it was", async (url, body, status, code, message) => {
      const a = await shopper();
      await post("/api/cart/add", { itemId: products.abaya.id, size: "M/54", quantity: 1 }, a.token);
      const before = await cartOf(a.token);
      const withId = {
        ...body,
        ...("itemId" in body && body.itemId === "ABAYA" ? { itemId: products.abaya.id } : {}),
      };
      const res = await post(url, withId, a.token);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, code, message });
      expect(await cartOf(a.token)).toEqual(before);
    });

    it.each(["/api/cart/get", "/api/cart/add", "/api/cart/update", "/api/cart/clear", "/api/cart/merge"])(
      "%s answers 401 without a token or with a forged one",
      async (url) => {
        const body = { itemId: products.fabric.id, quantity: 1, lines: [] };
        const missing = await post(url, body);
        expect(missing.status).toBe(401);
        expect(missing.body.success).toBe(false);
        expect(missing.body.message).toEqual(expect.any(String));
        const a = await shopper();
        const forged = `${a.token.slice(0, -4)}AAAA`;
        expect((await post(url, body, forged)).status).toBe(401);
        expect((await post(url, body, "not-a-token")).status).toBe(401);
        expect(await cartOf(a.token)).toEqual({});
      },
    );

    it("keeps each shopper's cart their own; a userId in the body is ignored", async () => {
      const a = await shopper();
      const b = await shopper();
      await post("/api/cart/add", { itemId: products.fabric.id, quantity: 2 }, b.token);
      const bCart = await cartOf(b.token);
      // A names B in every way a body could; the token decides.
      await post("/api/cart/add", { itemId: products.fabric.id, quantity: 1, userId: b.id }, a.token);
      await post("/api/cart/update", { itemId: products.fabric.id, quantity: 0, userId: b.id }, a.token);
      await post("/api/cart/clear", { userId: b.id }, a.token);
      const read = await post("/api/cart/get", { userId: b.id }, a.token);
      expect(read.body.cartData).toEqual({});
      expect(await cartOf(b.token)).toEqual(bCart);
      expect(bCart).toEqual({
        [products.fabric.id]: { quantity: 2, lines: [{ size: "Free", color: "Ivory", quantity: 2 }] },
      });
    });
  });

  it("answers every one of many adds at once without a 500, never passing the stock", async () => {
    const a = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post("/api/cart/add", { itemId: products.abaya.id, size: "M/54", quantity: 1 }, a.token),
      ),
    );
    for (const res of answers) expect([200, 409]).toContain(res.status);
    const cart = (await cartOf(a.token)) as Record<string, { quantity: number }>;
    expect(cart[products.abaya.id]?.quantity).toBeGreaterThanOrEqual(1);
    expect(cart[products.abaya.id]?.quantity).toBeLessThanOrEqual(3);
  });

  describe("POST /api/cart/merge (log-in)", () => {
    it("keeps the larger quantity of a line, capped at stock, and lines only one side holds", async () => {
      const a = await shopper();
      await post(
        "/api/cart/add",
        { itemId: products.abaya.id, size: "M/54", color: "Black", quantity: 1 },
        a.token,
      );
      await post("/api/cart/add", { itemId: products.fabric.id, quantity: 5 }, a.token);
      const res = await post(
        "/api/cart/merge",
        {
          lines: [
            { productId: products.abaya.id, size: "M/54", color: "Black", quantity: 7 },
            { productId: products.fabric.id, size: "Free", color: "Ivory", quantity: 2 },
            { productId: products.abaya.id, size: "XL/58", color: "Navy", quantity: 1 },
            { productId: "gone", size: "M/54", quantity: 1 },
          ],
          userId: "someone-else",
        },
        a.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.cartData).toEqual({
        [products.abaya.id]: {
          quantity: 4,
          lines: [
            { size: "M/54", color: "Black", quantity: 3 },
            { size: "XL/58", color: "Navy", quantity: 1 },
          ],
        },
        [products.fabric.id]: { quantity: 5, lines: [{ size: "Free", color: "Ivory", quantity: 5 }] },
      });
      expect(await cartOf(a.token)).toEqual(res.body.cartData);
    });

    it("refuses more than 100 lines and changes nothing", async () => {
      const a = await shopper();
      const lines = Array.from({ length: 101 }, () => ({
        productId: products.fabric.id,
        size: "Free",
        quantity: 1,
      }));
      const res = await post("/api/cart/merge", { lines }, a.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation", message: "Send 1 to 100 cart lines." });
      expect(await cartOf(a.token)).toEqual({});
    });
  });
});
