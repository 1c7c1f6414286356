import { type Kysely, sql, type Transaction } from "kysely";
import { insertRow, prepared } from "../prepared.ts";
import type { Database, StockHoldTable } from "../schema.ts";

/**
 * Stock and its holds (SPEC §4, §5): what shoppers can buy, units reserved for an attempt being paid,
 * and units sold. Every write is one conditional update, so stock never goes below zero.
 */

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);
/** Rows a prepared write changed. */
const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * What shoppers can buy now per variant: stock minus active holds, never below 0; null when the shop
 * does not track the size's stock (SPEC §4 'Stock info unavailable'). Variants that do not exist are
 * absent from the map.
 */
export async function availableStockFor(db: Db, variantIds: string[]): Promise<Map<string, number | null>> {
  const map = new Map<string, number | null>();
  if (variantIds.length === 0) return map;
  const rows = await db
    .selectFrom("product_variants")
    .select(["id", "stock", "held_quantity"])
    .where("id", "in", [...new Set(variantIds)])
    .execute();
  for (const r of rows)
    map.set(r.id, r.stock === null ? null : Math.max(0, Number(r.stock) - Number(r.held_quantity)));
  return map;
}

/**
 * Reserves `quantity` units for a hold: one conditional update, so two buyers can never both take the
 * last unit (the row's write lock orders them on PostgreSQL; SQLite has one writer). False when short.
 */
const reserve = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({ held_quantity: eb("held_quantity", "+", v.quantity) }))
    .where("id", "=", v.variantId)
    .where("stock", "is not", null)
    .where(sql<boolean>`stock - held_quantity >= ${v.quantity}`),
);

export async function reserveStock(db: Db, variantId: string, quantity: number): Promise<boolean> {
  return affected(await reserve(db, { variantId, quantity })) === 1;
}

/** Sells units nobody holds (cash on delivery, or a payment whose hold was released): never below 0. */
export async function takeStock(db: Db, variantId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("id", "=", variantId)
    .where(sql<boolean>`stock - held_quantity >= ${quantity}`)
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function insertHolds(db: Db, holds: StockHoldTable[]): Promise<void> {
  if (holds.length === 1) await insertRow(db, "stock_holds", holds[0]!);
  else if (holds.length > 1) await db.insertInto("stock_holds").values(holds).execute();
}

/**
 * Moves every active hold of an order to `converted` (its units are being sold) or `released`, in one
 * statement that also says which holds moved: conditional on each hold still being active, so a hold is
 * counted off exactly once. Returns the moved quantities per variant; the variants themselves are
 * updated by `applySettledHold`, in variant id order with the transaction's other variant writes.
 */
const moveActiveHolds = prepared((db, v: { orderId: string; to: "converted" | "released" }) =>
  db
    .updateTable("stock_holds")
    .set({ status: v.to })
    .where("order_id", "=", v.orderId)
    .where("status", "=", "active")
    .returning(["variant_id", "quantity"]),
);

export async function moveHolds(
  db: Db,
  orderId: string,
  to: "converted" | "released",
): Promise<Map<string, number>> {
  const { rows: moved } = await moveActiveHolds(db, { orderId, to });
  const settled = new Map<string, number>();
  for (const hold of moved)
    settled.set(hold.variant_id, (settled.get(hold.variant_id) ?? 0) + Number(hold.quantity));
  return settled;
}

/** A moved hold's units off the variant: sold (stock and held both drop) or released (held drops). */
export async function applySettledHold(
  db: Db,
  variantId: string,
  quantity: number,
  to: "converted" | "released",
): Promise<void> {
  await (to === "converted" ? sellHeld : releaseHeld)(db, { variantId, quantity });
}

const sellHeld = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({
      stock: eb("stock", "-", v.quantity),
      held_quantity: eb("held_quantity", "-", v.quantity),
    }))
    .where("id", "=", v.variantId),
);
const releaseHeld = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({ held_quantity: eb("held_quantity", "-", v.quantity) }))
    .where("id", "=", v.variantId),
);

/** Releases every active hold of an order: the holds, then their variants in variant id order. */
export async function releaseHolds(db: Db, orderId: string): Promise<Map<string, number>> {
  const released = await moveHolds(db, orderId, "released");
  for (const [variantId, quantity] of [...released].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    await applySettledHold(db, variantId, quantity, "released");
  return released;
}
