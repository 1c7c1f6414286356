import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { MeasurementProfileTable } from "../schema/made-to-measure.ts";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type ProfileRow = Selectable<MeasurementProfileTable> & { request_reference: string | null };

/** A shopper's measurement profiles, oldest first, with the reference of the request a visit filled. */
export async function listProfileRows(db: Db, userId: string): Promise<ProfileRow[]> {
  return db
    .selectFrom("measurement_profiles as p")
    .leftJoin("stitching_requests as r", "r.id", "p.request_id")
    .selectAll("p")
    .select("r.reference as request_reference")
    .where("p.user_id", "=", userId)
    .orderBy("p.created_at")
    .orderBy("p.id")
    .execute();
}

/** One of her profiles; undefined when it is not hers or does not exist (the caller answers 404 for both). */
export async function findProfileRow(db: Db, userId: string, id: string): Promise<ProfileRow | undefined> {
  return (await listProfileRows(db, userId)).find((row) => row.id === id);
}

export async function countProfiles(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("measurement_profiles")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProfile(db: Db, row: Insertable<MeasurementProfileTable>): Promise<void> {
  await db.insertInto("measurement_profiles").values(row).execute();
}

/** Changes her profile; false when no profile of hers has this id. */
export async function updateProfileRow(
  db: Db,
  userId: string,
  id: string,
  patch: { name?: string; unit: "cm" | "in"; values_mm: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("measurement_profiles")
    .set(patch)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes her profile; false when no profile of hers has this id. */
export async function deleteProfileRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("measurement_profiles")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The profile a home visit on this request made, if any. */
export async function findProfileIdOfRequest(db: Db, requestId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("measurement_profiles")
    .select("id")
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return row?.id;
}
