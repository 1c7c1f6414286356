import { tOrder } from "#core/i18n/en-orders.ts";
import type { OrderDto, OrderPayload } from "#core/order.ts";
import { listPlacedOrdersForUser } from "../db/repositories/orders.ts";
import { openPaymentsOfOrder } from "../db/repositories/payments.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type { OrderLineTable, OrderTable } from "../db/schema.ts";
import { cardPaymentsAvailable } from "../going-live.ts";
import { metrics } from "../operations/metrics.ts";
import { DomainError } from "./errors.ts";
import { createCashOnDelivery } from "./orders/cash-on-delivery.ts";
import {
  createOrdersContext,
  type OrderCommitHooks,
  type OrdersServiceOptions,
  refusingWhenBusy,
  type Trx,
} from "./orders/context.ts";
import { createOrderDtos } from "./orders/dto.ts";
import { createOrderJobs } from "./orders/jobs.ts";
import { createOrderMails } from "./orders/mails.ts";
import { createOnlinePayment } from "./orders/online-payment.ts";
import { createPricing } from "./orders/pricing.ts";
import { createSettlement } from "./orders/settlement.ts";

export {
  AWAITING_PAYMENT,
  CANCELLED,
  type FinalizeResult,
  ORDER_PLACED,
  type OrderCommitHooks,
  type OrdersServiceOptions,
} from "./orders/context.ts";

/**
 * Orders and payments (issue 11; SPEC §3 Order, §4 Checkout and Payment return, §5 Checkout placement,
 * §7 order calls, §8 Order and Payment return). The server is the only authority: every line is priced
 * from the database, stock is checked and reserved in the transaction that creates the order, and the
 * user is the token's. One idempotent finalizePayment() turns a paid attempt into an order; the
 * browser's verify, the webhook and the reconciliation job all go through it.
 * Decisions in docs/decisions/0005-orders-and-payments.md.
 *
 * The service is put together here from its parts in services/orders/: context (what they share),
 * pricing, dto, mails, settlement, online-payment, cash-on-delivery and jobs.
 */

export function createOrdersService(options: OrdersServiceOptions) {
  const ctx = createOrdersContext(options);
  const { db, config, documents, shopNow } = ctx;
  const pricing = createPricing(ctx);
  const mails = createOrderMails(ctx);
  const dtos = createOrderDtos(ctx);
  const settlement = createSettlement(ctx, mails);
  const cod = createCashOnDelivery(ctx, { pricing, mails });
  const online = createOnlinePayment(ctx, { pricing, settlement, dtos, placeNow: cod.placeNow });
  const jobs = createOrderJobs(ctx, settlement);
  const { finalizePayment } = settlement;
  const { orderDto, loadDtos } = dtos;

  return {
    /**
     * Issue 14: queues the mail telling the shopper their order moved to `status`, in the order's
     * language, inside the caller's transaction (the back office's status change), so it exists exactly
     * when the change does; once committed, `services.mail.flush()` sends it (else the retry timer
     * does). Nothing is queued for an order without an e-mail; true when a mail was queued.
     */
    queueStatusMail(
      trx: Trx,
      order: OrderTable,
      lines: OrderLineTable[],
      status: string,
      note?: string,
      shipping?: { courier: string; trackingNumber: string | null },
    ): Promise<boolean> {
      return mails.queueStatusMail(trx, order, lines, status, note, shipping);
    },

    /** SPEC §7 POST /api/order/paymennt: a pending order, its stock held, and a hosted checkout. */
    async startOnlinePayment(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks, ip?: string) {
      return counted("card", () => refusingWhenBusy(() => online.startPayment(user, payload, hooks, ip)));
    },

    /** A repeat of /order/paymennt's idempotency key after its attempt committed (decision 0017). */
    async resumeOnlinePayment(user: UserRow, paymentId: string) {
      return refusingWhenBusy(() => online.resumePayment(user, paymentId));
    },

    /** SPEC §7 POST /api/order/verifyPaymennt: only the payment (checkout) id is read from the body. */
    async verifyPayment(user: UserRow, { paymentId }: { paymentId: string }) {
      return refusingWhenBusy(() => online.verify(user, paymentId));
    },

    /** POST /api/webhooks/paymennt: the body only names a checkout; its status is read from Paymennt. */
    webhook: jobs.webhook,

    /**
     * Issue 21: may this request pay by card? Paymennt's live keys take anyone's; a test provider (the
     * sandbox, Paymennt's test mode) only a local request's, unless ALLOW_PUBLIC_SANDBOX.
     */
    cardPayments(request: Parameters<typeof cardPaymentsAvailable>[1]): boolean {
      return cardPaymentsAvailable(config, request);
    },

    /** A card payment not offered to this request is refused before anything is held or numbered. */
    assertCardPayments(request: Parameters<typeof cardPaymentsAvailable>[1]): void {
      if (!cardPaymentsAvailable(config, request))
        throw new DomainError("forbidden", "card_payments_unavailable", tOrder("orderApi.cardUnavailable"));
    },

    /** Cash on delivery is refused before its body is read (the route's preValidation). */
    async assertCashOnDelivery(): Promise<void> {
      if (!(await shopNow()).codEnabled)
        throw new DomainError("invalid", "cod_unavailable", tOrder("orderApi.methodUnavailable"));
    },

    /** SPEC §7 POST /api/order/place (cash on delivery, behind COD_ENABLED): placed at once, stock taken. */
    async placeCashOnDelivery(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks, ip?: string) {
      return counted("cod", () => refusingWhenBusy(() => cod.placeCod(user, payload, hooks, ip)));
    },
    /**
     * Issue 29 (decision 0043): an order made from rows the caller priced from the database (an accepted
     * stitching quote): placed at once for cash on delivery, or pending with Paymennt's checkout.
     */
    async placePrepared(
      prepared: { order: OrderTable; lineRows: OrderLineTable[] },
      how: "online" | "cod",
      within: (trx: Trx) => Promise<void>,
    ) {
      return refusingWhenBusy(async () => {
        if (how === "cod") {
          await cod.placePrepared(prepared, within);
          return { checkoutUrl: null, paymentId: null };
        }
        const started = await online.startPrepared(prepared, within);
        return { checkoutUrl: started.checkoutUrl, paymentId: started.paymentId };
      });
    },

    /** Issue 29: the open checkout of a pending order (an accepted quote's card attempt), if it has one. */
    async openCheckoutOf(orderId: string) {
      const payment = (await openPaymentsOfOrder(db, orderId))[0];
      return payment?.provider_checkout_id && payment.redirect_url
        ? { checkoutUrl: payment.redirect_url, paymentId: payment.provider_checkout_id }
        : undefined;
    },

    /** SPEC §7 POST /api/order/userorders: placed orders only, newest first. */
    async listUserOrders(user: UserRow): Promise<OrderDto[]> {
      return loadDtos(await listPlacedOrdersForUser(db, user.id));
    },

    /** GET /api/order/config: what the checkout page needs to know (card payments: for this request). */
    async publicConfig(request?: Parameters<typeof cardPaymentsAvailable>[1]) {
      const shop = await shopNow();
      return {
        success: true as const,
        codEnabled: shop.codEnabled,
        cardPayments: cardPaymentsAvailable(config, request),
        vatRate: shop.vatRate,
        trn: shop.trn,
        delivery: await ctx.promotions.deliveryFees(),
      };
    },

    finalizePayment,

    /** One order as its shopper sees it (lines, address, totals, invoice data), for the back office. */
    orderDto,

    /** Issued documents (decision 0015): the back office prints them. */
    documents,

    reconcile: jobs.reconcile,
    alsoReconcile: jobs.alsoReconcile,
    start: jobs.start,
    stop: jobs.stop,
    idle: jobs.idle,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Counts an order call (issue 27): a cash-on-delivery order placed, a card payment started, or the
 * refusal's code (`error` for anything unexpected). A card order is counted placed once it is paid.
 */
async function counted<T>(method: "cod" | "card", place: () => Promise<T>): Promise<T> {
  try {
    const result = await place();
    metrics.orders.inc({ method, outcome: method === "cod" ? "placed" : "payment_started" });
    if (method === "card") metrics.paymentStarts.inc({ outcome: "started" });
    return result;
  } catch (error) {
    const outcome = error instanceof DomainError ? error.code : "error";
    metrics.orders.inc({ method, outcome });
    if (method === "card") metrics.paymentStarts.inc({ outcome });
    throw error;
  }
}
