import type { Kysely } from "kysely";
import type { AdminProductInput, AdminVariant, AuditChange, StockAdjustment } from "#core/admin.ts";
import { aedToFils, filsToAed } from "#core/money.ts";
import { discountedPrice, listPrice } from "#core/pricing.ts";
import {
  adjustVariantStock,
  deleteVariantRow,
  findProductRowById,
  findVariantRow,
  insertVariantRow,
  listProductVariantsOf,
  updateVariantRow,
  type VariantRow,
  variantInUse,
} from "../db/repositories/admin-products.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { catalogWrite, found, type Trx } from "./admin-catalog-write.ts";
import { AdminError } from "./admin-errors.ts";

export function toVariant(v: VariantRow): AdminVariant {
  const priceFils = Number(v.retail_price_fils);
  const discount = Number(v.discount_percent);
  const stock = v.stock === null ? null : Number(v.stock);
  const held = Number(v.held_quantity);
  return {
    id: v.id,
    size: v.size,
    sku: v.sku,
    price: filsToAed(priceFils),
    priceFils,
    discount,
    salePriceFils: discountedPrice(priceFils, discount),
    stock,
    held,
    available: stock === null ? null : Math.max(0, stock - held),
  };
}

/** The list-view price columns (SPEC §3: the first size's price and sale price) of a product's sizes. */
function priceColumns(variants: { retail_price_fils: number; discount_percent: number }[]) {
  const priced = listPrice(
    variants.map((v) => ({
      retailPrice: Number(v.retail_price_fils),
      discountPercent: Number(v.discount_percent),
    })),
  );
  if (!priced) throw new AdminError("invalid", "validation", "Add at least one size");
  return {
    price_fils: priced.price,
    sale_price_fils: priced.salePrice ?? null,
    effective_price_fils: priced.salePrice ?? priced.price,
  };
}

/**
 * Writes a product's sizes as the editor sent them and returns what changed, with the final sizes'
 * prices for the list-view columns. Sizes left out are removed, unless an order or a stock hold refers
 * to them.
 */
export async function saveVariants(trx: Trx, productId: string, input: AdminProductInput["variants"]) {
  const existing = await listProductVariantsOf(trx, productId);
  const byId = new Map(existing.map((v) => [v.id, v]));
  const changes: AuditChange[] = [];
  for (const v of input)
    if (v.id && !byId.has(v.id))
      throw new AdminError("invalid", "validation", `Size ${v.size} is not a size of this product`);
  const kept = new Set(input.map((v) => v.id).filter(Boolean));
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    if (await variantInUse(trx, old.id))
      throw new AdminError(
        "conflict",
        "variant_in_use",
        `Size ${old.size} has orders: it cannot be removed, only set to 0 stock`,
      );
    await deleteVariantRow(trx, old.id);
    changes.push({
      field: `size ${old.size}`,
      before: { sku: old.sku, price: filsToAed(Number(old.retail_price_fils)) },
      after: null,
    });
  }
  // Park the kept sizes first (positions and changed SKUs out of the way), so sizes can swap places or
  // SKUs without meeting the unique indexes on (product, position) and on SKU.
  for (const [index, v] of input.entries()) {
    const old = v.id ? byId.get(v.id) : undefined;
    if (old)
      await updateVariantRow(trx, old.id, productId, {
        position: -1 - index,
        size: old.size,
        sku: old.sku !== v.sku ? `${old.sku}~${old.id}` : old.sku,
        retail_price_fils: Number(old.retail_price_fils),
        discount_percent: Number(old.discount_percent),
      });
  }
  const finalVariants: { retail_price_fils: number; discount_percent: number }[] = [];
  for (const [position, v] of input.entries()) {
    const priceFils = aedToFils(v.price);
    const old = v.id ? byId.get(v.id) : undefined;
    if (old) {
      await updateVariantRow(trx, old.id, productId, {
        position,
        size: v.size,
        sku: v.sku,
        retail_price_fils: priceFils,
        discount_percent: v.discount,
      });
      const label = `size ${v.size}`;
      if (old.size !== v.size) changes.push({ field: `${label} size`, before: old.size, after: v.size });
      if (old.sku !== v.sku) changes.push({ field: `${label} sku`, before: old.sku, after: v.sku });
      if (Number(old.retail_price_fils) !== priceFils)
        changes.push({
          field: `${label} price`,
          before: filsToAed(Number(old.retail_price_fils)),
          after: v.price,
        });
      if (Number(old.discount_percent) !== v.discount)
        changes.push({
          field: `${label} discount`,
          before: Number(old.discount_percent),
          after: v.discount,
        });
    } else {
      const stock = v.stock === undefined ? 0 : v.stock;
      await insertVariantRow(trx, {
        id: newId(),
        product_id: productId,
        position,
        size: v.size,
        sku: v.sku,
        retail_price_fils: priceFils,
        discount_percent: v.discount,
        stock,
      });
      changes.push({
        field: `size ${v.size}`,
        before: null,
        after: { sku: v.sku, price: v.price, discount: v.discount, stock },
      });
    }
    finalVariants.push({ retail_price_fils: priceFils, discount_percent: v.discount });
  }
  return { changes, prices: priceColumns(finalVariants) };
}

/** Stock counts of a product's sizes, adjusted by the owner (receiving goods, a count, a damaged piece). */
export function createAdminStock(options: { db: Kysely<Database> }) {
  const { db } = options;
  return {
    /**
     * A stock adjustment: one conditional UPDATE adds the delta, so a sale committing at the same moment
     * is never overwritten, and stock never drops below the units payments in progress hold.
     */
    async adjustStock(
      productId: string,
      input: StockAdjustment,
      audit: AuditRecorder,
    ): Promise<AdminVariant> {
      const variant = await catalogWrite(db, audit, async (trx) => {
        const product = found(await findProductRowById(trx, productId), "Product");
        const result = await adjustVariantStock(trx, productId, input.variantId, input.delta);
        if (!result) {
          const variant = found(await findVariantRow(trx, productId, input.variantId), "Size");
          if (variant.stock === null)
            throw new AdminError("conflict", "stock_untracked", `Size ${variant.size} does not track stock`);
          const removable = Math.max(0, Number(variant.stock) - Number(variant.held_quantity));
          throw new AdminError(
            "conflict",
            "stock_below_committed",
            `Only ${removable} of size ${variant.size} can be removed: ${Number(variant.held_quantity)} are held for payments in progress`,
          );
        }
        const variant = found(await findVariantRow(trx, productId, input.variantId), "Size");
        return {
          result: variant,
          // Only this product's answers change (decision 0037).
          bump: { stockOf: [variant.id] },
          audit: {
            action: "variant.stock",
            entity: "variant",
            entityId: variant.id,
            label: `${product.name} (${variant.size})`,
            changes: [
              { field: "stock", before: result.stock - input.delta, after: result.stock },
              ...(input.reason ? [{ field: "reason", before: null, after: input.reason }] : []),
            ],
          },
        };
      });
      return toVariant(found(variant, "Size"));
    },
  };
}
