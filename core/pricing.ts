import { aedToFils, type Fils, filsToAed } from "./money.ts";

/**
 * SPEC §3: discounted price = retail price reduced by the percent discount.
 * Rounded to whole fils, half up, so the same variant always shows and charges the same amount.
 */
export function discountedPrice(retail: Fils, discountPercent: number): Fils {
  if (!(discountPercent > 0)) return retail;
  const percent = Math.min(discountPercent, 100);
  return retail - Math.round((retail * percent) / 100);
}

export interface PricedVariant {
  retailPrice: Fils;
  discountPercent: number;
}

/** SPEC §3 list view: price is the first variant's retail price; salePrice only when discounted. */
export function listPrice(variants: readonly PricedVariant[]): { price: Fils; salePrice?: Fils } | undefined {
  const first = variants[0];
  if (!first) return undefined;
  if (first.discountPercent > 0) {
    return { price: first.retailPrice, salePrice: discountedPrice(first.retailPrice, first.discountPercent) };
  }
  return { price: first.retailPrice };
}

/** A variant's shown prices in AED (SPEC §3), computed in fils so no float rounding leaks into totals. */
export function variantPrices(variant: { retail_price: number; discount: number }): {
  price: number;
  salePrice?: number;
} {
  const retail = aedToFils(variant.retail_price);
  if (!(variant.discount > 0)) return { price: variant.retail_price };
  return { price: variant.retail_price, salePrice: filsToAed(discountedPrice(retail, variant.discount)) };
}
