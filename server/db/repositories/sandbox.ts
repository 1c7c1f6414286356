import type { Kysely, Transaction } from "kysely";
import type { Database, SandboxCheckoutTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The payment sandbox's checkouts (routes/sandbox-paymennt.ts). */

export async function insertSandboxCheckout(db: Db, row: SandboxCheckoutTable): Promise<void> {
  await db.insertInto("sandbox_checkouts").values(row).execute();
}

export async function findSandboxCheckout(db: Db, id: string): Promise<SandboxCheckoutTable | undefined> {
  return db.selectFrom("sandbox_checkouts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findSandboxCheckoutByRequest(
  db: Db,
  requestId: string,
): Promise<SandboxCheckoutTable | undefined> {
  return db
    .selectFrom("sandbox_checkouts")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirst();
}

/** Ends a checkout once: only a PENDING one moves, so a double submit cannot pay and decline it both. */
export async function finishSandboxCheckout(
  db: Db,
  id: string,
  status: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("sandbox_checkouts")
    .set({ status, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
