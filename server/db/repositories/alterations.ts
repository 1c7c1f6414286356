import type { Kysely, Transaction } from "kysely";
import type { AlterationEventTable, AlterationRequestTable, AlterationStatus } from "../schema/quotes.ts";
import type { Database } from "../schema.ts";

/** Alterations of made-to-measure lines (issue 29, part 4; decision 0043): requests and their steps. */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertAlteration(db: Db, row: AlterationRequestTable): Promise<void> {
  await db.insertInto("alteration_requests").values(row).execute();
}

export async function findAlteration(db: Db, id: string): Promise<AlterationRequestTable | undefined> {
  return db.selectFrom("alteration_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function alterationsOfOrder(db: Db, orderId: string): Promise<AlterationRequestTable[]> {
  return db
    .selectFrom("alteration_requests")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The back office's list, newest first; only those at `status` when one is given. */
export async function listAlterations(
  db: Db,
  status?: AlterationStatus,
  limit = 100,
): Promise<AlterationRequestTable[]> {
  let query = db.selectFrom("alteration_requests").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Moves a request from one status to the next; false when another step came first. */
export async function moveAlteration(
  db: Db,
  id: string,
  from: AlterationStatus,
  to: AlterationStatus,
  message: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("alteration_requests")
    .set({ status: to, message, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAlterationEvent(db: Db, row: AlterationEventTable): Promise<void> {
  await db.insertInto("alteration_events").values(row).execute();
}

export async function alterationEventsOf(db: Db, requestIds: string[]): Promise<AlterationEventTable[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom("alteration_events")
    .selectAll()
    .where("request_id", "in", requestIds)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

export async function alterationEventsOfOrder(db: Db, orderId: string): Promise<AlterationEventTable[]> {
  return db
    .selectFrom("alteration_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

/** The orders' numbers and the lines' names, for the requests' answers. */
export async function alterationLabels(
  db: Db,
  rows: AlterationRequestTable[],
): Promise<{ orders: Map<string, string>; lines: Map<string, string> }> {
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const lineIds = [...new Set(rows.map((r) => r.order_line_id))];
  if (orderIds.length === 0) return { orders: new Map(), lines: new Map() };
  const [orders, lines] = await Promise.all([
    db.selectFrom("orders").select(["id", "order_number"]).where("id", "in", orderIds).execute(),
    db.selectFrom("order_lines").select(["id", "name"]).where("id", "in", lineIds).execute(),
  ]);
  return {
    orders: new Map(orders.map((o) => [o.id, o.order_number])),
    lines: new Map(lines.map((l) => [l.id, l.name])),
  };
}
