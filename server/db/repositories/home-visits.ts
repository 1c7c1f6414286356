import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a home visit needs of a stitching request: whose it is and what was measured. */
export async function findVisitRequest(db: Db, id: string) {
  return db
    .selectFrom("stitching_requests")
    .select(["id", "reference", "user_id", "name", "measurements", "measured_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function setRequestMeasurements(db: Db, id: string, measurements: string, at: string) {
  await db
    .updateTable("stitching_requests")
    .set({ measurements, measured_at: at })
    .where("id", "=", id)
    .execute();
}

/** The stitching requests a shopper sent signed in (never matched by phone, e-mail or name), newest first. */
export async function listRequestsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("stitching_requests")
    .select(["id", "reference", "created_at", "service_type", "item_count", "status", "measurements"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
