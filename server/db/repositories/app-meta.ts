import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A value the store keeps about itself (app_meta), or undefined when it was never written. */
export async function readAppMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Writes `value` unless the key already has one (the first of several processes wins); returns the kept value. */
export async function keepFirstAppMeta(db: Db, key: string, value: string): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto("app_meta")
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Records a new key; fails if it exists. */
export async function insertAppMeta(db: Db, key: string, value: string): Promise<void> {
  await db.insertInto("app_meta").values({ key, value, updated_at: new Date().toISOString() }).execute();
}

export async function deleteAppMeta(db: Db, key: string): Promise<void> {
  await db.deleteFrom("app_meta").where("key", "=", key).execute();
}
