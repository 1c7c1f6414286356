import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import { insertRow } from "../prepared.ts";
import type { Database, OutboxStatus, OutboxTable } from "../schema.ts";

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

/** Mails stored without SMTP and not printed to the log yet, oldest first. */
export async function listUnloggedOutboxMails(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "stored")
    .where("logged_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Marks a stored mail printed with a conditional update, so whichever process gets it prints it and no
 * other does. True when this caller got it.
 */
export async function claimOutboxLogging(db: Db, id: string, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable("outbox")
    .set({ logged_at: at })
    .where("id", "=", id)
    .where("logged_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Mails that have not reached anyone: stored without SMTP, failed, or still waiting for their first
 * delivery; newest first, and how many.
 */
export async function listUndeliveredOutboxMails(
  db: Db,
  limit: number,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("outbox")
      .selectAll()
      .where("status", "in", UNDELIVERED)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "in", UNDELIVERED)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

const UNDELIVERED: OutboxStatus[] = ["stored", "failed", "pending"];

export async function findOutboxMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Queues an undelivered (stored or failed) mail again: with SMTP as a new mail due now (its attempts
 * counted from zero); without it stored and not yet printed, so it is printed once more. True when the
 * mail was undelivered.
 */
export async function requeueOutboxMail(
  db: Db,
  id: string,
  options: { status: "pending" | "stored"; now: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("outbox")
    .set({
      status: options.status,
      attempts: 0,
      error: null,
      next_attempt_at: options.now,
      claimed_until: null,
      logged_at: null,
    })
    .where("id", "=", id)
    .where("status", "in", ["stored", "failed"])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Mails not sent yet (new, or failed and waiting for another try) and the oldest one's creation time. */
export async function outboxBacklog(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: (row?.oldest as string | null | undefined) ?? null };
}
