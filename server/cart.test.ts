import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartQuote } from "#core/cart.ts";
import { createProduct } from "./db/repositories/products.ts";
import { newId } from "./ids.ts";
import { type ApiAnswer, call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** Two products whose prices and stock the tests know exactly. */
async function addProducts(store: TestStore) {
  const abaya = {
    id: newId(),
    slug: "test-crepe-abaya",
    name: "Test Crepe Abaya",
    description: "A crepe abaya for the cart tests.",
    type: "Abaya",
    categorySlug: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Black", "Navy"],
    popularity: 10,
    bestseller: false,
    isNew: false,
    isSale: true,
    date: "2026-05-01T00:00:00.000Z",
    createdAt: "2026-05-01T00:00:00.000Z",
    images: [{ id: newId(), url: "/media/test-abaya.svg", alt: "Abaya", width: 800, height: 1000 }],
    variants: [
      // M/54: 450 AED less 20% = 360 AED, 3 in stock.
      { id: newId(), size: "M/54", sku: "TCA-M54", retailPriceFils: 45000, discountPercent: 20, stock: 3 },
      { id: newId(), size: "L/56", sku: "TCA-L56", retailPriceFils: 47500, discountPercent: 0, stock: 0 },
      {
        id: newId(),
        size: "XL/58",
        sku: "TCA-XL58",
        retailPriceFils: 49950,
        discountPercent: 0,
        stock: null,
      },
    ],
  };
  const fabric = {
    ...abaya,
    id: newId(),
    slug: "test-silk-set",
    name: "Test Silk Set",
    type: "Unstitched",
    colors: ["Ivory"],
    isSale: false,
    images: [{ id: newId(), url: "/media/test-silk.svg", alt: "Silk", width: 800, height: 1000 }],
    variants: [
      { id: newId(), size: "Free", sku: "TSS-FREE", retailPriceFils: 29999, discountPercent: 0, stock: 25 },
    ],
  };
  await createProduct(store.database.db, abaya);
  await createProduct(store.database.db, fabric);
  return { abaya, fabric };
}

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
      [{}, "Send between 1 and 100 cart lines."],
      [{ lines: [] }, "Send between 1 and 100 cart lines."],
      [
        {
          lines: Array.from({ length: 101 }, () => ({
            productId: "p",
            size: "M/54",
            quantity: 1,
          })),
        },
        "Send between 1 and 100 cart lines.",
      ],
      [{ lines: [{ size: "M/54", quantity: 1 }] }, "Please choose a product."],
      [
        { lines: [{ productId: "p", size: "M/54", quantity: 0 }] },
        "The quantity must be a whole number of 1 or more.",
      ],
      [
        { lines: [{ productId: "p", size: "M/54", quantity: 1.5 }] },
        "The quantity must be a whole number of 1 or more.",
      ],
      [
        { lines: [{ productId: "p", size: "M/54", quantity: "2" }] },
        "The quantity must be a whole number of 1 or more.",
      ],
    ])("refuses %j with 400", async (body, message) => {
      const res = await post("/api/cart/quote", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });
  });
});
