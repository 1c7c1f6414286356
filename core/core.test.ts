import { describe, expect, it } from "vitest";
import { t, translate } from "#core/i18n/index.ts";
import { aedToFils, filsToAed, formatAed } from "./money.ts";
import { discountedPrice, listPrice } from "./pricing.ts";
import { stockBand } from "./stock.ts";

describe("money", () => {
  it("keeps amounts in whole fils", () => {
    expect(aedToFils(199.99)).toBe(19999);
    expect(aedToFils(0.1 + 0.2)).toBe(30);
    expect(filsToAed(125050)).toBe(1250.5);
  });
  it("formats AED for display", () => {
    expect(formatAed(125000).replace(/\s/g, " ")).toBe("AED 1,250");
    expect(formatAed(9950).replace(/\s/g, " ")).toBe("AED 99.50");
  });
});

describe("pricing", () => {
  it("reduces the retail price by the percent discount", () => {
    expect(discountedPrice(50000, 20)).toBe(40000);
    expect(discountedPrice(33333, 15)).toBe(28333);
    expect(discountedPrice(50000, 0)).toBe(50000);
  });
  it("derives the list price from the first variant (SPEC §3)", () => {
    expect(listPrice([{ retailPrice: 40000, discountPercent: 0 }])).toEqual({ price: 40000 });
    expect(
      listPrice([
        { retailPrice: 40000, discountPercent: 25 },
        { retailPrice: 90000, discountPercent: 0 },
      ]),
    ).toEqual({ price: 40000, salePrice: 30000 });
    expect(listPrice([])).toBeUndefined();
  });
});

describe("stock bands (SPEC §4)", () => {
  it.each([
    [21, "in-stock"],
    [20, "only-left"],
    [11, "only-left"],
    [10, "hurry"],
    [1, "hurry"],
    [0, "out-of-stock"],
    [null, "unknown"],
    [undefined, "unknown"],
  ] as const)("stock %s is %s", (stock, band) => {
    expect(stockBand(stock)).toBe(band);
  });
});

describe("message catalog", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("nav.cartItems.other", { count: 3 })).toBe("Cart, 3 items");
    expect(translate("en", "nav.cartItems.other")).toBe("Cart, {count} items");
  });
  it("holds SPEC's exact texts", () => {
    expect(t("notFound.title")).toBe("Oops! Page not found");
    expect(t("error.title")).toBe("Unexpected Application Error!");
  });
});

describe("price slider range (SPEC §5)", async () => {
  const { clampRange } = await import("./price-range.ts");
  it("keeps both handles between 100 and 2000", () => {
    expect(clampRange({ min: 0, max: 5000 }, "max")).toEqual({ min: 100, max: 2000 });
  });
  it("keeps at least 50 between the handles, moving the one being dragged", () => {
    expect(clampRange({ min: 980, max: 1000 }, "min")).toEqual({ min: 950, max: 1000 });
    expect(clampRange({ min: 1000, max: 1020 }, "max")).toEqual({ min: 1000, max: 1050 });
    expect(clampRange({ min: 2000, max: 2000 }, "min")).toEqual({ min: 1950, max: 2000 });
    expect(clampRange({ min: 100, max: 100 }, "max")).toEqual({ min: 100, max: 150 });
  });
});

describe("adding to the cart (SPEC §4, §5)", async () => {
  const { addToCart, cartItemCount } = await import("./cart.ts");
  const line = {
    _id: "p1",
    slug: "p",
    name: "P",
    image: "",
    price: 100,
    selectedSize: "M/54",
    selectedColor: "Black",
    quantity: 2,
  };
  it("merges the same size and colour into one line", () => {
    const first = addToCart([], line, 10);
    expect(first.ok).toBe(true);
    const second = first.ok ? addToCart(first.lines, { ...line, quantity: 3 }, 10) : first;
    expect(second.ok && second.lines).toEqual([{ ...line, quantity: 5 }]);
    const other = second.ok
      ? addToCart(second.lines, { ...line, selectedSize: "L/56", quantity: 1 }, 10)
      : second;
    expect(other.ok && cartItemCount(other.lines)).toBe(6);
  });
  it("refuses more than the size's stock and leaves the cart unchanged", () => {
    const lines = [{ ...line, quantity: 4 }];
    expect(addToCart(lines, { ...line, quantity: 2 }, 5)).toEqual({
      ok: false,
      reason: "stock",
      available: 5,
    });
    expect(lines).toEqual([{ ...line, quantity: 4 }]);
  });
  it("caps at 9999 when the stock is unknown", () => {
    expect(addToCart([], { ...line, quantity: 9999 }, null).ok).toBe(true);
    expect(addToCart([], { ...line, quantity: 10000 }, undefined).ok).toBe(false);
  });
});

describe("shop filters from the URL (SPEC §2 /shop, §9)", async () => {
  const { parseShopSearchParams, ProductQuerySchema, SHOP_PAGE_SIZE } = await import(
    "./schemas/catalog.schema.ts"
  );
  it("uses SPEC's defaults: all categories, newest, maxPrice 25000", () => {
    const query = parseShopSearchParams(new URLSearchParams(""));
    expect(query).toMatchObject({ category: "all", sort: "newest", maxPrice: 25000, limit: SHOP_PAGE_SIZE });
    expect(query.color).toEqual([]);
  });
  it("reads repeatable colour, fabric and type, and trims the search", () => {
    const query = parseShopSearchParams(
      new URLSearchParams(
        "color=Black&color=Navy&fabric=Crepe&type=Abaya&search=%20%20silk%20&minPrice=200&page=2",
      ),
    );
    expect(query).toMatchObject({
      color: ["Black", "Navy"],
      fabric: ["Crepe"],
      type: ["Abaya"],
      search: "silk",
      minPrice: 200,
      page: 2,
    });
  });
  it("drops a bad value instead of failing the page", () => {
    const query = parseShopSearchParams(
      new URLSearchParams("sort=cheapest&minPrice=abc&page=-1&category=graceful-abayas"),
    );
    expect(query).toMatchObject({ sort: "newest", category: "graceful-abayas" });
    expect(query.page).toBeUndefined();
    expect(query.minPrice).toBeUndefined();
  });
  it("refuses the same bad values on the API with a message", () => {
    const result = ProductQuerySchema.safeParse({ sort: "cheapest" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/sort must be one of newest, price-low-high/);
  });
});

describe("shop pagination", async () => {
  const { pageWindow } = await import("./pagination.ts");
  it("shows the first, the last and two either side of the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 417)).toEqual([1, null, 4, 5, 6, 7, 8, null, 417]);
    expect(pageWindow(417, 417)).toEqual([1, null, 415, 416, 417]);
  });
});
