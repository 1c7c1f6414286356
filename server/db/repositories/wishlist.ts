import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A shopper's saved product ids, in the order they were saved. */
export async function listWishlistProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("wishlist_items")
    .select("product_id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("product_id")
    .execute();
  return rows.map((r) => r.product_id);
}

export async function insertWishlistItem(db: Db, userId: string, productId: string, at: string) {
  await db
    .insertInto("wishlist_items")
    .values({ user_id: userId, product_id: productId, created_at: at })
    // Saved twice at once: once is what was asked.
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

/** Returns whether there was such an item. */
export async function deleteWishlistItem(db: Db, userId: string, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("wishlist_items")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
