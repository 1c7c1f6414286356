import type { Kysely, Transaction, Updateable } from "kysely";
import type { UserDto } from "#core/schemas/account.schema.ts";
import { prepared } from "../prepared.ts";
import type { Database, UserTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = UserTable;

const userById = prepared((db, v: { id: string }) =>
  db.selectFrom("users").selectAll().where("id", "=", v.id),
);

/** Read on every authenticated call (the session check), so prepared once. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return (await userById(db, { id })).rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("google_sub", "=", sub).executeTakeFirst();
}

export async function createUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto("users").values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Omit<Updateable<UserTable>, "id" | "session_version">,
  options: { endSessions?: boolean } = {},
): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      ...patch,
      updated_at: new Date().toISOString(),
      ...(options.endSessions ? { session_version: eb("session_version", "+", 1) } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

/** Which unique column a failed insert or update ran into, on either engine; undefined for other errors. */
export function uniqueViolation(error: unknown): "email" | "phone" | "google_sub" | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { code?: string; errcode?: number; constraint?: string; message?: string };
  const isUnique =
    e.code === "23505" || // PostgreSQL
    e.errcode === 2067 || // SQLITE_CONSTRAINT_UNIQUE
    /UNIQUE constraint failed/i.test(e.message ?? "");
  if (!isUnique) return undefined;
  const where = `${e.constraint ?? ""} ${e.message ?? ""}`;
  if (/google_sub/.test(where)) return "google_sub";
  if (/email/.test(where)) return "email";
  if (/phone/.test(where)) return "phone";
  return undefined;
}

/** SPEC §3 User as the profile call returns it: never the password hash or the Google subject. */
export function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    emailVerified: Boolean(row.email_verified),
    hasPassword: row.password_hash !== null,
    googleLinked: row.google_sub !== null,
    language: row.language,
    createdAt: row.created_at,
  };
}
