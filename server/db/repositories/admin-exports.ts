import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Where the previous page ended: pages go by (placed_at, id), so a long export never skips or repeats. */
export interface OrderCursor {
  placedAt: string;
  id: string;
}

/** One page of the placed, non-test orders placed in [start, end), oldest first. */
export async function exportOrderPage(
  db: Db,
  range: { start: string; end: string },
  after: OrderCursor | undefined,
  limit: number,
) {
  let q = db
    .selectFrom("orders")
    .select([
      "id",
      "order_number",
      "placed_at",
      "status",
      "payment_mode",
      "payment_status",
      "ship_first_name",
      "ship_last_name",
      "ship_phone",
      "ship_email",
      "ship_city",
      "courier",
      "tracking_number",
    ])
    .select((eb) =>
      eb
        .selectFrom("documents")
        .select("documents.number")
        .whereRef("documents.order_id", "=", "orders.id")
        .where("documents.kind", "in", ["tax_invoice", "receipt"])
        .orderBy("documents.issued_at")
        .orderBy("documents.id")
        .limit(1)
        .as("document_number"),
    )
    .where("placed_at", "is not", null)
    .where("placed_at", ">=", range.start)
    .where("placed_at", "<", range.end)
    .where((eb) => eb.or([eb("is_test", "is", null), eb("is_test", "=", false)]));
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb("placed_at", ">", after.placedAt),
        eb.and([eb("placed_at", "=", after.placedAt), eb("id", ">", after.id)]),
      ]),
    );
  return q.orderBy("placed_at").orderBy("id").limit(limit).execute();
}

/** The lines of the given orders, in each order's own order. */
export async function exportOrderLines(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("order_lines")
    .select([
      "order_id",
      "position",
      "sku",
      "name",
      "name_ar",
      "size",
      "color",
      "quantity",
      "unit_price_fils",
      "line_total_fils",
      "vat_fils",
    ])
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}

/** One page of the products' sizes, by product name then size (the id keeps paging stable). */
export async function exportVariantPage(
  db: Db,
  after: { name: string; productId: string; position: number } | undefined,
  limit: number,
) {
  let q = db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "p.id as product_id",
      "p.name",
      "p.name_ar",
      "p.category_slug",
      "p.draft",
      "p.archived_at",
      "v.position",
      "v.sku",
      "v.size",
      "v.retail_price_fils",
      "v.discount_percent",
      "v.stock",
      "v.held_quantity",
    ]);
  if (after)
    q = q.where(
      sql<boolean>`(p.name, p.id, v.position) > (${after.name}, ${after.productId}, ${after.position})`,
    );
  return q.orderBy("p.name").orderBy("p.id").orderBy("v.position").limit(limit).execute();
}
