import type { Kysely, Transaction } from "kysely";
import type {
  ReturnEventTable,
  ReturnLineTable,
  ReturnRequestTable,
  ReturnStatus,
} from "../schema/returns.ts";
import type { Database } from "../schema.ts";

/** Returns and exchanges (issue 24, part B; decision 0032): requests, their lines and their steps. */

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);

export async function insertReturnRequest(
  db: Db,
  request: ReturnRequestTable,
  lines: ReturnLineTable[],
): Promise<void> {
  await db.insertInto("return_requests").values(request).execute();
  await db.insertInto("return_lines").values(lines).execute();
}

export async function findReturnRequest(db: Db, id: string): Promise<ReturnRequestTable | undefined> {
  return db.selectFrom("return_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function returnRequestsOf(db: Db, orderId: string): Promise<ReturnRequestTable[]> {
  return db
    .selectFrom("return_requests")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function returnLinesOf(db: Db, requestIds: string[]): Promise<ReturnLineTable[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .selectFrom("return_lines")
    .selectAll()
    .where("request_id", "in", requestIds)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** Moves a request from one of `from` to `to`; conditional, so two clicks or two people move it once. */
export async function moveReturnStatus(
  db: Db,
  id: string,
  from: ReturnStatus[],
  to: ReturnStatus,
  set: Partial<
    Pick<ReturnRequestTable, "message" | "resaleable" | "refund_id" | "courier" | "tracking_number">
  >,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("return_requests")
    .set({ ...set, status: to, updated_at: at })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function setReturnLineHold(db: Db, id: string, hold: ReturnLineTable["hold"]): Promise<void> {
  await db.updateTable("return_lines").set({ hold }).where("id", "=", id).execute();
}

export async function insertReturnEvent(db: Db, event: ReturnEventTable): Promise<void> {
  await db.insertInto("return_events").values(event).execute();
}

export async function returnEventsOf(db: Db, orderId: string): Promise<ReturnEventTable[]> {
  return db
    .selectFrom("return_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

export interface ReturnListRow extends ReturnRequestTable {
  order_number: string;
  ship_first_name: string;
  ship_last_name: string;
}

/** The back office's list: newest first, by status. */
export async function listReturnRows(
  db: Db,
  query: { status?: ReturnStatus; limit: number; offset: number },
): Promise<{ rows: ReturnListRow[]; total: number }> {
  let q = db.selectFrom("return_requests as r").innerJoin("orders as o", "o.id", "r.order_id");
  if (query.status) q = q.where("r.status", "=", query.status);
  const [rows, count] = await Promise.all([
    q
      .selectAll("r")
      .select(["o.order_number", "o.ship_first_name", "o.ship_last_name"])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The variants of some products, with what each costs and how many can be had now. */
export async function variantsOfProducts(db: Db, productIds: string[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "v.id",
      "v.product_id",
      "v.position",
      "v.size",
      "v.retail_price_fils",
      "v.discount_percent",
      "v.stock",
      "v.held_quantity",
      "p.return_policy",
      "p.archived_at",
    ])
    .where("v.product_id", "in", [...new Set(productIds)])
    .orderBy("v.product_id")
    .orderBy("v.position")
    .execute();
  return rows.map((r) => ({
    ...r,
    retail_price_fils: Number(r.retail_price_fils),
    discount_percent: Number(r.discount_percent),
    stock: r.stock === null ? null : Number(r.stock),
    held_quantity: Number(r.held_quantity),
  }));
}

/** The return policies of some products (a product gone from the table reads as returnable). */
export async function returnPoliciesOf(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "return_policy"])
    .where("id", "in", [...new Set(productIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.return_policy ?? "returnable"]));
}
