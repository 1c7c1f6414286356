import type { Kysely, Transaction } from "kysely";
import { filsToAed } from "#core/money.ts";
import type { OrderDto } from "#core/order.ts";
import { cancelState, DEFAULT_CANCEL_WINDOW_HOURS } from "#core/order-cancel.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import { type StitchingSnapshot, StitchingSnapshotSchema } from "#core/schemas/measurements.ts";
import { findOrderWithLines, orderLines } from "../../db/repositories/orders.ts";
import { listRefundsOf } from "../../db/repositories/refunds.ts";
import { loadTermNames } from "../../db/repositories/terms.ts";
import type { Database, OrderLineTable, OrderTable, RefundTable } from "../../db/schema.ts";
import { invoiceOf, isTestOrder } from "../documents.ts";
import { displayedPaymentStatus } from "../refunds/summary.ts";
import type { OrdersContext } from "./context.ts";

/** The Arabic names of the catalog's colours (order lines keep the English value they were bought in). */
export async function colorNamesAr(db: Kysely<Database> | Transaction<Database>) {
  return (await loadTermNames(db, ["color"])).get("color");
}

/** An order as its shopper sees it (SPEC §7 order calls): lines, address, totals and invoice data. */

/**
 * What the shopper's view adds to an order (issue 24): its refunds ('partly refunded' is derived from the
 * confirmed ones) and the shop's cancellation window. A just-placed order has no refunds and is answered
 * with the default window; My Account reads the list again with the shop's setting.
 */
export interface DtoExtras {
  refunds?: RefundTable[];
  cancelWindowHours?: number;
  now?: Date;
}

function paymentStatusOf(order: OrderTable, refunds: RefundTable[]): OrderDto["paymentStatus"] {
  const shown = displayedPaymentStatus(order, refunds);
  return shown === "paid" || shown === "refunded" || shown === "partly_refunded" ? shown : "unpaid";
}

export function toDto(
  order: OrderTable,
  lines: OrderLineTable[],
  document: DocumentSnapshot | undefined,
  colorNamesAr: ReadonlyMap<string, string> | undefined,
  extras: DtoExtras = {},
): OrderDto {
  const placedAt = order.placed_at ?? order.created_at;
  const cod = order.payment_mode === "cod";
  return {
    _id: order.id,
    orderNumber: order.order_number,
    date: placedAt,
    createdAt: order.created_at,
    status: order.status,
    paymentStatus: paymentStatusOf(order, extras.refunds ?? []),
    cancel: cancelState(
      { status: order.status, placedAt },
      extras.cancelWindowHours ?? DEFAULT_CANCEL_WINDOW_HOURS,
      extras.now,
    ),
    line_items: lines.map((l) => ({
      product_id: l.product_id,
      sku_id: l.sku,
      name: l.name,
      nameAr: l.name_ar || null,
      size: l.size,
      color: l.color,
      colorAr: (l.color && colorNamesAr?.get(l.color)) || null,
      image: l.image,
      quantity: Number(l.quantity),
      price: String(filsToAed(Number(l.unit_price_fils))),
      unitPriceFils: Number(l.unit_price_fils),
      lineTotalFils: Number(l.line_total_fils),
      vatFils: Number(l.vat_fils),
      ...(order.discount_code ? { discountFils: Number(l.discount_fils ?? 0) } : {}),
      // Issue 29 (decision 0042): what the workshop makes, as kept at placement.
      ...(l.stitching ? { stitching: readSnapshot(l.stitching), workStep: l.work_step ?? null } : {}),
    })),
    price: {
      currency_code: "AED",
      payment_mode: order.payment_mode,
      delivery_type: order.delivery_type,
      shipping_charges: String(filsToAed(Number(order.shipping_fils))),
      tax: "0",
      extra_charges: "0",
      COD: cod ? String(filsToAed(Number(order.total_fils))) : "0",
    },
    address: {
      first_name: order.ship_first_name,
      last_name: order.ship_last_name,
      address: order.ship_address,
      landmark: order.ship_landmark,
      city: order.ship_city,
      state: order.ship_state,
      postcode: order.ship_postcode,
      country: order.ship_country,
      email: order.ship_email,
      phone: order.ship_phone,
    },
    totals: {
      subtotalFils: Number(order.subtotal_fils),
      shippingFils: Number(order.shipping_fils),
      totalFils: Number(order.total_fils),
      vatFils: Number(order.tax_fils),
    },
    ...(order.discount_code
      ? { discount: { code: order.discount_code, discountFils: Number(order.discount_fils ?? 0) } }
      : {}),
    isTest: isTestOrder(order),
    shipping: order.courier
      ? { courier: order.courier, trackingNumber: order.tracking_number ?? null }
      : null,
    invoice: invoiceOf(order, document),
  };
}

export function createOrderDtos(ctx: OrdersContext) {
  const { db, documents, settings } = ctx;

  const windowHours = async () =>
    (await settings?.current())?.cancelWindowHours ?? DEFAULT_CANCEL_WINDOW_HOURS;

  async function loadDtos(orders: OrderTable[]): Promise<OrderDto[]> {
    const ids = orders.map((o) => o.id);
    const [lines, refunds, cancelWindowHours] = await Promise.all([
      orderLines(db, ids),
      listRefundsOf(db, ids),
      windowHours(),
    ]);
    const issued = await documents.forOrders(orders, lines);
    const now = new Date();
    const colors = await colorNamesAr(db);
    return orders.map((o) =>
      toDto(
        o,
        lines.filter((l) => l.order_id === o.id),
        issued.get(o.id),
        colors,
        { refunds: refunds.filter((r) => r.order_id === o.id), cancelWindowHours, now },
      ),
    );
  }

  async function orderDto(orderId: string): Promise<OrderDto | undefined> {
    const found = await findOrderWithLines(db, orderId);
    if (!found) return undefined;
    const [refunds, cancelWindowHours, colors] = await Promise.all([
      listRefundsOf(db, [orderId]),
      windowHours(),
      colorNamesAr(db),
    ]);
    return toDto(found.order, found.lines, await documents.forOrder(found.order, found.lines), colors, {
      refunds,
      cancelWindowHours,
    });
  }

  return { loadDtos, orderDto };
}

/** A stored snapshot, or null when it cannot be read (never a failed answer). */
function readSnapshot(text: string): StitchingSnapshot | null {
  try {
    const parsed = StitchingSnapshotSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
