import type { Kysely, Transaction } from "kysely";
import type { Database, IdempotencyKeyTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The order calls' idempotency keys (decision 0017). Every change is conditional on the row's state and
 * claim, so two requests with the same key, in one process or several, never both own it.
 */

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]) =>
  Number(result[0]?.numUpdatedRows ?? result[0]?.numDeletedRows ?? 0);

/** Inserts the in-progress row; false when the shopper's key already has one (a repeat). */
export async function insertKeyClaim(db: Db, row: IdempotencyKeyTable): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_keys")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, userId: string, key: string): Promise<IdempotencyKeyTable | undefined> {
  return db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
}

/**
 * Takes over a row nobody owns any more: an in-progress claim past `claimed_until` (its process died
 * before the order committed), or an expired row. The new claim starts afresh.
 */
export async function takeOverKey(
  db: Db,
  old: Pick<IdempotencyKeyTable, "user_id" | "key" | "claim">,
  fresh: Pick<IdempotencyKeyTable, "request_hash" | "claim" | "claimed_until" | "created_at" | "expires_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_keys")
    .set({
      ...fresh,
      state: "in_progress",
      order_id: null,
      payment_id: null,
      answer_status: null,
      answer_body: null,
    })
    .where("user_id", "=", old.user_id)
    .where("key", "=", old.key)
    .where("claim", "=", old.claim)
    .execute();
  return changed(result) === 1;
}

/**
 * In the order's transaction: the claim becomes the order's (`committed`, or `done` with the answer when
 * it is known before the commit). False when the claim was lost (taken over as abandoned).
 */
export async function commitKey(
  trx: Db,
  ref: { userId: string; key: string; claim: string },
  values: Pick<IdempotencyKeyTable, "state" | "order_id" | "payment_id" | "answer_status" | "answer_body">,
): Promise<boolean> {
  const result = await trx
    .updateTable("idempotency_keys")
    .set({ ...values, claimed_until: null })
    .where("user_id", "=", ref.userId)
    .where("key", "=", ref.key)
    .where("claim", "=", ref.claim)
    .where("state", "=", "in_progress")
    .execute();
  return changed(result) === 1;
}

/** A committed online payment's answer, once its checkout is known (whichever request learnt it). */
export async function storeAnswer(
  db: Db,
  ref: { userId: string; key: string },
  answer: { status: number; body: string },
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ state: "done", answer_status: answer.status, answer_body: answer.body })
    .where("user_id", "=", ref.userId)
    .where("key", "=", ref.key)
    .where("state", "=", "committed")
    .execute();
}

/** Gives the key back: nothing was committed under it (a refusal or a 5xx); the next request runs afresh. */
export async function releaseKey(db: Db, ref: { userId: string; key: string; claim: string }): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", ref.userId)
    .where("key", "=", ref.key)
    .where("claim", "=", ref.claim)
    .where("state", "=", "in_progress")
    .execute();
}

/** A committed key whose attempt ended without a checkout (nothing lives on): the key is free again. */
export async function releaseCommittedKey(db: Db, ref: { userId: string; key: string }): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", ref.userId)
    .where("key", "=", ref.key)
    .where("state", "=", "committed")
    .execute();
}

/** The periodic clean-up: keys past their expiry. */
export async function deleteExpiredKeys(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("expires_at", "<", now).execute();
  return changed(result);
}
