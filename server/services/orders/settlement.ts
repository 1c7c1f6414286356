import { bumpCatalogVersion } from "../../db/repositories/catalog-version.ts";
import {
  findOrder,
  findOrderWithLines,
  insertOrderEvent,
  markOrderPlaced,
  markOrderUnplaced,
} from "../../db/repositories/orders.ts";
import { findPayment, openPaymentsForUser, settlePayment } from "../../db/repositories/payments.ts";
import {
  applySettledHold,
  availableStockFor,
  moveHolds,
  releaseHolds,
  takeStock,
} from "../../db/repositories/stock-holds.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { OrderTable, PaymentAttemptStatus, PaymentTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { metrics } from "../../operations/metrics.ts";
import { confirmOrderUse, releaseOrderUse } from "../promotions/uses.ts";
import {
  type Actor,
  CANCELLED,
  type FinalizeResult,
  ORDER_PLACED,
  type OrdersContext,
  type PlacedOrder,
} from "./context.ts";
import type { createOrderMails } from "./mails.ts";

/**
 * Settling payment attempts: one idempotent finalizePayment() turns a paid attempt into an order (the
 * browser's verify, the webhook and the reconciliation job all go through it); a declined, cancelled or
 * lapsed one cancels its pending order and releases its stock. Decisions in
 * docs/decisions/0005-orders-and-payments.md.
 */

/** Maps Paymennt's checkout status onto our attempt's. AUTHORIZED counts as paid: the money is secured. */
function mapProviderStatus(raw: string): FinalizeResult["status"] {
  switch (raw.toUpperCase()) {
    case "PAID":
    case "AUTHORIZED":
      return "paid";
    case "FAILED":
    case "DECLINED":
      return "failed";
    case "CANCELLED":
    case "CANCELED":
      return "cancelled";
    case "EXPIRED":
      return "expired";
    default:
      return "pending";
  }
}

export function history(
  payment: PaymentTable,
  entry: { at: string; status: string; source: string },
): string {
  let list: unknown[] = [];
  try {
    const parsed = JSON.parse(payment.status_history) as unknown;
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    list = [];
  }
  list.push(entry);
  return JSON.stringify(list.slice(-50));
}

export function createSettlement(ctx: OrdersContext, mails: ReturnType<typeof createOrderMails>) {
  const { db, paymennt, log, deliverMails } = ctx;
  const { onOrderPlaced } = mails;

  /**
   * Paid: the one conditional update on the payment decides; holds become sales; the order is placed.
   * Returns the placed order when this call placed it.
   */
  /** settleOnePaid, counted (issue 27) when this call placed the order. */
  async function settlePaid(
    payment: PaymentTable,
    raw: string,
    actor: Actor,
  ): Promise<PlacedOrder | undefined> {
    const placed = await settleOnePaid(payment, raw, actor);
    if (placed) {
      metrics.paymentResults.inc({ result: "paid", source: actor });
      metrics.orders.inc({ method: "card", outcome: "placed" });
    }
    return placed;
  }

  async function settleOnePaid(
    payment: PaymentTable,
    raw: string,
    actor: Actor,
  ): Promise<PlacedOrder | undefined> {
    const at = new Date().toISOString();
    const placed = await db.transaction().execute(async (trx): Promise<PlacedOrder | undefined> => {
      const won = await settlePayment(
        trx,
        payment.id,
        "paid",
        ["created", "pending", "failed", "cancelled", "expired"],
        { history: history(payment, { at, status: raw, source: actor }), at },
      );
      if (!won) return undefined;
      // Read after winning: the status it leaves ('Awaiting payment', or 'Cancelled' for a lapsed attempt)
      // is the one this transaction now owns.
      const found = await findOrderWithLines(trx, payment.order_id);
      if (!found) return undefined;
      const { order, lines } = found;
      const wanted = new Map<string, number>();
      for (const l of lines)
        if (l.variant_id) wanted.set(l.variant_id, (wanted.get(l.variant_id) ?? 0) + l.quantity);
      // Every active hold becomes a sale; a variant without one had its hold lapse.
      const converted = await moveHolds(trx, order.id, "converted");
      const unheld = [...wanted.keys()].filter((id) => !converted.has(id));
      const tracked =
        unheld.length > 0 ? await availableStockFor(trx, unheld) : new Map<string, number | null>();
      const short: string[] = [];
      // A converted hold leaves what shoppers can buy unchanged (stock and held drop together); only
      // stock taken without a hold changes the pages.
      let stockShownChanged = false;
      // The variants in variant id order, the lock order every order transaction follows.
      for (const variantId of [...new Set([...wanted.keys(), ...converted.keys()])].sort()) {
        const held = converted.get(variantId);
        if (held !== undefined) {
          await applySettledHold(trx, variantId, held, "converted");
          continue;
        }
        // The hold lapsed (paid after it expired): honoured when the stock allows, never below zero.
        if (tracked.get(variantId) === null || !tracked.has(variantId)) continue;
        if (await takeStock(trx, variantId, wanted.get(variantId)!)) stockShownChanged = true;
        else {
          const line = lines.find((l) => l.variant_id === variantId)!;
          short.push(`${line.name} (${line.size}) × ${wanted.get(variantId)}`);
        }
      }
      // Issue 28: the code's reserved use becomes used (a lapsed one is taken again: the order is honoured).
      const overshoot = await confirmOrderUse(trx, order.id, at);
      const reasons = [
        ...(short.length > 0
          ? [`paid after the stock hold expired; not enough stock for ${short.join(", ")}`]
          : []),
        ...(overshoot ? [overshoot] : []),
      ];
      const reason = reasons.length > 0 ? reasons.join("; ") : null;
      const placement = {
        status: ORDER_PLACED,
        payment_status: "paid" as const,
        needs_attention: reason !== null,
        attention_reason: reason,
        placed_at: at,
      };
      if (!(await markOrderPlaced(trx, order.id, placement))) return undefined;
      await insertOrderEvent(trx, {
        id: newId(),
        order_id: order.id,
        at,
        actor,
        from_status: order.status,
        to_status: ORDER_PLACED,
        note: reason ?? `payment ${raw}`,
      });
      const placedOrder: OrderTable = { ...order, ...placement, updated_at: at };
      const document = await onOrderPlaced(trx, placedOrder, lines);
      // Last, so the version row is the last lock this transaction takes (no deadlock between orders).
      if (stockShownChanged) await bumpCatalogVersion(trx);
      return { order: placedOrder, lines, document };
    });
    if (placed) deliverMails();
    return placed;
  }

  /** Declined, cancelled or lapsed: the pending order is cancelled and its stock released, once. */
  /** settleOneUnpaid, counted (issue 27) when this call moved the attempt. */
  async function settleUnpaid(
    payment: PaymentTable,
    to: Extract<PaymentAttemptStatus, "failed" | "cancelled" | "expired">,
    raw: string,
    actor: Actor,
  ): Promise<boolean> {
    const moved = await settleOneUnpaid(payment, to, raw, actor);
    if (moved) metrics.paymentResults.inc({ result: to, source: actor });
    return moved;
  }

  async function settleOneUnpaid(
    payment: PaymentTable,
    to: Extract<PaymentAttemptStatus, "failed" | "cancelled" | "expired">,
    raw: string,
    actor: Actor,
  ): Promise<boolean> {
    const at = new Date().toISOString();
    return db.transaction().execute(async (trx) => {
      const won = await settlePayment(trx, payment.id, to, ["created", "pending"], {
        history: history(payment, { at, status: raw, source: actor }),
        at,
      });
      if (!won) return false;
      const released = (await releaseHolds(trx, payment.order_id)).size > 0;
      // Issue 28: the attempt ends without an order: its code's use is given back.
      await releaseOrderUse(trx, payment.order_id, at);
      const order = await findOrder(trx, payment.order_id);
      if (order && (await markOrderUnplaced(trx, order.id, { status: CANCELLED, payment_status: to }, at))) {
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: order.id,
          at,
          actor,
          from_status: order.status,
          to_status: CANCELLED,
          note: `payment ${raw}`,
        });
      }
      // Released units are on sale again: the pages showing them change.
      if (released) await bumpCatalogVersion(trx);
      return true;
    });
  }

  /**
   * Asks the provider about one attempt and moves it accordingly. Idempotent: replays, the webhook and
   * the reconciliation job may call it any number of times, concurrently; the order moves once.
   */
  async function finalizePayment(
    paymentId: string,
    actor: Actor = "system",
  ): Promise<FinalizeResult | undefined> {
    const payment = await findPayment(db, paymentId);
    return payment ? finalize(payment, actor) : undefined;
  }

  /** finalizePayment for an attempt already read (the verify call has just looked it up). */
  async function finalize(payment: PaymentTable, actor: Actor): Promise<FinalizeResult | undefined> {
    const known = (p: PaymentTable): FinalizeResult => ({
      status: p.status === "created" ? "pending" : p.status,
      orderId: p.order_id,
    });
    if (payment.status === "paid" || !payment.provider_checkout_id) return known(payment);
    let raw: string;
    try {
      raw = String((await paymennt.getCheckout(payment.provider_checkout_id)).status);
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, "payment status could not be read");
      return { ...known(payment), unreachable: true };
    }
    const mapped = mapProviderStatus(raw);
    if (mapped === "paid") {
      const placed = await settlePaid(payment, raw, actor);
      // This call moved it: the outcome is known without reading it back.
      if (placed) return { status: "paid", orderId: payment.order_id, placed };
    } else if (mapped !== "pending" && (await settleUnpaid(payment, mapped, raw, actor))) {
      return { status: mapped, orderId: payment.order_id };
    }
    // Still open, or another caller (replay, webhook, reconciliation, another process) decided first.
    const after = await findPayment(db, payment.id);
    return after ? known(after) : undefined;
  }

  /**
   * A shopper who places an order again (Try Again, the back button, a second tab) must not be refused
   * for units their own earlier attempt holds: each earlier open attempt is asked about once more (a paid
   * one becomes its order) and the rest are cancelled, releasing their holds. Should one of them be paid
   * after all, finalizePayment still honours it.
   */
  async function supersedeOpenAttempts(user: UserRow): Promise<void> {
    for (const payment of await openPaymentsForUser(db, user.id)) {
      const result = await finalizePayment(payment.id, "shopper");
      if (result?.status !== "pending") continue;
      const fresh = (await findPayment(db, payment.id)) ?? payment;
      await settleUnpaid(fresh, "cancelled", "SUPERSEDED", "shopper");
    }
  }

  return { settleUnpaid, finalizePayment, finalize, supersedeOpenAttempts };
}
