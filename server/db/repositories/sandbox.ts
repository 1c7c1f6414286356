import type { Kysely, Transaction } from "kysely";
import { insertRow, prepared } from "../prepared.ts";
import type { Database, SandboxCheckoutTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The payment sandbox's checkouts (routes/sandbox-paymennt.ts). */

export async function insertSandboxCheckout(db: Db, row: SandboxCheckoutTable): Promise<void> {
  await insertRow(db, "sandbox_checkouts", row);
}

const byId = prepared((db, v: { id: string }) =>
  db.selectFrom("sandbox_checkouts").selectAll().where("id", "=", v.id),
);

export async function findSandboxCheckout(db: Db, id: string): Promise<SandboxCheckoutTable | undefined> {
  return (await byId(db, { id })).rows[0];
}

const byRequest = prepared((db, v: { requestId: string }) =>
  db.selectFrom("sandbox_checkouts").selectAll().where("request_id", "=", v.requestId),
);

export async function findSandboxCheckoutByRequest(
  db: Db,
  requestId: string,
): Promise<SandboxCheckoutTable | undefined> {
  return (await byRequest(db, { requestId })).rows[0];
}

const finish = prepared((db, v: { id: string; status: string; at: string }) =>
  db
    .updateTable("sandbox_checkouts")
    .set({ status: v.status, updated_at: v.at })
    .where("id", "=", v.id)
    .where("status", "=", "PENDING"),
);

/** Ends a checkout once: only a PENDING one moves, so a double submit cannot pay and decline it both. */
export async function finishSandboxCheckout(
  db: Db,
  id: string,
  status: string,
  at: string,
): Promise<boolean> {
  const result = await finish(db, { id, status, at });
  return Number(result.numAffectedRows ?? 0) === 1;
}
