import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { tOrder } from "#core/i18n/en-orders.ts";
import type { OrderDto } from "#core/order.ts";
import { cancelState } from "#core/order-cancel.ts";
import { moveOrderStatus, returnVariantStock } from "../../db/repositories/admin-orders.ts";
import { bumpCatalogVersion } from "../../db/repositories/catalog-version.ts";
import { findOrder, insertOrderEvent, orderLines } from "../../db/repositories/orders.ts";
import { findRefundByKey, listRefunds } from "../../db/repositories/refunds.ts";
import type { Database, OrderTable } from "../../db/schema.ts";
import { HttpError } from "../../http-errors.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import { auditRecorder } from "../admin-audit.ts";
import type { SettingsService } from "../admin-settings.ts";
import type { OrdersService } from "../orders.ts";
import { releaseOrderUse } from "../promotions/uses.ts";
import { creditCancelledSupply } from "./cancellation.ts";
import type { RefundOutcome, RefundsService } from "./index.ts";
import { money } from "./settle.ts";
import { type MoneyPlan, shopAttentionMail, shopCancellationMail } from "./shop-mail.ts";
import { counts, paidFils } from "./summary.ts";

/**
 * A shopper cancels her own order from My Account (issue 24; docs/decisions/0031-shopper-cancellation.md).
 *
 * One transaction moves it from 'Order Placed' to 'Cancelled' (conditional on the status read, so a double
 * click or two tabs cancel it once), puts every line's units back, credits the invoiced supply, writes the
 * timeline and audit rows and queues her mail (her language) and the shop's. Then, committed, a paid
 * card payment is refunded in full through `refunds.refund` under one Idempotency-Key per order, so no
 * repeat ever refunds twice; a refund refused, unanswered or impossible flags the order 'needs attention'
 * and mails the shop, while the order stays cancelled. An authorisation Paymennt never captured is not
 * refunded: the store has no void call, so the order is flagged for the owner to void it.
 */

type Db = Kysely<Database> | Transaction<Database>;

const CANCELLED = "Cancelled";
const ORDER_PLACED = "Order Placed";
export const SHOPPER_REFUND_REASON = "Cancelled by the customer from My Account";

/** The refund's Idempotency-Key: one per order, whoever repeats the cancellation. */
const refundKey = (orderId: string) => `shopper-cancel:${orderId}`;

export type CancelRefund = RefundOutcome | "void" | "none";

export interface CancelAnswer {
  success: true;
  message: string;
  /** What became of the money: refunded (confirmed), asked (pending), refused, to void by hand, none. */
  refund: CancelRefund;
  order: OrderDto;
}

const notFound = () => new HttpError(404, "not_found", tOrder("orderApi.cancelNotFound"));

export function createShopperCancellation(options: {
  db: Kysely<Database>;
  orders: OrdersService;
  refunds: RefundsService;
  settings: SettingsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, orders, refunds, settings, mailer, log } = options;

  function deliver() {
    mailer.flush().catch((error: unknown) => log.error({ err: error }, "cancellation mail delivery failed"));
  }

  /** The last status Paymennt reported for the order's paid attempt (AUTHORIZED: never captured). */
  async function providerStatus(executor: Db, orderId: string): Promise<string | null> {
    const payment = await executor
      .selectFrom("payments")
      .select("status_history")
      .where("order_id", "=", orderId)
      .where("status", "=", "paid")
      .executeTakeFirst();
    if (!payment) return null;
    try {
      const history = JSON.parse(payment.status_history) as { status?: string }[];
      return history.at(-1)?.status ?? null;
    } catch {
      return null;
    }
  }

  /** What is left to refund of a card payment (paid less pending or confirmed refunds). */
  async function refundable(executor: Db, order: OrderTable): Promise<number> {
    if (order.payment_mode !== "online") return 0;
    const taken = (await listRefunds(executor, order.id))
      .filter(counts)
      .reduce((s, r) => s + r.amount_fils, 0);
    return Math.max(0, paidFils(order) - taken);
  }

  async function planFor(executor: Db, order: OrderTable): Promise<MoneyPlan> {
    if ((await refundable(executor, order)) === 0) return "none";
    return (await providerStatus(executor, order.id)) === "AUTHORIZED" ? "void" : "refund";
  }

  /** Flags the order for the owner and mails the shop, in one transaction. */
  async function needsAttention(orderId: string, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, orderId);
      if (!order) return;
      await trx
        .updateTable("orders")
        .set({ needs_attention: true, attention_reason: reason, updated_at: new Date().toISOString() })
        .where("id", "=", orderId)
        .execute();
      const shop = await settings.current(trx);
      await mailer.enqueue(
        trx,
        shopAttentionMail({ order, reason, shopEmail: shop.email, shopName: shop.shopName }),
      );
    });
    deliver();
  }

  /** The full refund of a cancelled card order, once (its key), and what became of it. */
  async function refundInFull(order: OrderTable, user: { id: string; name: string }): Promise<CancelRefund> {
    const amountFils = await refundable(db, order);
    if (amountFils === 0) return "none";
    try {
      const { outcome, entry } = await refunds.refund(
        order.id,
        { amountFils, reason: SHOPPER_REFUND_REASON, method: "paymennt" },
        { id: user.id, name: user.name, kind: "shopper" },
        refundKey(order.id),
      );
      if (outcome === "refused")
        await needsAttention(
          order.id,
          `Automatic refund of ${money(amountFils)} refused by Paymennt: ${entry.failure ?? "no reason given"}. Settle the refund by hand.`,
        );
      else if (outcome === "pending")
        await needsAttention(
          order.id,
          `Automatic refund of ${money(amountFils)} got no answer from Paymennt: it stays pending while the reconciliation job checks it.`,
        );
      return outcome;
    } catch (error) {
      log.error({ err: error, orderId: order.id }, "a shopper's automatic refund failed");
      await needsAttention(
        order.id,
        `Automatic refund of ${money(amountFils)} could not be made: ${(error as Error).message}`,
      );
      return "refused";
    }
  }

  /** The answer for an order already cancelled: what its refund is now. */
  async function currentRefund(order: OrderTable): Promise<CancelRefund> {
    const row = await findRefundByKey(db, order.id, refundKey(order.id));
    if (row) return row.status as RefundOutcome;
    if (order.payment_status === "refunded") return "confirmed";
    return (await planFor(db, order)) === "void" ? "void" : "none";
  }

  async function answer(orderId: string, refund: CancelRefund): Promise<CancelAnswer> {
    const order = await orders.orderDto(orderId);
    if (!order) throw notFound();
    return { success: true, message: tOrder("orderApi.orderCancelled"), refund, order };
  }

  return {
    async cancel(user: { id: string; name: string }, orderId: string): Promise<CancelAnswer> {
      const before = await findOrder(db, orderId);
      // Another shopper's order is answered exactly like an unknown one.
      if (!before?.placed_at || before.user_id !== user.id) throw notFound();
      // A repeat (double click, a second tab): the first call did the work; no second refund.
      if (before.status === CANCELLED) return answer(orderId, await currentRefund(before));
      const { cancelWindowHours } = await settings.current();
      const state = cancelState({ status: before.status, placedAt: before.placed_at }, cancelWindowHours);
      if (!state.allowed)
        throw state.reason === "window"
          ? new HttpError(409, "cancel_window_passed", tOrder("orderApi.cancelWindow"))
          : new HttpError(409, "cancel_not_allowed", tOrder("orderApi.cancelStatus"));
      // Its document first, in a transaction of its own (decision 0015: the series' lock before stock rows).
      await orders.documents.forOrder(before);
      const plan = await db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, orderId);
        if (!order) throw notFound();
        const at = new Date().toISOString();
        if (!(await moveOrderStatus(trx, orderId, ORDER_PLACED, CANCELLED, at))) return "moved" as const;
        const lines = await orderLines(trx, [orderId]);
        for (const line of lines)
          if (line.variant_id) await returnVariantStock(trx, line.variant_id, Number(line.quantity));
        // Issue 28: a cancelled order gives its code's use back.
        await releaseOrderUse(trx, orderId, at);
        await bumpCatalogVersion(trx);
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at,
          actor: "customer",
          from_status: order.status,
          to_status: CANCELLED,
          note: SHOPPER_REFUND_REASON,
        });
        await creditCancelledSupply(trx, orders.documents, order, lines, user.name, "customer");
        const plan = await planFor(trx, order);
        if (plan === "void")
          await trx
            .updateTable("orders")
            .set({
              needs_attention: true,
              attention_reason:
                "Cancelled by the customer: Paymennt holds an authorisation never captured. Void it in Paymennt's dashboard (the store has no void call).",
            })
            .where("id", "=", orderId)
            .execute();
        await auditRecorder({ id: user.id, name: user.name })(trx, {
          action: "order.status",
          entity: "order",
          entityId: orderId,
          label: order.order_number,
          changes: [{ field: "status", before: order.status, after: CANCELLED }],
        });
        await orders.queueStatusMail(trx, order, lines, CANCELLED);
        const shop = await settings.current(trx);
        await mailer.enqueue(
          trx,
          shopCancellationMail({ order, lines, plan, shopEmail: shop.email, shopName: shop.shopName }),
        );
        return plan;
      });
      if (plan === "moved") {
        // Moved meanwhile: by a second click of hers (cancelled), or by the shop (packing).
        const now = await findOrder(db, orderId);
        if (now?.status === CANCELLED) return answer(orderId, await currentRefund(now));
        throw new HttpError(409, "cancel_not_allowed", tOrder("orderApi.cancelStatus"));
      }
      deliver();
      const refund = plan === "refund" ? await refundInFull(before, user) : plan;
      return answer(orderId, refund);
    },
  };
}

export type ShopperCancellation = ReturnType<typeof createShopperCancellation>;
