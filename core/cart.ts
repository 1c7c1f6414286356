import { DEFAULT_STOCK_CAP } from "./constants.ts";

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
}

export type AddResult = { ok: true; lines: CartLine[] } | { ok: false; reason: "stock"; available: number };

const sameLine = (a: CartLine, b: Pick<CartLine, "_id" | "selectedSize" | "selectedColor">) =>
  a._id === b._id && a.selectedSize === b.selectedSize && a.selectedColor === b.selectedColor;

/**
 * SPEC §4/§5: the same product, size and colour add to one line; a quantity above the size's stock is
 * refused and the cart stays as it was. Without a known stock the cap is 9999.
 */
export function addToCart(
  lines: readonly CartLine[],
  line: CartLine,
  stock: number | null | undefined,
): AddResult {
  const cap = stock ?? DEFAULT_STOCK_CAP;
  const existing = lines.find((l) => sameLine(l, line));
  const wanted = (existing?.quantity ?? 0) + line.quantity;
  if (wanted > cap) return { ok: false, reason: "stock", available: cap };
  if (existing) {
    return { ok: true, lines: lines.map((l) => (l === existing ? { ...l, quantity: wanted } : l)) };
  }
  return { ok: true, lines: [...lines, { ...line }] };
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
