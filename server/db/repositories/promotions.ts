import { type Kysely, sql, type Transaction } from "kysely";
import type { PromotionTable, PromotionUseTable } from "../schema/promotions.ts";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Discount codes and their uses (issue 28; decision 0038). */

export async function findPromotionByCode(db: Db, code: string): Promise<PromotionTable | undefined> {
  return db.selectFrom("promotions").selectAll().where("code", "=", code).executeTakeFirst();
}

export async function findPromotion(db: Db, id: string): Promise<PromotionTable | undefined> {
  return db.selectFrom("promotions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPromotion(db: Db, row: PromotionTable): Promise<void> {
  await db.insertInto("promotions").values(row).execute();
}

export async function updatePromotion(db: Db, id: string, values: Partial<PromotionTable>): Promise<void> {
  await db.updateTable("promotions").set(values).where("id", "=", id).execute();
}

export interface PromotionWithFigures extends PromotionTable {
  uses: number;
  reserved: number;
  discount_given_fils: number;
  overshoot: number;
}

/** Every code (or the active ones), newest first, with its used and reserved uses and discount given. */
export async function listPromotionsWithFigures(
  db: Db,
  only?: { active: true },
): Promise<PromotionWithFigures[]> {
  let query = db
    .selectFrom("promotions as p")
    .leftJoin("promotion_uses as u", "u.promotion_id", "p.id")
    .selectAll("p")
    .select([
      sql<number>`coalesce(sum(case when u.status = 'used' then 1 else 0 end), 0)`.as("uses"),
      sql<number>`coalesce(sum(case when u.status = 'reserved' then 1 else 0 end), 0)`.as("reserved"),
      sql<number>`coalesce(sum(case when u.status = 'used' then u.discount_fils else 0 end), 0)`.as(
        "discount_given_fils",
      ),
      sql<number>`coalesce(sum(case when u.status = 'used' and u.overshoot = ${sql.lit(true)} then 1 else 0 end), 0)`.as(
        "overshoot",
      ),
    ])
    .groupBy("p.id")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id");
  if (only?.active) query = query.where("p.active", "=", true);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    uses: Number(r.uses),
    reserved: Number(r.reserved),
    discount_given_fils: Number(r.discount_given_fils),
    overshoot: Number(r.overshoot),
  }));
}

/**
 * Takes one use of the code when it has one left: a single conditional update, so of two orders racing
 * for the last use exactly one gets it (on PostgreSQL the second waits for the first's row lock and then
 * re-reads `taken`; SQLite has one writer). Every use takes the row lock, even of an unlimited code, so
 * the per-customer count read after it in the same transaction is serialized too.
 */
export async function takeUse(db: Db, promotionId: string): Promise<boolean> {
  const row = await db
    .updateTable("promotions")
    .set({ taken: sql<number>`taken + 1` })
    .where("id", "=", promotionId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("taken", "<", eb.ref("usage_limit"))]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A late confirmation's use: taken whatever the limit (the order is honoured); true when it overshot. */
export async function forceUse(db: Db, promotionId: string): Promise<boolean> {
  const row = await db
    .updateTable("promotions")
    .set({ taken: sql<number>`taken + 1` })
    .where("id", "=", promotionId)
    .returning(["taken", "usage_limit"])
    .executeTakeFirstOrThrow();
  return row.usage_limit !== null && Number(row.taken) > Number(row.usage_limit);
}

/** This account's reserved and used uses of the code (its own order excepted). */
export async function customerUses(db: Db, promotionId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom("promotion_uses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("promotion_id", "=", promotionId)
    .where("user_id", "=", userId)
    .where("status", "in", ["reserved", "used"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUse(db: Db, row: PromotionUseTable): Promise<void> {
  await db.insertInto("promotion_uses").values(row).execute();
}

export async function findUseOfOrder(db: Db, orderId: string): Promise<PromotionUseTable | undefined> {
  return db.selectFrom("promotion_uses").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

/**
 * Moves an order's use from one of `from` to `to` (compare-and-set: only one caller moves it); true
 * when it moved.
 */
export async function moveUse(
  db: Db,
  orderId: string,
  from: PromotionUseTable["status"][],
  to: PromotionUseTable["status"],
  at: string,
  overshoot?: boolean,
): Promise<boolean> {
  const row = await db
    .updateTable("promotion_uses")
    .set({ status: to, updated_at: at, ...(overshoot ? { overshoot: true } : {}) })
    .where("order_id", "=", orderId)
    .where("status", "in", from)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function giveBackUse(db: Db, promotionId: string): Promise<void> {
  await db
    .updateTable("promotions")
    .set({ taken: sql<number>`taken - 1` })
    .where("id", "=", promotionId)
    .where("taken", ">", 0)
    .execute();
}
