import type { Kysely } from "kysely";
import type { AdminVariant, StockCount } from "#core/admin.ts";
import { setVariantStockIf } from "../db/repositories/admin-product-state.ts";
import { findProductRowById, findVariantRow } from "../db/repositories/admin-products.ts";
import type { Database } from "../db/schema.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { catalogWrite, found } from "./admin-catalog-write.ts";
import { AdminError } from "./admin-errors.ts";
import { toVariant } from "./admin-product-sizes.ts";

/**
 * A stock count (issue 26; decision 0026, which amends 0013's "adjusted, never overwritten"): the owner
 * counted the shelf and sets the figure. One conditional UPDATE sets it only if the stock is still the
 * figure she read, so a sale committed meanwhile is never overwritten: she is told the new figure and
 * counts again. It never goes below the units payments in progress hold.
 */
export function createAdminStockCount(options: { db: Kysely<Database> }) {
  const { db } = options;
  return {
    async countStock(productId: string, input: StockCount, audit: AuditRecorder): Promise<AdminVariant> {
      const variant = await catalogWrite(db, audit, async (trx) => {
        const product = found(await findProductRowById(trx, productId), "Product");
        const set = await setVariantStockIf(trx, productId, input.variantId, input.expected, input.counted);
        const variant = found(await findVariantRow(trx, productId, input.variantId), "Size");
        if (!set) {
          if (variant.stock === null)
            throw new AdminError("conflict", "stock_untracked", `Size ${variant.size} does not track stock`);
          const now = Number(variant.stock);
          if (now !== input.expected)
            throw new AdminError(
              "conflict",
              "stock_changed",
              `The stock of size ${variant.size} changed to ${now} since you read ${input.expected} (a sale or another change came between): check the count and set it again`,
            );
          const held = Number(variant.held_quantity);
          throw new AdminError(
            "conflict",
            "stock_below_committed",
            `Size ${variant.size} cannot be set below ${held}: ${held} are held for payments in progress`,
          );
        }
        // The count matched the figure: nothing changed, nothing to log.
        if (input.expected === input.counted) return { result: variant, audit: [], bump: false };
        return {
          result: variant,
          // Only this product's answers change (decision 0037).
          bump: { stockOf: [variant.id] },
          audit: {
            action: "variant.count",
            entity: "variant",
            entityId: variant.id,
            label: `${product.name} (${variant.size})`,
            changes: [
              { field: "stock", before: input.expected, after: input.counted },
              ...(input.reason ? [{ field: "reason", before: null, after: input.reason }] : []),
            ],
          },
        };
      });
      return toVariant(found(variant, "Size"));
    },
  };
}
