import { describe, expect, it } from "vitest";
import { t, translate } from "./i18n/index.ts";
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
    expect(t("nav.cartWithCount", { count: 3 })).toBe("Cart, 3 items");
    expect(translate("en", "nav.cartWithCount")).toBe("Cart, {count} items");
  });
  it("holds SPEC's exact texts", () => {
    expect(t("notFound.title")).toBe("Oops! Page not found");
    expect(t("error.title")).toBe("Unexpected Application Error!");
  });
});
