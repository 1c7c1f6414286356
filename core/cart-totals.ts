import { cartItemCount } from "./cart-count.ts";
import { aedToFils, type Fils } from "./money.ts";

// Beside core/cart.ts: every page's cart badge needs the totals, not the rules that change a cart.

/** What one unit costs: the sale price when the line is discounted (SPEC §4 totals). */
export function unitPriceFils(line: { price: number; salePrice?: number | undefined }): Fils {
  return aedToFils(line.salePrice ?? line.price);
}

export interface CartTotals {
  subtotalFils: Fils;
  /** SPEC §9: the cart's shipping cost is always 0 ('Free'). */
  shippingFils: Fils;
  totalFils: Fils;
  itemCount: number;
}

/** SPEC §4: subtotal = Σ price × quantity (sale price when discounted); total = subtotal; itemCount = Σ quantity. */
export function cartTotals(
  lines: readonly { price: number; salePrice?: number | undefined; quantity: number }[],
): CartTotals {
  const subtotalFils = lines.reduce((sum, l) => sum + unitPriceFils(l) * l.quantity, 0);
  return { subtotalFils, shippingFils: 0, totalFils: subtotalFils, itemCount: cartItemCount(lines) };
}
