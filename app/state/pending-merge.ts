import { quotedLine, sameLine, stockCap } from "#core/cart.ts";
import { decodePending, PENDING_COOKIE, pendingCookieValue } from "#core/pending-cookie.ts";
import { addToCart, getCartLines } from "./cart";
import { api } from "./session";
import { addToWishlist } from "./wishlist";

/**
 * The first hydrated page after a post made without JavaScript (decision 0033): the pending cookie's lines
 * and wishes join the browser's cart and wishlist by SPEC §4's rules (the same product, size and colour add
 * their quantities, capped at the size's stock; a wish already saved stays one), with today's names,
 * pictures and prices from the quote, and the cookie is removed. A signed-in shopper's changes go to her
 * server cart as any add does. The cookie's signature is the server's business: here the lines only go
 * where the shopper's own taps would have put them.
 */
export async function mergePending(): Promise<void> {
  const raw = pendingCookieValue(document.cookie);
  const pending = raw ? decodePending(raw.split(".")[0] ?? "") : null;
  const lines = pending?.lines ?? [];
  const wishes = pending?.wishes ?? [];
  const asked = [
    ...lines.map(([productId, size, color, quantity]) => ({ productId, size, color, quantity })),
    ...wishes.map(([productId, size]) => ({ productId, size, quantity: 1 })),
  ];
  const quote = asked.length > 0 ? await api("/api/cart/quote", { body: { lines: asked } }) : null;
  // Kept for the next page when the quote could not be had (offline): nothing is lost.
  const quoted = quote?.success && Array.isArray(quote.lines) ? quote.lines : null;
  if (quote && !quoted) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
  document.cookie = `${PENDING_COOKIE}=; path=/; max-age=0`;
  (quoted ?? []).forEach((q, index) => {
    if (!q.slug || !q.sku) return;
    if (index >= lines.length) {
      addToWishlist(
        {
          _id: q.productId,
          slug: q.slug,
          name: q.name,
          image: q.image,
          price: q.price,
          ...(q.salePrice !== undefined ? { salePrice: q.salePrice } : {}),
        },
        { silent: true },
      );
      return;
    }
    const line = quotedLine(q);
    const held = getCartLines().find((l) => sameLine(l, line))?.quantity ?? 0;
    const quantity = Math.min(line.quantity, stockCap(q.available) - held);
    if (quantity > 0) addToCart({ ...line, quantity }, q.available);
  });
}
