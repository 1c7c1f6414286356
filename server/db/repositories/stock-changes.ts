import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import { cardKey } from "../../products-shown.ts";
import { CATALOG_CHANNEL } from "../catalog-listener.ts";
import type { Database } from "../schema.ts";
import { announceStockChange, STOCK_SEQ_KEY } from "./catalog-version.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The newest changes kept; a process that has not read for this many changes forgets every page. */
const KEPT_CHANGES = 5_000;
/** NOTIFY's payload limit is 8,000 bytes: past this, the notice names no product and is read instead. */
const MAX_NOTICE = 7_000;

/**
 * Marks what shoppers can buy of these sizes' products as changed (a sale, a hold, a release, a
 * cancellation, a return: decision 0037), in the write's own transaction and as its last statement, like
 * bumpCatalogVersion: only the cached answers that show these products are re-rendered, in this process
 * at once (before the commit, so none is trusted after the write's answer) and in every other once the
 * change is read or notified. The number comes from app_meta's `stock_seq` row, which the transaction
 * holds until it commits, so changes become visible in the order of their numbers.
 */
export async function noteStockChanged(db: Db, variantIds: Iterable<string>): Promise<void> {
  const variants = [...new Set(variantIds)];
  if (variants.length === 0) return;
  const rows = await db
    .selectFrom("product_variants")
    .select("product_id")
    .distinct()
    .where("id", "in", variants)
    .execute();
  await recordChange(
    db,
    rows.map((r) => r.product_id),
  );
}

/**
 * Marks these products, and the list keys a change of them reaches (server/products-shown.ts's
 * `listKeysChanged`), as changed: a price, a text, a picture, a review or the sizes of some products
 * (decision 0037, amended). Numbered, heard, relayed and notified like a stock change, which is one: the
 * cached answers showing these products, and the lists depending on these keys, are re-rendered; the
 * rest stay. In the write's own transaction, as its last statement.
 */
export async function noteProductsChanged(db: Db, ids: Iterable<string>): Promise<void> {
  const all = [...ids];
  // Shown with its stock (a product page, the list API) or on a card only (server/products-shown.ts).
  await recordChange(db, [...all, ...all.filter((id) => !id.startsWith("~")).map(cardKey)]);
}

/** Numbers the change of these ids, logs it, notifies it and hears it here (see above). */
async function recordChange(db: Db, ids: Iterable<string>): Promise<void> {
  const products = [...new Set(ids)].sort();
  if (products.length === 0) return;
  const now = new Date().toISOString();
  const next = sql<string>`cast(cast(${sql.ref("app_meta.value")} as integer) + 1 as text)`;
  const { value } = await db
    .insertInto("app_meta")
    .values({ key: STOCK_SEQ_KEY, value: "1", updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: next, updated_at: now }))
    .returning("value")
    .executeTakeFirstOrThrow();
  const seq = Number(value);
  await db
    .insertInto("catalog_stock_changes")
    .values({ seq, product_ids: products.join(","), created_at: now })
    .execute();
  if (seq % 500 === 0)
    await db
      .deleteFrom("catalog_stock_changes")
      .where("seq", "<=", seq - KEPT_CHANGES)
      .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const joined = products.join(",");
    const notice = `stock:${seq}:${joined.length <= MAX_NOTICE ? joined : ""}`;
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${notice})`.execute(db);
  }
  announceStockChange(seq, products);
}
