import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import { insertRow } from "../prepared.ts";
import type { Database, OutboxTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type OutboxRow = Selectable<OutboxTable>;

/** Stores a mail; through a transaction it exists exactly when the transaction commits. */
export async function insertOutboxMail(db: Db, mail: Insertable<OutboxTable>): Promise<void> {
  await insertRow(db, "outbox", mail);
}

export async function markOutboxSent(db: Db, id: string, sentAt: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: sentAt, error: null })
    .where("id", "=", id)
    .execute();
}

/** A failed attempt: counted, its error kept, the mail released and due again at `nextAttemptAt`. */
export async function markOutboxFailed(
  db: Db,
  id: string,
  failure: { error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable("outbox")
    .set((eb) => ({
      status: "failed",
      error: failure.error,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: failure.nextAttemptAt,
      claimed_until: null,
    }))
    .where("id", "=", id)
    .execute();
}

/** Mails due at `now` (new or failed, under `maxAttempts`, not claimed by a delivery in progress), oldest due first. */
export async function listDueOutboxMails(
  db: Db,
  options: { now: string; maxAttempts: number; limit: number },
): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "in", ["pending", "failed"])
    .where("attempts", "<", options.maxAttempts)
    .where("next_attempt_at", "<=", options.now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", options.now)]))
    .orderBy("next_attempt_at")
    .limit(options.limit)
    .execute();
}

/**
 * Claims a due mail until `until` with a conditional update, so two processes never send the same mail
 * at once. True when this caller got it.
 */
export async function claimOutboxMail(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const claimed = await db
    .updateTable("outbox")
    .set({ claimed_until: until })
    .where("id", "=", id)
    .where("status", "in", ["pending", "failed"])
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The outbox, newest first. */
export async function listOutboxMails(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
