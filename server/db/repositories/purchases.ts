import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A placed (paid or cash-on-delivery) order of this shopper that holds this product (SPEC §5 Review:
 * isVerifiedPurchase). Today's `orders` table keeps only placed orders, their lines as SPEC §3 JSON text
 * with `product_id`; the text match narrows the rows and the parsed lines decide.
 */
export async function hasPaidPurchase(db: Db, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .selectFrom("orders")
    .select("line_items")
    .where("user_id", "=", userId)
    // LIKE wildcards in an id only widen the match; a backslash (PostgreSQL's escape) becomes one too.
    .where("line_items", "like", `%${productId.replaceAll("\\", "%")}%`)
    .execute();
  return rows.some((row) => {
    try {
      const lines = JSON.parse(row.line_items) as unknown;
      return (
        Array.isArray(lines) &&
        lines.some((line) => (line as { product_id?: unknown } | null)?.product_id === productId)
      );
    } catch {
      return false;
    }
  });
}
