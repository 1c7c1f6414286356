import type { Kysely, Transaction } from "kysely";
import type { AuditLogTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function insertAuditRow(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

/** The audit log, newest first, optionally of one entity (or one row of it). */
export async function listAuditRows(
  db: Db,
  filter: { entity?: string; entityId?: string; limit: number; offset: number },
): Promise<{ rows: AuditLogTable[]; total: number }> {
  let q = db.selectFrom("audit_log");
  if (filter.entity) q = q.where("entity", "=", filter.entity);
  if (filter.entityId) q = q.where("entity_id", "=", filter.entityId);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
