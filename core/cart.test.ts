import { describe, expect, it } from "vitest";
import {
  type CartEntry,
  type CartLine,
  cartDataEntries,
  cartTotals,
  clampQuantity,
  mergeCartEntries,
  removeLine,
  updateQuantity,
} from "./cart.ts";
import { quoteCart } from "./cart-quote.ts";
import type { ProductDto } from "./catalog.ts";

const line = (over: Partial<CartLine> = {}): CartLine => ({
  _id: "p1",
  slug: "noor-abaya",
  name: "Noor Abaya",
  image: "/media/p1.webp",
  price: 450,
  selectedSize: "M/54",
  selectedColor: "Black",
  quantity: 1,
  ...over,
});

describe("cart quantities (SPEC §4, §5)", () => {
  it("clamps between 1 and the stock, 9999 when the stock is unknown", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(12_000, null)).toBe(9999);
    // A sold-out size still keeps the line at 1: the quote marks it, the shopper removes it.
    expect(clampQuantity(3, 0)).toBe(1);
  });

  it("updates only the named line and removes by product, size and colour", () => {
    const lines = [line(), line({ selectedSize: "L/56" }), line({ selectedColor: "Navy" })];
    const updated = updateQuantity(lines, lines[1]!, 9, 4);
    expect(updated.map((l) => l.quantity)).toEqual([1, 4, 1]);
    expect(removeLine(updated, lines[2]!).map((l) => `${l.selectedSize}/${l.selectedColor}`)).toEqual([
      "M/54/Black",
      "L/56/Black",
    ]);
  });
});

describe("cart totals (SPEC §4)", () => {
  it("uses the sale price when discounted, counts in whole fils, ships free", () => {
    const totals = cartTotals([
      line({ price: 450, salePrice: 360, quantity: 2 }),
      line({ _id: "p2", price: 299.99, quantity: 3 }),
    ]);
    expect(totals).toEqual({
      subtotalFils: 72_000 + 89_997,
      shippingFils: 0,
      totalFils: 72_000 + 89_997,
      itemCount: 5,
    });
  });
});

describe("log-in merge (decision 0004)", () => {
  const stock: Record<string, number | null> = { "p1|M/54": 3, "p1|L/56": null, "p2|S/52": 10 };
  const stockOf = (id: string, size: string) => stock[`${id}|${size}`];
  const entry = (productId: string, size: string, quantity: number, color = "Black"): CartEntry => ({
    productId,
    size,
    color,
    quantity,
  });

  it("keeps the larger quantity capped at stock, keeps one-sided lines, drops what is gone", () => {
    const merged = mergeCartEntries(
      [entry("p1", "M/54", 5), entry("p2", "S/52", 1), entry("gone", "M/54", 1)],
      [entry("p1", "M/54", 2), entry("p1", "L/56", 4), entry("p2", "S/52", 2, "Navy")],
      stockOf,
    );
    expect(merged).toEqual([
      entry("p1", "M/54", 3),
      entry("p1", "L/56", 4),
      entry("p2", "S/52", 2, "Navy"),
      entry("p2", "S/52", 1),
    ]);
  });

  it("keeps a line whose size sold out at 1, so the cart can say so", () => {
    expect(mergeCartEntries([entry("p1", "M/54", 4)], [], () => 0)).toEqual([entry("p1", "M/54", 1)]);
  });
});

describe("cartData (SPEC §3 server-synced cart)", () => {
  it("reads the lines of each product; a bare number (no size) is skipped", () => {
    expect(
      cartDataEntries({
        p1: { quantity: 3, lines: [{ size: "M/54", color: "Black", quantity: 3 }] },
        p2: 4,
        p3: { quantity: 1, lines: [{ size: "S/52", quantity: 1 }, { quantity: 2 }] },
      }),
    ).toEqual([
      { productId: "p1", size: "M/54", color: "Black", quantity: 3 },
      { productId: "p3", size: "S/52", color: "", quantity: 1 },
    ]);
  });
});

describe("quoteCart (POST /api/cart/quote)", () => {
  const product = {
    _id: "p1",
    slug: "noor-abaya",
    name: "Noor Abaya",
    image: ["/media/p1.webp"],
    colors: ["Black"],
    variants: [
      { _id: "v1", filter_value: "M/54", retail_price: 450, discount: 20, stock: 3, sku: "NA-M54" },
      { _id: "v2", filter_value: "L/56", retail_price: 475, discount: 0, stock: 0, sku: "NA-L56" },
      { _id: "v3", filter_value: "XL/58", retail_price: 499.5, discount: 0, stock: null, sku: "NA-XL58" },
    ],
  } as unknown as ProductDto;
  const products = new Map([["p1", product]]);

  it("prices with today's variant, blocks on stock problems with SPEC §8's texts", () => {
    const quote = quoteCart(
      [
        { productId: "p1", size: "M/54", quantity: 2 },
        { productId: "p1", size: "XL/58", quantity: 1 },
      ],
      products,
    );
    expect(quote.lines.map((l) => [l.unitPriceFils, l.lineTotalFils, l.color, l.problem])).toEqual([
      [36_000, 72_000, "Black", null],
      [49_950, 49_950, "Black", null],
    ]);
    expect(quote).toMatchObject({
      subtotalFils: 121_950,
      totalFils: 121_950,
      itemCount: 3,
      canCheckout: true,
    });

    const blocked = quoteCart(
      [
        { productId: "p1", size: "M/54", quantity: 4 },
        { productId: "p1", size: "L/56", quantity: 1 },
        { productId: "p9", size: "M/54", quantity: 1 },
      ],
      products,
    );
    expect(blocked.lines.map((l) => l.problem)).toEqual([
      "Stock error: Only 3 in stock for Noor Abaya (M/54)",
      "Noor Abaya (L/56) is out of stock",
      "This product is no longer available.",
    ]);
    expect(blocked.canCheckout).toBe(false);
    expect(quoteCart([], products).canCheckout).toBe(false);
  });
});
