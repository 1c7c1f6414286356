import type { CartLine, CartQuoteRequestLine } from "./cart.ts";

/**
 * A copy of the browser's cart lines (product, size, colour, quantity: nothing private, no prices) in a
 * cookie, so the server can draw /cart and /checkout's summary in the page's first HTML instead of an
 * empty page that fills in after hydration (decision 0011, "cart, checkout and /shop hydration").
 * localStorage stays the cart (SPEC §3); the server only reads this copy to price it, as the quote does.
 */
export const CART_COOKIE = "store_cart";

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
      if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
      lines.push({ productId, size, color, quantity: quantity as number });
    }
    return lines;
  } catch {
    return null;
  }
}
