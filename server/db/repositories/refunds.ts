import type { Kysely, Transaction } from "kysely";
import type { Database, RefundTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Refunds (issue 24; decision 0023). Every write that decides how much may still be refunded first
 * touches the order's row (lockOrderForRefund): on PostgreSQL that row lock makes a second refund of the
 * same order wait until the first one's pending row is committed, then read it; SQLite serialises writing
 * transactions anyway.
 */

const num = (row: RefundTable): RefundTable => ({
  ...row,
  amount_fils: Number(row.amount_fils),
  checks: Number(row.checks),
});

export async function lockOrderForRefund(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable("orders")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", orderId)
    .execute();
}

export async function insertRefund(trx: Db, row: RefundTable): Promise<void> {
  await trx.insertInto("refunds").values(row).execute();
}

export async function findRefund(db: Db, id: string): Promise<RefundTable | undefined> {
  const row = await db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirst();
  return row && num(row);
}

export async function findRefundByKey(
  db: Db,
  orderId: string,
  key: string,
): Promise<RefundTable | undefined> {
  const row = await db
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row && num(row);
}

/** The order's refunds, oldest first. */
export async function listRefunds(db: Db, orderId: string): Promise<RefundTable[]> {
  const rows = await db
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(num);
}

/** The refunds of several orders (a shopper's list, the back office's list), oldest first. */
export async function listRefundsOf(db: Db, orderIds: string[]): Promise<RefundTable[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "in", orderIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(num);
}

/** Settles a pending refund; false when it was settled meanwhile (another process, a double answer). */
export async function settleRefund(
  trx: Db,
  id: string,
  fields: Partial<
    Pick<RefundTable, "status" | "provider_status" | "failure" | "settled_at" | "credit_note_id">
  >,
): Promise<boolean> {
  const result = await trx
    .updateTable("refunds")
    .set(fields)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCreditNote(trx: Db, id: string, documentId: string): Promise<void> {
  await trx.updateTable("refunds").set({ credit_note_id: documentId }).where("id", "=", id).execute();
}

/** Pending provider refunds whose check is due. */
export async function duePendingRefunds(db: Db, now: string, limit: number): Promise<RefundTable[]> {
  const rows = await db
    .selectFrom("refunds")
    .selectAll()
    .where("status", "=", "pending")
    .where("method", "=", "paymennt")
    .where("next_check_at", "<=", now)
    .orderBy("next_check_at")
    .limit(limit)
    .execute();
  return rows.map(num);
}

/** Claims a pending refund's check (one process does it): moves its next check on, if nobody did. */
export async function claimRefundCheck(db: Db, refund: RefundTable, nextCheckAt: string): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({ next_check_at: nextCheckAt, checks: refund.checks + 1 })
    .where("id", "=", refund.id)
    .where("status", "=", "pending")
    .where("next_check_at", "=", refund.next_check_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Confirmed refunds made in [from, to) of real orders the dashboard counts (not test orders, not
 * cancelled ones, whose whole total is already left out).
 */
export async function refundedBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select((eb) => eb.fn.sum<number>("r.amount_fils").as("total"))
    .where("r.status", "=", "confirmed")
    .where("r.settled_at", ">=", from)
    .where("r.settled_at", "<", to)
    .where("o.status", "!=", "Cancelled")
    .where("o.is_test", "=", false)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function setOrderPaymentStatus(
  trx: Db,
  orderId: string,
  status: "paid" | "refunded",
  at: string,
): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ payment_status: status, updated_at: at })
    .where("id", "=", orderId)
    .execute();
}
