import type { Kysely, Transaction } from "kysely";
import { discountedPrice } from "#core/pricing.ts";
import { QUOTE_PRODUCT_ID } from "#core/schemas/quotes.ts";
import type { ReturnOptions, ReturnPolicyName, ReturnRequestDto } from "#core/schemas/returns.ts";
import { listRefunds } from "../../db/repositories/refunds.ts";
import { returnLinesOf, variantsOfProducts } from "../../db/repositories/returns.ts";
import type { ReturnLineTable, ReturnRequestTable } from "../../db/schema/returns.ts";
import type { Database, OrderLineTable, OrderTable, RefundTable } from "../../db/schema.ts";
import { refundedUnits } from "../refunds/summary.ts";

/**
 * What a shopper may still ask on an order (decision 0032): the return window, counted in Asia/Dubai
 * calendar days from the day it was delivered; each line's units not yet asked for (nor refunded apart
 * from a return); whether its product may be returned; and the sizes an exchange may go to.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Asia/Dubai is UTC+4 all year (no daylight saving). */
const DUBAI_OFFSET_MS = 4 * 3600_000;

/**
 * The last moment a request is taken: the end of the Dubai day `days` calendar days after the Dubai day
 * of delivery (delivered on the 10th, 3 days: to the end of the 13th, Dubai time).
 */
export function returnDeadline(deliveredAt: string, days: number): Date {
  const local = new Date(Date.parse(deliveredAt) + DUBAI_OFFSET_MS);
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days + 1);
  return new Date(end - DUBAI_OFFSET_MS - 1);
}

/** When the order last became Delivered (null when it is not Delivered now). */
export async function deliveredAt(db: Db, order: OrderTable): Promise<string | null> {
  if (order.status !== "Delivered") return null;
  const row = await db
    .selectFrom("order_events")
    .select("at")
    .where("order_id", "=", order.id)
    .where("to_status", "=", "Delivered")
    .orderBy("at", "desc")
    .executeTakeFirst();
  return row?.at ?? order.updated_at;
}

/** A request's lines that still count (a refused request frees its units). */
export const STILL_COUNTS = (r: ReturnRequestTable) => r.status !== "refused";

export function sellingPrice(v: { retail_price_fils: number; discount_percent: number }): number {
  return discountedPrice(v.retail_price_fils, v.discount_percent);
}

export interface OrderReturnState {
  lines: OrderLineTable[];
  requests: ReturnRequestTable[];
  returnLines: ReturnLineTable[];
  refunds: RefundTable[];
}

/** Units of each order line already asked for, or refunded apart from a return. */
export function unitsTaken(state: OrderReturnState): Map<string, number> {
  const counting = new Set(state.requests.filter(STILL_COUNTS).map((r) => r.id));
  const asked = new Map<string, number>();
  for (const l of state.returnLines)
    if (counting.has(l.request_id))
      asked.set(l.order_line_id, (asked.get(l.order_line_id) ?? 0) + l.quantity);
  const returnRefunds = new Set(state.requests.map((r) => r.refund_id).filter(Boolean));
  const refunded = refundedUnits(state.refunds.filter((r) => !returnRefunds.has(r.id)));
  for (const [lineId, n] of refunded) asked.set(lineId, (asked.get(lineId) ?? 0) + n);
  return asked;
}

export async function loadReturnState(
  db: Db,
  order: OrderTable,
  lines: OrderLineTable[],
  requests: ReturnRequestTable[],
): Promise<OrderReturnState> {
  const [returnLines, refunds] = await Promise.all([
    returnLinesOf(
      db,
      requests.map((r) => r.id),
    ),
    listRefunds(db, order.id),
  ]);
  return { lines, requests, returnLines, refunds };
}

export async function returnOptions(
  db: Db,
  order: OrderTable,
  state: OrderReturnState,
  windowDays: number,
  now: Date,
): Promise<ReturnOptions> {
  const delivered = await deliveredAt(db, order);
  const deadline = delivered ? returnDeadline(delivered, windowDays) : null;
  const open = deadline !== null && now.getTime() <= deadline.getTime();
  const variants = await variantsOfProducts(
    db,
    state.lines.map((l) => l.product_id),
  );
  const taken = unitsTaken(state);
  return {
    windowDays,
    deadline: deadline?.toISOString() ?? null,
    open,
    closedReason: open ? null : delivered ? "window_closed" : "not_delivered",
    lines: state.lines.map((line) => {
      const own = variants.filter((v) => v.product_id === line.product_id);
      // Issue 29 (decision 0043): a made-to-measure line, or a stitching quote's line (no product of
      // its own), is never returned; it may be altered instead.
      const policy = (
        line.stitching || line.product_id === QUOTE_PRODUCT_ID
          ? "made_to_measure"
          : (own[0]?.return_policy ?? "returnable")
      ) as ReturnPolicyName;
      const left = Math.max(0, Number(line.quantity) - (taken.get(line.id) ?? 0));
      return {
        lineId: line.id,
        name: line.name,
        nameAr: line.name_ar ?? null,
        size: line.size,
        quantity: Number(line.quantity),
        returnableQuantity: policy === "returnable" ? left : 0,
        policy,
        exchangeSizes: own
          .filter(
            (v) =>
              v.id !== line.variant_id &&
              v.archived_at == null &&
              sellingPrice(v) === Number(line.unit_price_fils) &&
              (v.stock === null || v.stock - v.held_quantity > 0),
          )
          .map((v) => ({ variantId: v.id, size: v.size })),
      };
    }),
  };
}

/** A request as both screens show it. */
export function requestDto(
  request: ReturnRequestTable,
  state: Pick<OrderReturnState, "lines" | "returnLines" | "refunds">,
): ReturnRequestDto {
  const refund = request.refund_id ? state.refunds.find((r) => r.id === request.refund_id) : undefined;
  return {
    id: request.id,
    number: request.number,
    kind: request.kind,
    reason: request.reason,
    comment: request.comment,
    status: request.status,
    message: request.message,
    resaleable: request.resaleable === null ? null : Boolean(request.resaleable),
    createdAt: request.created_at,
    updatedAt: request.updated_at,
    lines: state.returnLines
      .filter((l) => l.request_id === request.id)
      .map((l) => {
        const line = state.lines.find((o) => o.id === l.order_line_id);
        return {
          lineId: l.order_line_id,
          name: line?.name ?? "",
          nameAr: line?.name_ar ?? null,
          size: line?.size ?? "",
          quantity: l.quantity,
          unitPriceFils: Number(line?.unit_price_fils ?? 0),
          exchangeSize: l.exchange_size,
          hold: l.hold,
        };
      }),
    refund: refund ? { amountFils: Number(refund.amount_fils), status: refund.status } : null,
    shipping: request.courier ? { courier: request.courier, trackingNumber: request.tracking_number } : null,
  };
}
