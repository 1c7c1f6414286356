import { type Kysely, sql, type Transaction } from "kysely";
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

/** The next human order number (NA-100231, NA-100232…). Gaps are possible: a failed start uses one up. */
export async function nextOrderNumber(db: Db): Promise<string> {
  const row = await db
    .updateTable("counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "order_number")
    .returning("value")
    .executeTakeFirstOrThrow();
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

export async function variantsForProducts(db: Db, productIds: string[]): Promise<VariantForOrder[]> {
  if (productIds.length === 0) return [];
  const rows = await db
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
    .where("v.product_id", "in", [...new Set(productIds)])
    // Issue 15: an archived product cannot be ordered any more.
    .where("p.archived_at", "is", null)
    .orderBy("v.position")
    .execute();
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
export async function reserveStock(db: Db, variantId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable("product_variants")
    .set((eb) => ({ held_quantity: eb("held_quantity", "+", quantity) }))
    .where("id", "=", variantId)
    .where("stock", "is not", null)
    .where(sql<boolean>`stock - held_quantity >= ${quantity}`)
    .executeTakeFirst();
  return changed(result) === 1;
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
  if (holds.length > 0) await db.insertInto("stock_holds").values(holds).execute();
}

export async function activeHolds(db: Db, orderId: string): Promise<StockHoldTable[]> {
  return db
    .selectFrom("stock_holds")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "active")
    .orderBy("variant_id")
    .execute();
}

/**
 * Moves one active hold to `converted` (its units are sold: stock and held both drop) or `released`
 * (held drops). Conditional on the hold still being active, so a hold is counted off exactly once.
 */
export async function settleHold(
  db: Db,
  hold: StockHoldTable,
  to: "converted" | "released",
): Promise<boolean> {
  const moved = await db
    .updateTable("stock_holds")
    .set({ status: to })
    .where("id", "=", hold.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (changed(moved) !== 1) return false;
  await db
    .updateTable("product_variants")
    .set((eb) =>
      to === "converted"
        ? { stock: eb("stock", "-", hold.quantity), held_quantity: eb("held_quantity", "-", hold.quantity) }
        : { held_quantity: eb("held_quantity", "-", hold.quantity) },
    )
    .where("id", "=", hold.variant_id)
    .execute();
  return true;
}

export async function insertOrder(db: Db, order: OrderTable, lines: OrderLineTable[]): Promise<void> {
  await db.insertInto("orders").values(order).execute();
  if (lines.length > 0) await db.insertInto("order_lines").values(lines).execute();
}

export async function insertOrderEvent(db: Db, event: OrderEventTable): Promise<void> {
  await db.insertInto("order_events").values(event).execute();
}

export async function findOrder(db: Db, id: string): Promise<OrderTable | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
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
  const result = await db
    .updateTable("orders")
    .set({ ...values, updated_at: values.placed_at ?? new Date().toISOString() })
    .where("id", "=", id)
    .where("placed_at", "is", null)
    .executeTakeFirst();
  return changed(result) === 1;
}

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
  await db.insertInto("payments").values(payment).execute();
}

export async function findPayment(db: Db, id: string): Promise<PaymentTable | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** By the provider's checkout id (what ?checkout= carries) or, failing that, by our own payment id. */
export async function findPaymentByAnyId(
  db: Db,
  id: string,
): Promise<(PaymentTable & { user_id: string }) | undefined> {
  return db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .selectAll("payments")
    .select("orders.user_id")
    .where((eb) => eb.or([eb("payments.provider_checkout_id", "=", id), eb("payments.id", "=", id)]))
    .executeTakeFirst();
}

export async function recordCheckout(
  db: Db,
  id: string,
  values: { checkoutId: string; redirectUrl: string; history: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({
      provider_checkout_id: values.checkoutId,
      redirect_url: values.redirectUrl,
      status: "pending",
      status_history: values.history,
      updated_at: values.at,
    })
    .where("id", "=", id)
    .where("status", "=", "created")
    .executeTakeFirst();
  return changed(result) === 1;
}

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
  const result = await db
    .updateTable("payments")
    .set({ status: to, status_history: values.history, finalized_at: values.at, updated_at: values.at })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function appendPaymentHistory(db: Db, id: string, history: string, at: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ status_history: history, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/** A shopper's attempts still open (created or pending), oldest first. */
export async function openPaymentsForUser(db: Db, userId: string): Promise<PaymentTable[]> {
  return db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .selectAll("payments")
    .where("orders.user_id", "=", userId)
    .where("payments.status", "in", ["created", "pending"])
    .orderBy("payments.created_at")
    .execute();
}

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
