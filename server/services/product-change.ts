import type { ProductTable } from "../db/schema.ts";
import { type ListAspect, listKeysChanged } from "../products-shown.ts";

/** What of a product the back office saved that lists may depend on (decision 0037, amended). */
export interface ListedFields {
  name: string;
  nameAr: string | null;
  category: string;
  type: string;
  fabric: string;
  colors: readonly string[];
  bestseller: boolean;
  effectivePriceFils: number;
}

/** The fields as the product row holds them (colours apart). */
export function listedFieldsOf(row: ProductTable, colors: readonly string[]): ListedFields {
  return {
    name: row.name,
    nameAr: row.name_ar ?? null,
    category: row.category_slug,
    type: row.type,
    fabric: row.fabric,
    colors,
    bestseller: Boolean(row.bestseller),
    effectivePriceFils: Number(row.effective_price_fils),
  };
}

/**
 * The made-up ids besides the product's own that an edit of it reaches: a new collection or bestseller
 * flag changes which products lists hold (`lists`, in both collections); a price, fabric, type or colour
 * what the shop's filters and sorts see (`shop`); a name what a search finds (`search`). A description,
 * a picture, a size's SKU or a badge reaches only the answers that show the product.
 */
export function productEditKeys(before: ListedFields, after: ListedFields): string[] {
  const aspects: ListAspect[] = [];
  if (before.category !== after.category || before.bestseller !== after.bestseller) aspects.push("lists");
  if (
    before.effectivePriceFils !== after.effectivePriceFils ||
    before.fabric !== after.fabric ||
    before.type !== after.type ||
    before.colors.join("\n") !== after.colors.join("\n")
  )
    aspects.push("shop");
  if (before.name !== after.name || (before.nameAr ?? "") !== (after.nameAr ?? "")) aspects.push("search");
  return listKeysChanged(aspects, [...new Set([before.category, after.category])]);
}

/** A product that comes onto or leaves the storefront (published, archived, deleted): every list of its collection. */
export function productShelfKeys(row: Pick<ProductTable, "category_slug">): string[] {
  return listKeysChanged(["lists"], [row.category_slug]);
}
