import type { Insertable, Kysely, Transaction } from "kysely";
import type { ContactMessageTable, Database, StitchingRequestTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type NewContactMessage = Insertable<ContactMessageTable>;
export type NewStitchingRequest = Insertable<StitchingRequestTable>;

export async function insertContactMessage(db: Db, row: NewContactMessage): Promise<void> {
  await db.insertInto("contact_messages").values(row).execute();
}

export async function insertStitchingRequest(db: Db, row: NewStitchingRequest): Promise<void> {
  await db.insertInto("stitching_requests").values(row).execute();
}

/** True when the error is a unique violation of a `reference` column (a drawn reference already taken). */
export function referenceTaken(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: string; errcode?: number; constraint?: string; message?: string };
  const unique =
    e.code === "23505" || // PostgreSQL
    e.errcode === 2067 || // SQLITE_CONSTRAINT_UNIQUE
    /UNIQUE constraint failed/i.test(e.message ?? "");
  return unique && /reference/.test(`${e.constraint ?? ""} ${e.message ?? ""}`);
}
