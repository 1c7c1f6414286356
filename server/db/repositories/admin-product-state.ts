import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The back office's writes of issue 26 to a product's state: a stock count, a draft published. */

/**
 * Sets a size's stock to a counted number if it still is `expected` (compare-and-set): a sale committed
 * between the owner's reading and this write makes it match nothing. Never below what is held.
 */
export async function setVariantStockIf(
  db: Db,
  productId: string,
  variantId: string,
  expected: number,
  counted: number,
): Promise<boolean> {
  const result = await db
    .updateTable("product_variants")
    .set({ stock: counted })
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .where("stock", "=", expected)
    .where("held_quantity", "<=", counted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Publishes a draft or makes a product a draft again; conditional on it changing. */
export async function setProductDraft(db: Db, id: string, draft: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ draft, updated_at: now })
    .where("id", "=", id)
    .where("draft", "=", !draft)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
