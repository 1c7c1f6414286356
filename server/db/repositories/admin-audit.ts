import type { Kysely, Transaction } from "kysely";
import type { AuditLogTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function insertAuditRow(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

/** The audit log, newest first, optionally of one entity (or one row of it). */
export async function listAuditRows(
  db: Db,
  filter: {
    entity?: string;
    entityId?: string;
    actorId?: string;
    start?: string;
    end?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: AuditLogTable[]; total: number }> {
  let q = db.selectFrom("audit_log");
  if (filter.entity) q = q.where("entity", "=", filter.entity);
  if (filter.entityId) q = q.where("entity_id", "=", filter.entityId);
  if (filter.actorId) q = q.where("actor_id", "=", filter.actorId);
  if (filter.start) q = q.where("at", ">=", filter.start);
  if (filter.end) q = q.where("at", "<", filter.end);
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

/** Everyone with a row in the log whose account still exists, by name (the filter's choices). */
export async function listAuditPeople(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("audit_log")
    .innerJoin("users", "users.id", "audit_log.actor_id")
    .select(["users.id", "users.name"])
    .distinct()
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
