import { type Kysely, SqliteAdapter, type Transaction } from "kysely";
import { insertRow, prepared, preparedPerShape } from "../prepared.ts";
import type { Database, OrderEventTable, OrderLineTable, OrderTable } from "../schema.ts";

/**
 * Orders, their lines and events, the order-number counter, and the variants an order is priced from.
 * Payment attempts are in payments.ts, stock and its holds in stock-holds.ts.
 */

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);
/** Rows a prepared write changed. */
const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

// The statements every order runs are prepared once (server/db/prepared.ts, decision 0014).

/**
 * True on SQLite, where one writer at a time is all there is: a row written early in a transaction (the
 * order-number counter) holds no lock another order could be waiting for, so it may join the order's own
 * transaction. On PostgreSQL the counter is bumped in a transaction of its own, so its row lock is never
 * held across another transaction's statements and commit (decision 0014).
 */
export function hasSingleWriter(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The next human order number (NA-100231, NA-100232…). Gaps are possible: a failed start uses one up. */
const bumpOrderNumber = prepared((db) =>
  db
    .updateTable("counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "order_number")
    .returning("value"),
);

export async function nextOrderNumber(db: Db): Promise<string> {
  const row = (await bumpOrderNumber(db, {})).rows[0];
  if (!row) throw new Error("the order_number counter is missing");
  return `NA-${Number(row.value)}`;
}

/** A variant as an order line needs it: price, stock and the product's shown name and first image. */
export interface VariantForOrder {
  variantId: string;
  productId: string;
  productName: string;
  /** The product's Arabic name, null when it has none (issue 14). */
  productNameAr: string | null;
  sku: string;
  size: string;
  retailPriceFils: number;
  discountPercent: number;
  stock: number | null;
  held: number;
  image: string;
  /** The product's collection (category slug): a discount code may be for some collections only. */
  category: string;
}

/** Prepared per count of distinct products (an order names one or a few). */
const variantsOf = preparedPerShape((count: number, db, v: Record<string, string>) =>
  db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "v.id",
      "v.product_id",
      "p.name",
      "p.name_ar",
      "p.category_slug",
      "v.sku",
      "v.size",
      "v.retail_price_fils",
      "v.discount_percent",
      "v.stock",
      "v.held_quantity",
      (eb) =>
        eb
          .selectFrom("product_images as i")
          .select("i.url")
          .whereRef("i.product_id", "=", "p.id")
          .orderBy("i.position")
          .limit(1)
          .as("image"),
    ])
    .where(
      "v.product_id",
      "in",
      Array.from({ length: count }, (_, i) => v[`p${i}`]!),
    )
    // Issue 15: an archived product cannot be ordered any more.
    .where("p.archived_at", "is", null)
    .where("p.draft", "=", false)
    .orderBy("v.position"),
);

export async function variantsForProducts(db: Db, productIds: string[]): Promise<VariantForOrder[]> {
  if (productIds.length === 0) return [];
  const ids = [...new Set(productIds)];
  const { rows } = await variantsOf(ids.length, db, Object.fromEntries(ids.map((id, i) => [`p${i}`, id])));
  return rows.map((r) => ({
    variantId: r.id,
    productId: r.product_id,
    productName: r.name,
    productNameAr: r.name_ar,
    sku: r.sku,
    size: r.size,
    retailPriceFils: Number(r.retail_price_fils),
    discountPercent: Number(r.discount_percent),
    stock: r.stock === null ? null : Number(r.stock),
    held: Number(r.held_quantity),
    image: r.image ?? "",
    category: r.category_slug,
  }));
}

export async function insertOrder(db: Db, order: OrderTable, lines: OrderLineTable[]): Promise<void> {
  await insertRow(db, "orders", order);
  if (lines.length === 1) await insertRow(db, "order_lines", lines[0]!);
  else if (lines.length > 1) await db.insertInto("order_lines").values(lines).execute();
}

export async function insertOrderEvent(db: Db, event: OrderEventTable): Promise<void> {
  await insertRow(db, "order_events", event);
}

export async function findOrder(db: Db, id: string): Promise<OrderTable | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

const orderWithLines = prepared((db, v: { id: string }) =>
  db
    .selectFrom("orders as o")
    .leftJoin("order_lines as l", "l.order_id", "o.id")
    .selectAll("o")
    .select([
      "l.id as line_id",
      "l.position as line_position",
      "l.product_id as line_product_id",
      "l.variant_id as line_variant_id",
      "l.sku as line_sku",
      "l.name as line_name",
      "l.name_ar as line_name_ar",
      "l.size as line_size",
      "l.color as line_color",
      "l.image as line_image",
      "l.unit_price_fils as line_unit_price_fils",
      "l.quantity as line_quantity",
      "l.line_total_fils as line_line_total_fils",
      "l.vat_fils as line_vat_fils",
      // Issue 29: a made-to-measure line's snapshot and workshop step.
      "l.stitching as line_stitching",
      "l.work_step as line_work_step",
      "l.work_step_at as line_work_step_at",
    ])
    .where("o.id", "=", v.id)
    .orderBy("l.position"),
);

/** An order and its lines (in their order) in one query; undefined when there is no such order. */
export async function findOrderWithLines(
  db: Db,
  id: string,
): Promise<{ order: OrderTable; lines: OrderLineTable[] } | undefined> {
  const { rows } = await orderWithLines(db, { id });
  if (rows.length === 0) return undefined;
  const {
    line_id: _id,
    line_position: _position,
    line_product_id: _product,
    line_variant_id: _variant,
    line_sku: _sku,
    line_name: _name,
    line_name_ar: _nameAr,
    line_size: _size,
    line_color: _color,
    line_image: _image,
    line_unit_price_fils: _unit,
    line_quantity: _quantity,
    line_line_total_fils: _total,
    line_vat_fils: _vat,
    line_stitching: _stitching,
    line_work_step: _workStep,
    line_work_step_at: _workStepAt,
    ...order
  } = rows[0]!;
  const lines: OrderLineTable[] = [];
  for (const r of rows) {
    if (r.line_id === null) continue;
    lines.push({
      id: r.line_id,
      order_id: id,
      position: Number(r.line_position),
      product_id: r.line_product_id!,
      variant_id: r.line_variant_id,
      sku: r.line_sku!,
      name: r.line_name!,
      name_ar: r.line_name_ar,
      size: r.line_size!,
      color: r.line_color!,
      image: r.line_image!,
      unit_price_fils: Number(r.line_unit_price_fils),
      quantity: Number(r.line_quantity),
      line_total_fils: Number(r.line_line_total_fils),
      vat_fils: Number(r.line_vat_fils),
      stitching: r.line_stitching ?? null,
      work_step: r.line_work_step ?? null,
      work_step_at: r.line_work_step_at ?? null,
    });
  }
  return { order: order as OrderTable, lines };
}

export async function orderLines(db: Db, orderIds: string[]): Promise<OrderLineTable[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}

/**
 * Moves an order out of 'Awaiting payment' (or a lapsed payment's 'Cancelled') into a placed order.
 * Conditional on `placed_at` still being empty, so an order is placed once whoever asks.
 */
export async function markOrderPlaced(
  db: Db,
  id: string,
  values: Pick<
    OrderTable,
    "status" | "payment_status" | "needs_attention" | "attention_reason" | "placed_at"
  >,
): Promise<boolean> {
  const result = await placeOrder(db, {
    id,
    ...values,
    updated_at: values.placed_at ?? new Date().toISOString(),
  });
  return affected(result) === 1;
}

const placeOrder = prepared(
  (
    db,
    v: Pick<
      OrderTable,
      "id" | "status" | "payment_status" | "needs_attention" | "attention_reason" | "placed_at" | "updated_at"
    >,
  ) =>
    db
      .updateTable("orders")
      .set({
        status: v.status,
        payment_status: v.payment_status,
        needs_attention: v.needs_attention,
        attention_reason: v.attention_reason,
        placed_at: v.placed_at,
        updated_at: v.updated_at,
      })
      .where("id", "=", v.id)
      .where("placed_at", "is", null),
);

/** Cancels an order that was never placed (declined, cancelled or lapsed payment). */
export async function markOrderUnplaced(
  db: Db,
  id: string,
  values: Pick<OrderTable, "status" | "payment_status">,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ ...values, updated_at: at })
    .where("id", "=", id)
    .where("placed_at", "is", null)
    .executeTakeFirst();
  return changed(result) === 1;
}

/** A shopper's placed orders (paid online or cash on delivery), newest first. */
export async function listPlacedOrdersForUser(db: Db, userId: string): Promise<OrderTable[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("placed_at", "is not", null)
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
