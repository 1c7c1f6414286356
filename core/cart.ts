import { cartItemCount } from "./cart-count.ts";
import type { ProductDto } from "./catalog.ts";
import { DEFAULT_STOCK_CAP } from "./constants.ts";
import { type StitchingChoice, type StitchingQuote, stitchingKey } from "./stitching-key.ts";

/** SPEC §3 cart line (local cart): the product's fields the cart shows, plus the shopper's choices. */
export interface CartLine {
  _id: string;
  slug: string;
  name: string;
  image: string;
  price: number;
  salePrice?: number;
  selectedSize: string;
  selectedColor: string;
  sku?: string;
  quantity: number;
  /** Issue 29: 'Stitch it for me' (decision 0042); part of the line's name. */
  stitching?: StitchingChoice;
}

/** What names one line: product, size, colour and its stitching (SPEC §4: the same add to one line). */
export type CartLineKey = Pick<CartLine, "_id" | "selectedSize" | "selectedColor" | "stitching">;

export type AddResult = { ok: true; lines: CartLine[] } | { ok: false; reason: "stock"; available: number };

export const sameLine = (a: CartLineKey, b: CartLineKey) =>
  a._id === b._id &&
  a.selectedSize === b.selectedSize &&
  a.selectedColor === b.selectedColor &&
  stitchingKey(a.stitching) === stitchingKey(b.stitching);

/** The stock a shopper may buy of a size: SPEC §9's 9999 when the shop does not track it. */
export function stockCap(stock: number | null | undefined): number {
  return stock === null || stock === undefined || !Number.isFinite(stock) ? DEFAULT_STOCK_CAP : stock;
}

/**
 * SPEC §4/§5: the same product, size and colour add to one line; a quantity above the size's stock is
 * refused and the cart stays as it was. Without a known stock the cap is 9999.
 */
export function addToCart(
  lines: readonly CartLine[],
  line: CartLine,
  stock: number | null | undefined,
): AddResult {
  const cap = stockCap(stock);
  const existing = lines.find((l) => sameLine(l, line));
  const wanted = (existing?.quantity ?? 0) + line.quantity;
  if (wanted > cap) return { ok: false, reason: "stock", available: cap };
  if (existing) {
    return { ok: true, lines: lines.map((l) => (l === existing ? { ...l, quantity: wanted } : l)) };
  }
  return { ok: true, lines: [...lines, { ...line }] };
}

/** SPEC §4/§5: a cart quantity is clamped between 1 and the current stock (9999 when unknown). */
export function clampQuantity(quantity: number, stock: number | null | undefined): number {
  const cap = Math.max(1, stockCap(stock));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(cap, Math.max(1, Math.floor(quantity)));
}

export function updateQuantity(
  lines: readonly CartLine[],
  key: CartLineKey,
  quantity: number,
  stock: number | null | undefined,
): CartLine[] {
  return lines.map((l) => (sameLine(l, key) ? { ...l, quantity: clampQuantity(quantity, stock) } : l));
}

/** SPEC §4: removing deletes the line. */
export function removeLine(lines: readonly CartLine[], key: CartLineKey): CartLine[] {
  return lines.filter((l) => !sameLine(l, key));
}

export { type CartTotals, cartTotals, unitPriceFils } from "./cart-totals.ts";
export { cartItemCount };

/** One line of a cart as the server keeps it: product, size, colour and quantity. */
export interface CartEntry {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  stitching?: StitchingChoice;
}

/**
 * Log-in merges the browser's cart with the account's (beyond SPEC, decision 0004): the same line keeps the
 * larger quantity, capped at the size's stock (a sold-out size keeps 1, so the shopper sees why it cannot
 * be bought); a line only one side holds is kept. `stockOf` answers the
 * stock of a product's size, undefined when the product or size no longer exists (the line is dropped).
 */
export function mergeCartEntries(
  local: readonly CartEntry[],
  server: readonly CartEntry[],
  stockOf: (productId: string, size: string) => number | null | undefined,
): CartEntry[] {
  const merged: CartEntry[] = [];
  const same = (a: CartEntry, b: CartEntry) =>
    a.productId === b.productId &&
    a.size === b.size &&
    a.color === b.color &&
    stitchingKey(a.stitching) === stitchingKey(b.stitching);
  for (const entry of [...server, ...local]) {
    const existing = merged.find((m) => same(m, entry));
    if (existing) existing.quantity = Math.max(existing.quantity, entry.quantity);
    else merged.push({ ...entry });
  }
  const result: CartEntry[] = [];
  for (const entry of merged) {
    const stock = stockOf(entry.productId, entry.size);
    if (stock === undefined) continue;
    // A sold-out size stays at 1 rather than vanishing: the cart then says it is out of stock.
    result.push({ ...entry, quantity: Math.min(entry.quantity, Math.max(1, stockCap(stock))) });
  }
  return result;
}

/** One line as sent to the quote: what the shopper chose. */
export interface CartQuoteRequestLine {
  productId: string;
  size: string;
  color?: string;
  quantity: number;
  stitching?: StitchingChoice;
}

/** The server's answer for one line of POST /api/cart/quote: today's price and stock of what was chosen. */
export interface CartQuoteLine {
  productId: string;
  slug: string;
  name: string;
  image: string;
  size: string;
  color: string;
  /** The colour's name in the quote's language when it has one (Arabic quotes); `color` otherwise. */
  colorLabel?: string;
  sku: string;
  /** What the shopper asked for. */
  quantity: number;
  /** AED retail price of the variant now (the server's). */
  price: number;
  /** AED, present only when discounted now. */
  salePrice?: number;
  /** What one unit costs now (the sale price when discounted). */
  unitPriceFils: number;
  /** unitPriceFils × quantity. */
  lineTotalFils: number;
  /** Stock the shopper can buy now (null = not tracked, the 9999 cap applies). */
  available: number | null;
  /** SPEC §8 stock text, or 'This product is no longer available.'; null when the line can be bought. */
  problem: string | null;
  /** Issue 29: the stitching service (its price is in unitPriceFils). */
  stitching?: StitchingQuote;
}

export interface CartQuote {
  success: true;
  lines: CartQuoteLine[];
  subtotalFils: number;
  /** Always 0 (SPEC §9). */
  shippingFils: number;
  totalFils: number;
  itemCount: number;
  /** False when any line has a problem or there are no lines (SPEC §2: stock problems block checkout). */
  canCheckout: boolean;
}

/** A priced line as the browser's cart keeps it (the server's name, picture and price). */
export function quotedLine(q: CartQuoteLine): CartLine {
  return {
    _id: q.productId,
    slug: q.slug,
    name: q.name,
    image: q.image,
    price: q.price,
    ...(q.salePrice !== undefined ? { salePrice: q.salePrice } : {}),
    selectedSize: q.size,
    selectedColor: q.color,
    sku: q.sku,
    quantity: q.quantity,
    ...(q.stitching ? { stitching: q.stitching.choice } : {}),
  };
}

/** The server cart's answer (SPEC §3/§7 cartData): product id → total quantity, plus its lines by size. */
export type CartData = Record<
  string,
  {
    quantity: number;
    lines: { size: string; color: string; quantity: number; stitching?: StitchingChoice }[];
  }
>;

/** cartData → one entry per line. A bare number (SPEC §3's older reader) has no size and is skipped. */
export function cartDataEntries(data: Record<string, unknown>): CartEntry[] {
  const entries: CartEntry[] = [];
  for (const [productId, value] of Object.entries(data)) {
    if (!value || typeof value !== "object") continue;
    const lines = (value as { lines?: unknown }).lines;
    if (!Array.isArray(lines)) continue;
    for (const line of lines as {
      size?: unknown;
      color?: unknown;
      quantity?: unknown;
      stitching?: StitchingChoice;
    }[]) {
      if (typeof line.size !== "string" || typeof line.quantity !== "number") continue;
      entries.push({
        productId,
        size: line.size,
        color: typeof line.color === "string" ? line.color : "",
        quantity: line.quantity,
        ...(line.stitching ? { stitching: line.stitching } : {}),
      });
    }
  }
  return entries;
}

/** SPEC §3 Wishlist entry: the product without quantity, size or colour. */
export interface WishlistItem {
  _id: string;
  slug: string;
  name: string;
  image: string;
  price: number;
  salePrice?: number;
}

export function toWishlistItem(product: ProductDto): WishlistItem {
  return {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    image: product.image[0] ?? "",
    price: product.price,
    ...(product.salePrice !== undefined ? { salePrice: product.salePrice } : {}),
  };
}
