import type { Kysely, Transaction } from "kysely";
import type { AdminSessionTable, Database, UserRole } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A back-office session with the account it belongs to, as read on every /api/admin request. */
export interface AdminSessionRow {
  id: string;
  csrfToken: string;
  lastSeenAt: string;
  userId: string;
  name: string;
  email: string | null;
  role: UserRole;
}

export async function insertAdminSession(db: Db, row: AdminSessionTable): Promise<void> {
  await db.insertInto("admin_sessions").values(row).execute();
}

export async function findAdminSession(db: Db, id: string): Promise<AdminSessionRow | undefined> {
  const row = await db
    .selectFrom("admin_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.csrf_token", "s.last_seen_at", "u.id as user_id", "u.name", "u.email", "u.role"])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    csrfToken: row.csrf_token,
    lastSeenAt: row.last_seen_at,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role ?? "customer",
  };
}

/** Marks activity; conditional on the session still being fresh, so an idle session is never revived. */
export async function touchAdminSession(
  db: Db,
  id: string,
  now: string,
  idleCutoff: string,
): Promise<boolean> {
  const result = await db
    .updateTable("admin_sessions")
    .set({ last_seen_at: now })
    .where("id", "=", id)
    .where("last_seen_at", ">", idleCutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAdminSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
}

/** Ends every back-office session of an account (role change, removal). */
export async function deleteAdminSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("user_id", "=", userId).execute();
}

export async function deleteIdleAdminSessions(db: Db, idleCutoff: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("last_seen_at", "<=", idleCutoff).execute();
}
