import type { CartLine, CartQuoteRequestLine } from "./cart.ts";
import { cookieCopyWrites } from "./cookie-copy.ts";
import { isBadText } from "./text.ts";

/**
 * A copy of the browser's cart lines (product, size, colour, quantity: nothing private, no prices) in a
 * cookie, so the server can draw /cart and /checkout's summary in the page's first HTML instead of an
 * empty page that fills in after hydration (decision 0011, "cart, checkout and /shop hydration").
 * localStorage stays the cart (SPEC §3); the server only reads this copy to price it, as the quote does.
 */
export const CART_COOKIE = "store_cart";

/**
 * The only pages that read the copy, in each language. It is sent to them alone: public pages' answers
 * vary on the Cookie header (the announcement's dismissal), and a cart copy on every request would give
 * each shopper her own entry in a CDN's cache of them.
 */
export const CART_COOKIE_PATHS = ["/cart", "/checkout", "/ar/cart", "/ar/checkout"] as const;

/** Past this many characters the copy is not kept (a cookie holds about 4 KB): the page fills in as before. */
const MAX_COOKIE_CHARS = 3000;
const MAX_LINES = 100;

/** The cookie's value for these lines, or null when they do not fit in one. */
export function cartCookieValue(lines: readonly CartLine[]): string | null {
  const value = encodeURIComponent(
    JSON.stringify(lines.map((l) => [l._id, l.selectedSize, l.selectedColor, l.quantity])),
  );
  return value.length <= MAX_COOKIE_CHARS && lines.length <= MAX_LINES ? value : null;
}

/**
 * The `document.cookie` assignments that keep the copy (a value from `cartCookieValue`) on every path that
 * reads it, or remove it (null), and remove the copy earlier versions kept for the whole site (path `/`).
 */
export function cartCookieWrites(value: string | null, secure: boolean): string[] {
  return [
    ...cookieCopyWrites(CART_COOKIE, value, CART_COOKIE_PATHS, "lax", secure),
    `${CART_COOKIE}=; path=/; max-age=0`,
  ];
}

/**
 * The lines a `Cookie` header's copy names, or null when it has none (or an unreadable one): the server then
 * does not know the cart. An empty array is a known, empty cart.
 */
export function cartFromCookie(header: string | null | undefined): CartQuoteRequestLine[] | null {
  const prefix = `${CART_COOKIE}=`;
  const raw = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw || raw.length > MAX_COOKIE_CHARS) return null;
  try {
    const rows: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(rows) || rows.length > MAX_LINES) return null;
    const lines: CartQuoteRequestLine[] = [];
    for (const row of rows) {
      if (!Array.isArray(row)) return null;
      const [productId, size, color, quantity] = row as unknown[];
      if (typeof productId !== "string" || typeof size !== "string" || typeof color !== "string") return null;
      // Text that is not text (core/text.ts) makes the copy unreadable, as it would make a quote refused.
      if (isBadText(productId) || isBadText(size) || isBadText(color)) return null;
      if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
      lines.push({ productId, size, color, quantity: quantity as number });
    }
    return lines;
  } catch {
    return null;
  }
}
