import type { Kysely, Transaction } from "kysely";
import type { Database, UserRole } from "../schema.ts";
import type { UserRow } from "./users.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Staff and owners, owners first. */
export async function listStaffUsers(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("role", "in", ["staff", "owner"])
    .orderBy("role", "desc")
    .orderBy("name")
    .execute();
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<void> {
  await db
    .updateTable("users")
    .set({ role, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function countOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
