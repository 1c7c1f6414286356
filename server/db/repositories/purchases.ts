import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A placed order (paid online, or cash on delivery) of this user holding this product: what makes a
 * review a verified purchase. Pending ('Awaiting payment') and never-placed orders do not count.
 */
export async function hasPaidPurchase(db: Db, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select("orders.id")
    .where("orders.user_id", "=", userId)
    .where("order_lines.product_id", "=", productId)
    .where("orders.placed_at", "is not", null)
    .where("orders.status", "!=", "Cancelled")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
