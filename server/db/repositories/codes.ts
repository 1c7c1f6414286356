import { type Kysely, sql, type Transaction } from "kysely";
import type { CodePurpose, Database, OneTimeCodeTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function findCode(
  db: Db,
  purpose: CodePurpose,
  identifier: string,
): Promise<OneTimeCodeTable | undefined> {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("identifier", "=", identifier)
    .executeTakeFirst();
}

/** Stores a new code for the purpose and address, replacing the previous one (tries start again at 0). */
export async function replaceCode(db: Db, code: OneTimeCodeTable): Promise<void> {
  await db
    .insertInto("one_time_codes")
    .values(code)
    .onConflict((oc) =>
      oc.columns(["purpose", "identifier"]).doUpdateSet({
        id: code.id,
        user_id: code.user_id,
        code_hash: code.code_hash,
        expires_at: code.expires_at,
        attempts: 0,
        consumed_at: null,
        last_sent_at: code.last_sent_at,
        created_at: code.created_at,
      }),
    )
    .execute();
}

/**
 * Counts one try at a live code (kept for the record: the limits on guessing are per client, so a
 * stranger's guesses never spend the owner's code). Returns false when the code is used or expired.
 */
export async function takeAttempt(db: Db, id: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable("one_time_codes")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .returning("attempts")
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Db, id: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable("one_time_codes")
    .set({ consumed_at: now })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Fixed-window counter for rate limits, one row per key, shared by every app process: one atomic
 * upsert counts this attempt (starting a new window when the old one ended) and returns the count.
 */
export async function countHit(
  db: Db,
  key: string,
  now: string,
  windowStartedBefore: string,
): Promise<{ count: number; windowStart: string }> {
  const row = await db
    .insertInto("auth_throttle")
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when auth_throttle.window_start <= ${windowStartedBefore} then 1 else auth_throttle.count + 1 end`,
        window_start: sql<string>`case when auth_throttle.window_start <= ${windowStartedBefore} then ${now} else auth_throttle.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

/** The count of a key's current window without counting anything (0 when it has none). */
export async function peekHits(db: Db, key: string, windowStartedBefore: string): Promise<number> {
  const row = await db
    .selectFrom("auth_throttle")
    .select("count")
    .where("key", "=", key)
    .where("window_start", ">", windowStartedBefore)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_throttle").where("key", "=", key).execute();
}

export async function pruneHits(db: Db, windowStartedBefore: string): Promise<void> {
  await db.deleteFrom("auth_throttle").where("window_start", "<=", windowStartedBefore).execute();
}
