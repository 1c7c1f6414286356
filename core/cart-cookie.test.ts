import { describe, expect, it } from "vitest";
import type { CartLine } from "./cart.ts";
import {
  CART_COOKIE,
  CART_COOKIE_PATHS,
  cartCookieValue,
  cartCookieWrites,
  cartFromCookie,
} from "./cart-cookie.ts";

const line = (n: number, overrides: Partial<CartLine> = {}): CartLine => ({
  _id: `product-${n}`,
  slug: `p-${n}`,
  name: `Abaya ${n}`,
  image: "/media/products/p.webp",
  price: 450,
  selectedSize: "M/54",
  selectedColor: 'Emerald; "Sea" = green',
  quantity: n,
  ...overrides,
});

describe("the cart's cookie copy", () => {
  it("carries product, size, colour and quantity, and reads back from a Cookie header", () => {
    const value = cartCookieValue([line(1), line(2, { selectedColor: "" })]);
    expect(value).not.toBeNull();
    expect(value).not.toMatch(/[;,\s"]/);
    const header = `announcement_dismissed=1; ${CART_COOKIE}=${value}; other=x`;
    expect(cartFromCookie(header)).toEqual([
      { productId: "product-1", size: "M/54", color: 'Emerald; "Sea" = green', quantity: 1 },
      { productId: "product-2", size: "M/54", color: "", quantity: 2 },
    ]);
  });

  it("tells a known empty cart from an unknown one", () => {
    expect(cartFromCookie(`${CART_COOKIE}=${cartCookieValue([])}`)).toEqual([]);
    expect(cartFromCookie("announcement_dismissed=1")).toBeNull();
    expect(cartFromCookie(undefined)).toBeNull();
  });

  it("ignores a copy it did not write", () => {
    for (const raw of [
      "%7Bnot-json",
      encodeURIComponent('[["id","M",""]]'),
      encodeURIComponent('[["id","M","",0]]'),
      encodeURIComponent('{"a":1}'),
      // Text that is not text (issue 21): a NUL or a lone surrogate in any of its strings.
      encodeURIComponent(JSON.stringify([["a\u0000b", "M", "", 1]])),
      encodeURIComponent(JSON.stringify([["id", "M\ud800", "", 1]])),
      encodeURIComponent(JSON.stringify([["id", "M", "\u0000", 1]])),
    ]) {
      expect(cartFromCookie(`${CART_COOKIE}=${raw}`)).toBeNull();
    }
  });

  it("keeps no copy of a cart too large for a cookie", () => {
    const many = Array.from({ length: 101 }, (_, i) => line(i + 1));
    expect(cartCookieValue(many)).toBeNull();
    const long = [line(1, { selectedColor: "x".repeat(4000) })];
    expect(cartCookieValue(long)).toBeNull();
  });
});

describe("where the cart's cookie copy is kept", () => {
  it("is written for /cart and /checkout in each language only, and the site-wide copy of earlier versions is removed", () => {
    const value = cartCookieValue([line(1)])!;
    const writes = cartCookieWrites(value, true);
    expect(writes.slice(0, CART_COOKIE_PATHS.length)).toEqual(
      ["/cart", "/checkout", "/ar/cart", "/ar/checkout"].map(
        (path) => `${CART_COOKIE}=${value}; path=${path}; max-age=31536000; samesite=lax; secure`,
      ),
    );
    expect(writes.at(-1)).toBe(`${CART_COOKIE}=; path=/; max-age=0`);
    expect(writes.some((w) => /path=\/;.*max-age=31536000/.test(w))).toBe(false);
  });

  it("removes the copy from every path when the cart no longer fits", () => {
    for (const write of cartCookieWrites(null, false))
      expect(write).toMatch(/^store_cart=; path=\/[\w/]*; max-age=0/);
  });
});
