import type { ErrorCode } from "#core/error-codes.ts";
import { tOrder } from "#core/i18n/en-orders.ts";
import type { OrderPayload } from "#core/order.ts";
import {
  findOrder,
  findOrderWithLines,
  insertOrder,
  insertOrderEvent,
} from "../../db/repositories/orders.ts";
import {
  findPayment,
  findPaymentByAnyId,
  insertPayment,
  recordCheckout,
} from "../../db/repositories/payments.ts";
import { noteStockChanged } from "../../db/repositories/stock-changes.ts";
import { insertHolds, reserveStock } from "../../db/repositories/stock-holds.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { OrderLineTable, OrderTable, PaymentTable, StockHoldTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { filsToAmount, type PaymenntClient, PaymenntError } from "../../integrations/paymennt.ts";
import { paymentsAreTest } from "../documents.ts";
import { DomainError } from "../errors.ts";
import { takeOrderUse, UseRefused } from "../promotions/uses.ts";
import type { createCashOnDelivery } from "./cash-on-delivery.ts";
import {
  AWAITING_PAYMENT,
  CHECK_INTERVAL_MS,
  type OrderCommitHooks,
  type OrdersContext,
  StockError,
} from "./context.ts";
import { colorNamesAr, type createOrderDtos, toDto } from "./dto.ts";
import { type createPricing, orderRow, orderTotal, quantitiesByVariant, stockRefusal } from "./pricing.ts";
import { type createSettlement, history } from "./settlement.ts";

/**
 * Card payment (SPEC §4 Checkout and Payment return, §7 /api/order/paymennt and verifyPaymennt): a
 * pending order with its stock held, Paymennt's hosted checkout for it, and the shopper's return.
 */

export function createOnlinePayment(
  ctx: OrdersContext,
  parts: {
    pricing: ReturnType<typeof createPricing>;
    settlement: ReturnType<typeof createSettlement>;
    dtos: ReturnType<typeof createOrderDtos>;
    placeNow: ReturnType<typeof createCashOnDelivery>["placeNow"];
  },
) {
  const { db, config, paymennt, log, orderNumberBeforeTransaction, orderNumberInTransaction } = ctx;
  const { priceOrder } = parts.pricing;
  const { finalize, settleUnpaid, supersedeOpenAttempts } = parts.settlement;
  const { orderDto } = parts.dtos;

  /** The pending order, its lines, payment attempt and holds in one transaction; then the checkout. */
  async function startPayment(
    user: UserRow,
    payload: OrderPayload,
    hooks?: OrderCommitHooks,
    /** The client's address: code guesses are limited per client too (issue 28). */
    ip?: string,
  ) {
    await supersedeOpenAttempts(user);
    const priced = await priceOrder(user, payload, ip);
    const { lines } = priced;
    // Issue 28: a code that takes the whole order leaves nothing to pay: placed at once, no checkout.
    if (orderTotal(priced) === 0) return parts.placeNow(user, payload, hooks, priced, "free");
    let orderNumber = await orderNumberBeforeTransaction();
    const now = new Date();
    const at = now.toISOString();
    const holdExpiresAt = new Date(now.getTime() + config.PAYMENT_HOLD_MINUTES * 60_000).toISOString();
    const orderId = newId();
    const paymentId = newId();
    const { order, lineRows } = orderRow(user, payload, priced, {
      id: orderId,
      order_number: orderNumber,
      status: AWAITING_PAYMENT,
      payment_status: "pending",
      payment_mode: "online",
      hold_expires_at: holdExpiresAt,
      placed_at: null,
      created_at: at,
    });
    // Issue 21: a payment the sandbox or Paymennt's test mode takes is no money; its order is a test order.
    order.is_test = paymentsAreTest(config, paymennt);
    const payment = startingPayment(paymentId, orderId, order.total_fils, now, at);
    try {
      await db.transaction().execute(async (trx) => {
        // The first statement writes, so on SQLite the transaction holds the write lock from here on.
        orderNumber = order.order_number = await orderNumberInTransaction(trx, orderNumber);
        await insertOrder(trx, order, lineRows);
        await insertPayment(trx, payment);
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at,
          actor: "shopper",
          from_status: null,
          to_status: AWAITING_PAYMENT,
          note: null,
        });
        const holds: StockHoldTable[] = [];
        for (const [variantId, quantity] of quantitiesByVariant(lines)) {
          const line = lines.find((l) => l.variant.variantId === variantId)!;
          if (line.variant.stock === null) continue;
          if (!(await reserveStock(trx, variantId, quantity)))
            throw await stockRefusal(trx, lines, variantId);
          holds.push({
            id: newId(),
            order_id: orderId,
            variant_id: variantId,
            quantity,
            status: "active",
            expires_at: holdExpiresAt,
            created_at: at,
          });
        }
        await insertHolds(trx, holds);
        // The code's use is held with the stock, and released with it if the attempt ends unpaid.
        if (priced.promotion)
          await takeOrderUse(trx, {
            promotionId: priced.promotion.promotionId,
            perCustomerLimit: priced.promotion.perCustomerLimit,
            orderId,
            userId: user.id,
            discountFils: priced.promotion.discountFils,
            status: "reserved",
            at,
          });
        // Held units leave what shoppers can buy: the pages showing them change.
        await noteStockChanged(
          trx,
          holds.map((h) => h.variant_id),
        );
        await hooks?.committing(trx, { orderId, paymentId });
      });
    } catch (error) {
      if (error instanceof StockError) throw new DomainError("conflict", "out_of_stock", error.message);
      if (error instanceof UseRefused && priced.promotion)
        throw ctx.promotions.refusal(priced.promotion.code, error.reason, payload.language);
      throw error;
    }
    hooks?.committed?.();
    return openCheckout(order, lineRows, payment, { keyed: hooks !== undefined, resuming: false });
  }

  /**
   * Issue 29 (decision 0043): a pending order whose rows the caller priced from the database (an
   * accepted quote's lines, no stock), its attempt and Paymennt's checkout; `within` runs last in the
   * order's transaction (the quote is linked there, so the two commit together).
   */
  async function startPrepared(
    prepared: { order: OrderTable; lineRows: OrderLineTable[] },
    within: (trx: Parameters<OrderCommitHooks["committing"]>[0]) => Promise<void>,
  ) {
    const { order, lineRows } = prepared;
    let orderNumber = await orderNumberBeforeTransaction();
    const now = new Date();
    const at = now.toISOString();
    Object.assign(order, {
      status: AWAITING_PAYMENT,
      payment_status: "pending",
      payment_mode: "online",
      hold_expires_at: new Date(now.getTime() + config.PAYMENT_HOLD_MINUTES * 60_000).toISOString(),
      placed_at: null,
      is_test: paymentsAreTest(config, paymennt),
    } satisfies Partial<OrderTable>);
    const payment = startingPayment(newId(), order.id, order.total_fils, now, at);
    await db.transaction().execute(async (trx) => {
      orderNumber = order.order_number = await orderNumberInTransaction(trx, orderNumber);
      await insertOrder(trx, order, lineRows);
      await insertPayment(trx, payment);
      await insertOrderEvent(trx, {
        id: newId(),
        order_id: order.id,
        at,
        actor: "shopper",
        from_status: null,
        to_status: AWAITING_PAYMENT,
        note: "stitching quote accepted",
      });
      await within(trx);
    });
    return openCheckout(order, lineRows, payment, { keyed: false, resuming: false });
  }

  /**
   * Paymennt's checkout for an attempt committed with its order: by startPayment, or again by a repeat of
   * the same idempotency key whose first request never answered (decision 0017), with the same request id.
   * Paymennt refuses a second checkout under one request id, so two requests resuming one attempt cannot
   * both make one: the one refused reads back what the other recorded.
   */
  async function openCheckout(
    order: OrderTable,
    lineRows: OrderLineTable[],
    payment: PaymentTable,
    how: { keyed: boolean; resuming: boolean },
  ) {
    const siteUrl = config.PUBLIC_SITE_URL.replace(/\/$/, "");
    const orderNumber = order.order_number;
    const paymentId = payment.id;
    let checkout: Awaited<ReturnType<PaymenntClient["createCheckout"]>>;
    try {
      checkout = await paymennt.createCheckout({
        requestId: payment.request_id,
        orderId: orderNumber,
        currency: "AED",
        amount: filsToAmount(order.total_fils),
        totals: {
          subtotal: filsToAmount(order.subtotal_fils),
          // Prices include VAT, so nothing is added on top of the subtotal.
          tax: 0,
          shipping: filsToAmount(order.shipping_fils),
          handling: 0,
          // Issue 28: the code's discount in the totals; unit prices stay the catalog's.
          discount: filsToAmount(order.discount_fils ?? 0),
        },
        items: lineRows.map((l) => ({
          name: l.size ? `${l.name} (${l.size})` : l.name,
          sku: l.sku,
          unitprice: filsToAmount(l.unit_price_fils),
          quantity: l.quantity,
          linetotal: filsToAmount(l.line_total_fils),
        })),
        // The order's copy of the address and the account's e-mail (orderRow), as the shopper sent them.
        customer: {
          firstName: order.ship_first_name,
          lastName: order.ship_last_name,
          email: order.ship_email,
          phone: order.ship_phone,
        },
        billingAddress: {
          name: `${order.ship_first_name} ${order.ship_last_name}`.trim(),
          address1: order.ship_address,
          address2: order.ship_landmark,
          city: order.ship_city,
          state: order.ship_state,
          zip: order.ship_postcode,
          country: "ARE",
        },
        // Issue 14: Paymennt's page speaks the order's language and brings an Arabic shopper back to the
        // Arabic return page.
        returnUrl: `${siteUrl}${order.language === "ar" ? "/ar" : ""}/payment-redirect`,
        language: order.language === "ar" ? "AR" : "EN",
      });
    } catch (error) {
      // Refused (Paymennt answered) while another request of the same key may hold this request id.
      const answered = error instanceof PaymenntError && error.status !== undefined;
      if (how.keyed && answered) {
        const recorded = await checkoutRecordedBy(paymentId);
        if (recorded) return recorded;
        if (how.resuming) throw new DomainError("conflict", "in_progress", tOrder("orderApi.keyInProgress"));
      }
      log.error({ err: error, orderNumber }, "payment could not be started");
      await settleUnpaid(payment, "failed", "NOT_STARTED", "system");
      throw new DomainError("upstream_failed", "payment_unavailable", tOrder("orderApi.initiateFailed"));
    }
    const recorded = await recordCheckout(db, paymentId, {
      checkoutId: checkout.id,
      redirectUrl: checkout.redirectUrl,
      history: history(payment, {
        at: new Date().toISOString(),
        status: String(checkout.status),
        source: "start",
      }),
      at: new Date().toISOString(),
    });
    if (!recorded) {
      // Another request of the same key recorded it first: the same checkout, so the same answer.
      const other = how.keyed ? await checkoutRecordedBy(paymentId, 0) : undefined;
      if (other) return other;
      throw new DomainError("upstream_failed", "payment_unavailable", tOrder("orderApi.initiateFailed"));
    }
    return checkoutAnswer(checkout.id, checkout.redirectUrl, orderNumber);
  }

  function checkoutAnswer(checkoutId: string, checkoutUrl: string, orderNumber: string) {
    return {
      success: true as const,
      paymentId: checkoutId,
      checkoutUrl,
      orderNumber,
      message: tOrder("orderApi.redirecting"),
    };
  }

  /** The checkout another request recorded for this attempt, waited for up to `waitMs`. */
  async function checkoutRecordedBy(paymentId: string, waitMs = 3000) {
    const until = Date.now() + waitMs;
    for (;;) {
      const payment = await findPayment(db, paymentId);
      if (payment?.provider_checkout_id && payment.redirect_url) {
        const order = await findOrder(db, payment.order_id);
        if (order)
          return checkoutAnswer(payment.provider_checkout_id, payment.redirect_url, order.order_number);
      }
      if (Date.now() >= until || payment?.status !== "created") return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * A repeat of an idempotency key whose attempt committed (decision 0017): the checkout it has, or the
   * one it never got, asked for with the same request id. Undefined when the attempt ended without a
   * checkout (nothing lives on under the key).
   */
  async function resumePayment(user: UserRow, paymentId: string) {
    const payment = await findPayment(db, paymentId);
    const found = payment ? await findOrderWithLines(db, payment.order_id) : undefined;
    if (!payment || !found || found.order.user_id !== user.id) return undefined;
    if (payment.provider_checkout_id && payment.redirect_url)
      return checkoutAnswer(payment.provider_checkout_id, payment.redirect_url, found.order.order_number);
    if (payment.status !== "created") return undefined;
    return openCheckout(found.order, found.lines, payment, { keyed: true, resuming: true });
  }

  /** The shopper's own attempt, finalized by its id (our payment id or Paymennt's checkout id). */
  async function verify(user: UserRow, paymentId: string) {
    const payment = await findPaymentByAnyId(db, paymentId);
    // Another shopper's payment is answered exactly like an unknown one.
    if (!payment || payment.user_id !== user.id)
      throw new DomainError("not_found", "not_found", tOrder("orderApi.orderNotFound"));
    const result = await finalize(payment, "shopper");
    if (result?.status === "paid") {
      const order = result.placed
        ? toDto(result.placed.order, result.placed.lines, result.placed.document, await colorNamesAr(db))
        : await orderDto(payment.order_id);
      return { success: true as const, status: "paid" as const, message: tOrder("orderApi.paid"), order };
    }
    const status = result?.status ?? "pending";
    const [code, message]: [ErrorCode, string] =
      status === "failed"
        ? ["payment_declined", tOrder("orderApi.declined")]
        : status === "cancelled"
          ? ["payment_cancelled", tOrder("orderApi.cancelled")]
          : status === "expired"
            ? ["payment_expired", tOrder("orderApi.expired")]
            : result?.unreachable
              ? ["payment_unreachable", tOrder("orderApi.verifyFailed")]
              : ["payment_pending", tOrder("orderApi.pending")];
    return { success: false as const, status, code, message };
  }

  return { startPayment, startPrepared, resumePayment, verify };
}

/** A card payment attempt as it starts (checkout's and an accepted quote's): created, checked later. */
function startingPayment(
  id: string,
  orderId: string,
  amountFils: number,
  now: Date,
  at: string,
): PaymentTable {
  return {
    id,
    order_id: orderId,
    provider: "paymennt",
    provider_checkout_id: null,
    request_id: newId(),
    amount_fils: amountFils,
    currency: "AED",
    status: "created",
    redirect_url: null,
    status_history: "[]",
    next_check_at: new Date(now.getTime() + CHECK_INTERVAL_MS).toISOString(),
    claimed_until: null,
    checks: 0,
    finalized_at: null,
    created_at: at,
    updated_at: at,
  };
}
