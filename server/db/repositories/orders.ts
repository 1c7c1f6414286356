import { type Kysely, SqliteAdapter, sql, type Transaction } from "kysely";
import { insertRow, prepared, preparedPerShape } from "../prepared.ts";
import type {
  Database,
  OrderEventTable,
  OrderLineTable,
  OrderTable,
  PaymentAttemptStatus,
  PaymentTable,
  StockHoldTable,
} from "../schema.ts";

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
  }));
}

/**
 * What shoppers can buy now per variant: stock minus active holds, never below 0; null when the shop
 * does not track the size's stock (SPEC §4 'Stock info unavailable'). Variants that do not exist are
 * absent from the map.
 */
export async function availableStockFor(db: Db, variantIds: string[]): Promise<Map<string, number | null>> {
  const map = new Map<string, number | null>();
  if (variantIds.length === 0) return map;
  const rows = await db
    .selectFrom("product_variants")
    .select(["id", "stock", "held_quantity"])
    .where("id", "in", [...new Set(variantIds)])
    .execute();
  for (const r of rows)
    map.set(r.id, r.stock === null ? null : Math.max(0, Number(r.stock) - Number(r.held_quantity)));
  return map;
}

/**
 * Reserves `quantity` units for a hold: one conditional update, so two buyers can never both take the
 * last unit (the row's write lock orders them on PostgreSQL; SQLite has one writer). False when short.
 */
const reserve = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({ held_quantity: eb("held_quantity", "+", v.quantity) }))
    .where("id", "=", v.variantId)
    .where("stock", "is not", null)
    .where(sql<boolean>`stock - held_quantity >= ${v.quantity}`),
);

export async function reserveStock(db: Db, variantId: string, quantity: number): Promise<boolean> {
  return affected(await reserve(db, { variantId, quantity })) === 1;
}

/** Sells units nobody holds (cash on delivery, or a payment whose hold was released): never below 0. */
export async function takeStock(db: Db, variantId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("id", "=", variantId)
    .where(sql<boolean>`stock - held_quantity >= ${quantity}`)
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function insertHolds(db: Db, holds: StockHoldTable[]): Promise<void> {
  if (holds.length === 1) await insertRow(db, "stock_holds", holds[0]!);
  else if (holds.length > 1) await db.insertInto("stock_holds").values(holds).execute();
}

/**
 * Moves every active hold of an order to `converted` (its units are being sold) or `released`, in one
 * statement that also says which holds moved: conditional on each hold still being active, so a hold is
 * counted off exactly once. Returns the moved quantities per variant; the variants themselves are
 * updated by `applySettledHold`, in variant id order with the transaction's other variant writes.
 */
const moveActiveHolds = prepared((db, v: { orderId: string; to: "converted" | "released" }) =>
  db
    .updateTable("stock_holds")
    .set({ status: v.to })
    .where("order_id", "=", v.orderId)
    .where("status", "=", "active")
    .returning(["variant_id", "quantity"]),
);

export async function moveHolds(
  db: Db,
  orderId: string,
  to: "converted" | "released",
): Promise<Map<string, number>> {
  const { rows: moved } = await moveActiveHolds(db, { orderId, to });
  const settled = new Map<string, number>();
  for (const hold of moved)
    settled.set(hold.variant_id, (settled.get(hold.variant_id) ?? 0) + Number(hold.quantity));
  return settled;
}

/** A moved hold's units off the variant: sold (stock and held both drop) or released (held drops). */
export async function applySettledHold(
  db: Db,
  variantId: string,
  quantity: number,
  to: "converted" | "released",
): Promise<void> {
  await (to === "converted" ? sellHeld : releaseHeld)(db, { variantId, quantity });
}

const sellHeld = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({
      stock: eb("stock", "-", v.quantity),
      held_quantity: eb("held_quantity", "-", v.quantity),
    }))
    .where("id", "=", v.variantId),
);
const releaseHeld = prepared((db, v: { variantId: string; quantity: number }) =>
  db
    .updateTable("product_variants")
    .set((eb) => ({ held_quantity: eb("held_quantity", "-", v.quantity) }))
    .where("id", "=", v.variantId),
);

/** Releases every active hold of an order: the holds, then their variants in variant id order. */
export async function releaseHolds(db: Db, orderId: string): Promise<Map<string, number>> {
  const released = await moveHolds(db, orderId, "released");
  for (const [variantId, quantity] of [...released].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    await applySettledHold(db, variantId, quantity, "released");
  return released;
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

// Payments

export async function insertPayment(db: Db, payment: PaymentTable): Promise<void> {
  await insertRow(db, "payments", payment);
}

export async function findPayment(db: Db, id: string): Promise<PaymentTable | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By the provider's checkout id (what ?checkout= carries) or, failing that, by our own payment id. */
export async function findPaymentByAnyId(
  db: Db,
  id: string,
): Promise<(PaymentTable & { user_id: string }) | undefined> {
  return (await paymentByAnyId(db, { id })).rows[0];
}

const paymentByAnyId = prepared((db, v: { id: string }) =>
  db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .selectAll("payments")
    .select("orders.user_id")
    .where((eb) => eb.or([eb("payments.provider_checkout_id", "=", v.id), eb("payments.id", "=", v.id)])),
);

export async function recordCheckout(
  db: Db,
  id: string,
  values: { checkoutId: string; redirectUrl: string; history: string; at: string },
): Promise<boolean> {
  return affected(await checkoutRecorded(db, { id, ...values })) === 1;
}

const checkoutRecorded = prepared(
  (db, v: { id: string; checkoutId: string; redirectUrl: string; history: string; at: string }) =>
    db
      .updateTable("payments")
      .set({
        provider_checkout_id: v.checkoutId,
        redirect_url: v.redirectUrl,
        status: "pending",
        status_history: v.history,
        updated_at: v.at,
      })
      .where("id", "=", v.id)
      .where("status", "=", "created"),
);

/**
 * Moves a payment to a final status, only from one of `from`: the single point that decides who
 * finalizes an attempt (a replayed verify, the webhook and the reconciliation job race here and one wins).
 */
export async function settlePayment(
  db: Db,
  id: string,
  to: PaymentAttemptStatus,
  from: PaymentAttemptStatus[],
  values: { history: string; at: string },
): Promise<boolean> {
  return affected(await settleFrom(from.join(","), db, { id, to, ...values })) === 1;
}

// Prepared per set of statuses a payment may move from (a handful of call sites, each a fixed list).
const settleFrom = preparedPerShape(
  (from: string, db, v: { id: string; to: PaymentAttemptStatus; history: string; at: string }) =>
    db
      .updateTable("payments")
      .set({ status: v.to, status_history: v.history, finalized_at: v.at, updated_at: v.at })
      .where("id", "=", v.id)
      .where("status", "in", from.split(",") as PaymentAttemptStatus[]),
);

export async function appendPaymentHistory(db: Db, id: string, history: string, at: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ status_history: history, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/**
 * A shopper's attempts still open (created or pending), oldest first. Read from the shopper's unplaced
 * orders (an open attempt's order is never placed) through `orders_user_placed`, then their payments:
 * the cross join keeps SQLite to that order, where it would otherwise walk every open attempt of every
 * shopper (abandoned ones stay open until their hold expires, so a busy shop has many).
 */
export async function openPaymentsForUser(db: Db, userId: string): Promise<PaymentTable[]> {
  return (await openPayments(db, { userId })).rows;
}

const openPayments = prepared((db, v: { userId: string }) =>
  db
    .selectFrom("orders")
    .crossJoin("payments")
    .selectAll("payments")
    .whereRef("payments.order_id", "=", "orders.id")
    .where("orders.user_id", "=", v.userId)
    .where("orders.placed_at", "is", null)
    .where("payments.status", "in", ["created", "pending"])
    .orderBy("payments.created_at"),
);

/** Attempts still open whose next check is due. */
export async function duePayments(db: Db, now: string, limit: number): Promise<PaymentTable[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("status", "in", ["created", "pending"])
    .where("next_check_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .orderBy("next_check_at")
    .limit(limit)
    .execute();
}

/**
 * Claims one attempt for `until`: a conditional update, so when several server processes run the
 * reconciliation job, exactly one of them works on a given attempt at a time.
 */
export async function claimPayment(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set((eb) => ({ claimed_until: until, checks: eb("checks", "+", 1) }))
    .where("id", "=", id)
    .where("status", "in", ["created", "pending"])
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function releasePaymentClaim(db: Db, id: string, nextCheckAt: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ claimed_until: null, next_check_at: nextCheckAt })
    .where("id", "=", id)
    .execute();
}
