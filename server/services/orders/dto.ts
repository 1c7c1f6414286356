import type { Kysely, Transaction } from "kysely";
import { filsToAed } from "#core/money.ts";
import type { OrderDto } from "#core/order.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import { findOrderWithLines, orderLines } from "../../db/repositories/orders.ts";
import { loadTermNames } from "../../db/repositories/terms.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import { invoiceOf, isTestOrder } from "../documents.ts";
import type { OrdersContext } from "./context.ts";

/** The Arabic names of the catalog's colours (order lines keep the English value they were bought in). */
export async function colorNamesAr(db: Kysely<Database> | Transaction<Database>) {
  return (await loadTermNames(db, ["color"])).get("color");
}

/** An order as its shopper sees it (SPEC §7 order calls): lines, address, totals and invoice data. */

export function toDto(
  order: OrderTable,
  lines: OrderLineTable[],
  document: DocumentSnapshot | undefined,
  colorNamesAr: ReadonlyMap<string, string> | undefined,
): OrderDto {
  const placedAt = order.placed_at ?? order.created_at;
  const cod = order.payment_mode === "cod";
  return {
    _id: order.id,
    orderNumber: order.order_number,
    date: placedAt,
    createdAt: order.created_at,
    status: order.status,
    paymentStatus:
      order.payment_status === "paid" ? "paid" : order.payment_status === "refunded" ? "refunded" : "unpaid",
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
    })),
    price: {
      currency_code: "AED",
      payment_mode: order.payment_mode,
      delivery_type: order.delivery_type,
      shipping_charges: "0",
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
    isTest: isTestOrder(order),
    shipping: order.courier
      ? { courier: order.courier, trackingNumber: order.tracking_number ?? null }
      : null,
    invoice: invoiceOf(order, document),
  };
}

export function createOrderDtos(ctx: OrdersContext) {
  const { db, documents } = ctx;

  async function loadDtos(orders: OrderTable[]): Promise<OrderDto[]> {
    const lines = await orderLines(
      db,
      orders.map((o) => o.id),
    );
    const issued = await documents.forOrders(orders, lines);
    const colors = await colorNamesAr(db);
    return orders.map((o) =>
      toDto(
        o,
        lines.filter((l) => l.order_id === o.id),
        issued.get(o.id),
        colors,
      ),
    );
  }

  async function orderDto(orderId: string): Promise<OrderDto | undefined> {
    const found = await findOrderWithLines(db, orderId);
    return found
      ? toDto(
          found.order,
          found.lines,
          await documents.forOrder(found.order, found.lines),
          await colorNamesAr(db),
        )
      : undefined;
  }

  return { loadDtos, orderDto };
}
