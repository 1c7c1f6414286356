import { type Kysely, sql, type Transaction } from "kysely";
import type { AdminOrderQuery } from "#core/admin.ts";
import type { Database, OrderEventTable, OrderNoteTable, OrderTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface AdminOrderListRow extends OrderTable {
  item_count: number;
}

/**
 * Placed orders (an order still awaiting its online payment is nobody's order yet), newest first, by
 * status and by a search over the order number, the delivery name and the phone number.
 */
export async function listAdminOrderRows(
  db: Db,
  query: AdminOrderQuery,
): Promise<{ rows: AdminOrderListRow[]; total: number }> {
  let q = db.selectFrom("orders").where("orders.placed_at", "is not", null);
  if (query.status) q = q.where("orders.status", "=", query.status);
  if (query.test) q = q.where("orders.is_test", "=", query.test === "only");
  if (query.customer) q = q.where("orders.user_id", "=", query.customer);
  if (query.search) {
    const text = query.search.toLowerCase();
    const pattern = `%${escapeLike(text)}%`;
    const digits = text.replace(/\D/g, "");
    q = q.where((eb) => {
      const alternatives = [
        eb(sql<string>`lower(orders.order_number)`, "like", sql<string>`${pattern} escape '\\'`),
        eb(
          sql<string>`lower(orders.ship_first_name || ' ' || orders.ship_last_name)`,
          "like",
          sql<string>`${pattern} escape '\\'`,
        ),
      ];
      // A phone typed as 050 123 4567 or +971 50 123 4567 matches the stored +971501234567 by its end.
      const national = digits.replace(/^(00971|971|0)/, "");
      if (national.length >= 4) alternatives.push(eb("orders.ship_phone", "like", `%${national}%`));
      // The e-mail it was placed with, and the name of any product on it (English or Arabic).
      alternatives.push(
        eb(sql<string>`lower(orders.ship_email)`, "like", sql<string>`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("order_lines as sl")
            .select("sl.id")
            .whereRef("sl.order_id", "=", "orders.id")
            .where((w) =>
              w.or([
                w(sql<string>`lower(sl.name)`, "like", sql<string>`${pattern} escape '\\'`),
                w(sql<string>`lower(coalesce(sl.name_ar, ''))`, "like", sql<string>`${pattern} escape '\\'`),
              ]),
            ),
        ),
      );
      return eb.or(alternatives);
    });
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll("orders")
      .select((eb) =>
        eb
          .selectFrom("order_lines as l")
          .select((l) => l.fn.sum<number>("l.quantity").as("n"))
          .whereRef("l.order_id", "=", "orders.id")
          .as("item_count"),
      )
      .$call((b) => {
        const descending = query.sort.startsWith("-");
        const direction = descending ? "desc" : "asc";
        const key = query.sort.replace(/^-/, "");
        const column =
          key === "number"
            ? sql`orders.order_number`
            : key === "customer"
              ? sql`lower(orders.ship_first_name || ' ' || orders.ship_last_name)`
              : key === "total"
                ? sql`orders.total_fils`
                : key === "status"
                  ? sql`orders.status`
                  : sql`orders.placed_at`;
        return b.orderBy(column, direction).orderBy("orders.id", direction);
      })
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, item_count: Number(r.item_count ?? 0) })),
    total: Number(count.n),
  };
}

export async function listOrderEvents(db: Db, orderId: string): Promise<OrderEventTable[]> {
  return db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

/** Moves a placed order from `from` to `to`; conditional, so two clicks (or two staff) move it once. */
export async function moveOrderStatus(
  db: Db,
  id: string,
  from: string,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: to, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .where("placed_at", "is not", null)
    .executeTakeFirst();
  return changed(result) === 1;
}

/** Puts sold units back on a size's shelf (a cancelled order); sizes without tracked stock stay so. */
export async function returnVariantStock(db: Db, variantId: string, quantity: number): Promise<void> {
  await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("id", "=", variantId)
    .where("stock", "is not", null)
    .execute();
}

/** A cash-on-delivery order's money collected: only from unpaid, and never for a cancelled order. */
export async function markCodOrderPaid(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ payment_status: "paid", updated_at: at })
    .where("id", "=", id)
    .where("payment_mode", "=", "cod")
    .where("payment_status", "=", "unpaid")
    .where("status", "!=", "Cancelled")
    .where("placed_at", "is not", null)
    .executeTakeFirst();
  return changed(result) === 1;
}

/** Placed, not cancelled orders placed in [from, to): how many and their VAT-inclusive total. */
export async function orderFigures(
  db: Db,
  from: string,
  to: string,
): Promise<{ orders: number; revenueFils: number }> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("total_fils").as("total")])
    .where("placed_at", ">=", from)
    .where("placed_at", "<", to)
    .where("status", "!=", "Cancelled")
    // Test orders took no money (decision 0015).
    .where("is_test", "=", false)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.n), revenueFils: Number(row.total ?? 0) };
}

export async function countOrdersInStatus(db: Db, status: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .where("placed_at", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The shop's internal notes on an order, oldest first (staff only; never shown to the shopper). */
export async function listOrderNotes(db: Db, orderId: string): Promise<OrderNoteTable[]> {
  return db
    .selectFrom("order_notes")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

export async function insertOrderNote(db: Db, row: OrderNoteTable): Promise<void> {
  await db.insertInto("order_notes").values(row).execute();
}

/** The courier and tracking number an order was shipped with. */
export async function setOrderShipping(
  db: Db,
  id: string,
  courier: string,
  trackingNumber: string | null,
): Promise<void> {
  await db
    .updateTable("orders")
    .set({ courier, tracking_number: trackingNumber })
    .where("id", "=", id)
    .execute();
}
