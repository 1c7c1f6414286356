import { tOrder } from "#core/i18n/en-orders.ts";
import type { OrderPayload } from "#core/order.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import { insertOrder, insertOrderEvent } from "../../db/repositories/orders.ts";
import { noteStockChanged } from "../../db/repositories/stock-changes.ts";
import { takeStock } from "../../db/repositories/stock-holds.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { DomainError } from "../errors.ts";
import { takeOrderUse, UseRefused } from "../promotions/uses.ts";
import { ORDER_PLACED, type OrderCommitHooks, type OrdersContext, StockError } from "./context.ts";
import { colorNamesAr, toDto } from "./dto.ts";
import type { createOrderMails } from "./mails.ts";
import {
  type createPricing,
  orderRow,
  type PricedOrder,
  quantitiesByVariant,
  stockRefusal,
} from "./pricing.ts";

/** Cash on delivery (SPEC §7 POST /api/order/place, behind COD_ENABLED): placed at once, stock taken. */

export function createCashOnDelivery(
  ctx: OrdersContext,
  parts: { pricing: ReturnType<typeof createPricing>; mails: ReturnType<typeof createOrderMails> },
) {
  const { db, deliverMails, orderNumberBeforeTransaction, orderNumberInTransaction, promotions } = ctx;
  const { priceOrder } = parts.pricing;
  const { onOrderPlaced } = parts.mails;

  /** A cash-on-delivery order, placed and its stock taken in one transaction. */
  async function placeCod(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks, ip?: string) {
    return placeNow(user, payload, hooks, await priceOrder(user, payload, ip), "cod");
  }

  /**
   * An order placed at once, its stock and its code's use taken in one transaction: cash on delivery,
   * or (issue 28) a card order a code brought to 0 AED, which has nothing to pay and no payment step.
   */
  async function placeNow(
    user: UserRow,
    payload: OrderPayload,
    hooks: OrderCommitHooks | undefined,
    priced: PricedOrder,
    how: "cod" | "free",
  ) {
    const { lines } = priced;
    let orderNumber = await orderNumberBeforeTransaction();
    const at = new Date().toISOString();
    const orderId = newId();
    const { order, lineRows } = orderRow(user, payload, priced, {
      id: orderId,
      order_number: orderNumber,
      status: ORDER_PLACED,
      payment_status: how === "cod" ? "unpaid" : "paid",
      payment_mode: how === "cod" ? "cod" : "online",
      hold_expires_at: null,
      placed_at: at,
      created_at: at,
    });
    let document: DocumentSnapshot | undefined;
    let colors: ReadonlyMap<string, string> | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        orderNumber = order.order_number = await orderNumberInTransaction(trx, orderNumber);
        await insertOrder(trx, order, lineRows);
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at,
          actor: "shopper",
          from_status: null,
          to_status: ORDER_PLACED,
          note: how === "cod" ? "cash on delivery" : "nothing to pay (discount code)",
        });
        for (const [variantId, quantity] of quantitiesByVariant(lines)) {
          const line = lines.find((l) => l.variant.variantId === variantId)!;
          if (line.variant.stock === null) continue;
          if (!(await takeStock(trx, variantId, quantity))) throw await stockRefusal(trx, lines, variantId);
        }
        if (priced.promotion)
          await takeOrderUse(trx, {
            promotionId: priced.promotion.promotionId,
            perCustomerLimit: priced.promotion.perCustomerLimit,
            orderId,
            userId: user.id,
            discountFils: priced.promotion.discountFils,
            status: "used",
            at,
          });
        document = await onOrderPlaced(trx, order, lineRows);
        colors = await colorNamesAr(trx);
        // Taken units leave what shoppers can buy: the answers showing these products change (0037).
        await noteStockChanged(
          trx,
          lines.filter((l) => l.variant.stock !== null).map((l) => l.variant.variantId),
        );
        // The answer is known before the commit: an idempotency key's row stores it with the order.
        if (hooks) await hooks.committing(trx, { orderId, answer: answer() });
      });
    } catch (error) {
      if (error instanceof StockError) throw new DomainError("conflict", "out_of_stock", error.message);
      if (error instanceof UseRefused && priced.promotion)
        throw promotions.refusal(priced.promotion.code, error.reason, payload.language);
      throw error;
    }
    hooks?.committed?.();
    deliverMails();
    return answer();

    function answer() {
      return {
        success: true as const,
        ...(how === "free" ? { placed: true as const } : {}),
        message: tOrder("orderApi.placed"),
        orderNumber,
        order: toDto(order, lineRows, document, colors),
      };
    }
  }

  /**
   * Issue 29 (decision 0043): an order the caller priced from the database (an accepted quote's lines,
   * no stock), placed at once for cash on delivery with its invoice and mails; `within` runs in its
   * transaction.
   */
  async function placePrepared(
    prepared: { order: OrderTable; lineRows: OrderLineTable[] },
    within: (trx: Parameters<OrderCommitHooks["committing"]>[0]) => Promise<void>,
  ): Promise<OrderTable> {
    const { order, lineRows } = prepared;
    let orderNumber = await orderNumberBeforeTransaction();
    const at = new Date().toISOString();
    Object.assign(order, {
      status: ORDER_PLACED,
      payment_status: "unpaid",
      payment_mode: "cod",
      hold_expires_at: null,
      placed_at: at,
    } satisfies Partial<OrderTable>);
    await db.transaction().execute(async (trx) => {
      orderNumber = order.order_number = await orderNumberInTransaction(trx, orderNumber);
      await insertOrder(trx, order, lineRows);
      await insertOrderEvent(trx, {
        id: newId(),
        order_id: order.id,
        at,
        actor: "shopper",
        from_status: null,
        to_status: ORDER_PLACED,
        note: "stitching quote accepted, cash on delivery",
      });
      await within(trx);
      await onOrderPlaced(trx, order, lineRows);
    });
    deliverMails();
    return order;
  }

  return { placeCod, placeNow, placePrepared };
}
