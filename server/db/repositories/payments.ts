import type { Kysely, Transaction } from "kysely";
import { insertRow, prepared, preparedPerShape } from "../prepared.ts";
import type { Database, PaymentAttemptStatus, PaymentTable } from "../schema.ts";

/** Payment attempts (SPEC §4 Checkout and Payment return): started, settled once, checked by the job. */

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);
/** Rows a prepared write changed. */
const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

export async function insertPayment(db: Db, payment: PaymentTable): Promise<void> {
  await insertRow(db, "payments", payment);
}

export async function findPayment(db: Db, id: string): Promise<PaymentTable | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By the provider's checkout id (what ?checkout= carries) or, failing that, by our own payment id. */
export async function findPaymentByAnyId(
  db: Db,
  id: string,
): Promise<(PaymentTable & { user_id: string }) | undefined> {
  return (await paymentByAnyId(db, { id })).rows[0];
}

const paymentByAnyId = prepared((db, v: { id: string }) =>
  db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .selectAll("payments")
    .select("orders.user_id")
    .where((eb) => eb.or([eb("payments.provider_checkout_id", "=", v.id), eb("payments.id", "=", v.id)])),
);

export async function recordCheckout(
  db: Db,
  id: string,
  values: { checkoutId: string; redirectUrl: string; history: string; at: string },
): Promise<boolean> {
  return affected(await checkoutRecorded(db, { id, ...values })) === 1;
}

const checkoutRecorded = prepared(
  (db, v: { id: string; checkoutId: string; redirectUrl: string; history: string; at: string }) =>
    db
      .updateTable("payments")
      .set({
        provider_checkout_id: v.checkoutId,
        redirect_url: v.redirectUrl,
        status: "pending",
        status_history: v.history,
        updated_at: v.at,
      })
      .where("id", "=", v.id)
      .where("status", "=", "created"),
);

/**
 * Moves a payment to a final status, only from one of `from`: the single point that decides who
 * finalizes an attempt (a replayed verify, the webhook and the reconciliation job race here and one wins).
 */
export async function settlePayment(
  db: Db,
  id: string,
  to: PaymentAttemptStatus,
  from: PaymentAttemptStatus[],
  values: { history: string; at: string },
): Promise<boolean> {
  return affected(await settleFrom(from.join(","), db, { id, to, ...values })) === 1;
}

// Prepared per set of statuses a payment may move from (a handful of call sites, each a fixed list).
const settleFrom = preparedPerShape(
  (from: string, db, v: { id: string; to: PaymentAttemptStatus; history: string; at: string }) =>
    db
      .updateTable("payments")
      .set({ status: v.to, status_history: v.history, finalized_at: v.at, updated_at: v.at })
      .where("id", "=", v.id)
      .where("status", "in", from.split(",") as PaymentAttemptStatus[]),
);

export async function appendPaymentHistory(db: Db, id: string, history: string, at: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ status_history: history, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/**
 * A shopper's attempts still open (created or pending), oldest first. Read from the shopper's unplaced
 * orders (an open attempt's order is never placed) through `orders_user_placed`, then their payments:
 * the cross join keeps SQLite to that order, where it would otherwise walk every open attempt of every
 * shopper (abandoned ones stay open until their hold expires, so a busy shop has many).
 */
export async function openPaymentsForUser(db: Db, userId: string): Promise<PaymentTable[]> {
  return (await openPayments(db, { userId })).rows;
}

const openPayments = prepared((db, v: { userId: string }) =>
  db
    .selectFrom("orders")
    .crossJoin("payments")
    .selectAll("payments")
    .whereRef("payments.order_id", "=", "orders.id")
    .where("orders.user_id", "=", v.userId)
    .where("orders.placed_at", "is", null)
    .where("payments.status", "in", ["created", "pending"])
    .orderBy("payments.created_at"),
);

/** Attempts still open whose next check is due. */
export async function duePayments(db: Db, now: string, limit: number): Promise<PaymentTable[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("status", "in", ["created", "pending"])
    .where("next_check_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .orderBy("next_check_at")
    .limit(limit)
    .execute();
}

/**
 * Claims one attempt for `until`: a conditional update, so when several server processes run the
 * reconciliation job, exactly one of them works on a given attempt at a time.
 */
export async function claimPayment(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set((eb) => ({ claimed_until: until, checks: eb("checks", "+", 1) }))
    .where("id", "=", id)
    .where("status", "in", ["created", "pending"])
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function releasePaymentClaim(db: Db, id: string, nextCheckAt: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ claimed_until: null, next_check_at: nextCheckAt })
    .where("id", "=", id)
    .execute();
}

/** Issue 29: an order's attempts still open, newest first (an accepted quote's card payment). */
export async function openPaymentsOfOrder(db: Db, orderId: string): Promise<PaymentTable[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "in", ["created", "pending"])
    .orderBy("created_at", "desc")
    .execute();
}
