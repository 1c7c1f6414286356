import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { ShopSettings } from "#core/admin.ts";
import type { ErrorCode } from "#core/error-codes.ts";
import { tOrder } from "#core/i18n/en-orders.ts";
import type { Locale } from "#core/locale.ts";
import { filsToAed } from "#core/money.ts";
import { includedVat, type OrderDto, type OrderPayload, type OrderPayloadLine } from "#core/order.ts";
import { discountedPrice } from "#core/pricing.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import type { Config } from "../config.ts";
import { isDatabaseBusy } from "../db/connection.ts";
import { deleteOrderedCartLines } from "../db/repositories/cart.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import { deleteExpiredKeys } from "../db/repositories/idempotency.ts";
import {
  findOrder,
  findOrderWithLines,
  hasSingleWriter,
  insertOrder,
  insertOrderEvent,
  listPlacedOrdersForUser,
  markOrderPlaced,
  markOrderUnplaced,
  nextOrderNumber,
  orderLines,
  type VariantForOrder,
  variantsForProducts,
} from "../db/repositories/orders.ts";
import {
  claimPayment,
  duePayments,
  findPayment,
  findPaymentByAnyId,
  insertPayment,
  openPaymentsForUser,
  recordCheckout,
  releasePaymentClaim,
  settlePayment,
} from "../db/repositories/payments.ts";
import {
  applySettledHold,
  availableStockFor,
  insertHolds,
  moveHolds,
  releaseHolds,
  reserveStock,
  takeStock,
} from "../db/repositories/stock-holds.ts";
import { loadTermNames } from "../db/repositories/terms.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type {
  Database,
  OrderLineTable,
  OrderTable,
  PaymentAttemptStatus,
  PaymentTable,
  StockHoldTable,
} from "../db/schema.ts";
import { cardPaymentsAvailable } from "../going-live.ts";
import { HttpError } from "../http-errors.ts";
import { newId } from "../ids.ts";
import type { Mailer } from "../integrations/mail.ts";
import { filsToAmount, type PaymenntClient, PaymenntError } from "../integrations/paymennt.ts";
import { createDocumentsService, invoiceOf, isTestOrder, paymentsAreTest } from "./documents.ts";
import { type MailContext, newOrderMail, orderConfirmationMail, orderStatusMail } from "./order-mail.ts";

/**
 * Orders and payments (issue 11; SPEC §3 Order, §4 Checkout and Payment return, §5 Checkout placement,
 * §7 order calls, §8 Order and Payment return). The server is the only authority: every line is priced
 * from the database, stock is checked and reserved in the transaction that creates the order, and the
 * user is the token's. One idempotent finalizePayment() turns a paid attempt into an order; the
 * browser's verify, the webhook and the reconciliation job all go through it.
 * Decisions in docs/decisions/0005-orders-and-payments.md.
 */

type Trx = Transaction<Database>;
type Actor = "shopper" | "webhook" | "reconciliation" | "system";

export const AWAITING_PAYMENT = "Awaiting payment";
export const ORDER_PLACED = "Order Placed";
export const CANCELLED = "Cancelled";

/** How long after creation an open attempt is first asked about, then between checks. */
const CHECK_INTERVAL_MS = 60_000;
/** How long a process keeps a claimed attempt before another may take it over. */
const CLAIM_MS = 120_000;

interface PricedLine {
  variant: VariantForOrder;
  color: string;
  quantity: number;
  unitPriceFils: number;
  lineTotalFils: number;
  vatFils: number;
}

class StockError extends Error {}

async function refusingWhenBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseBusy(error))
      throw new HttpError(503, "busy", tOrder("orderApi.busy"), { "retry-after": "1" });
    throw error;
  }
}

export interface FinalizeResult {
  status: "paid" | "failed" | "cancelled" | "expired" | "pending";
  orderId: string;
  /** True when the provider could not be asked (the status is then what we knew before). */
  unreachable?: boolean;
  /** The order as this call placed it (absent when it was placed before, or elsewhere). */
  placed?: PlacedOrder;
}

interface PlacedOrder {
  order: OrderTable;
  lines: OrderLineTable[];
  /** Its document, issued in the placing transaction (decision 0015). */
  document?: DocumentSnapshot;
}

/**
 * What an order call's idempotency key (services/idempotency.ts, decision 0017) needs of the order path:
 * a write in the order's own transaction, so the key's row commits with the order or not at all.
 */
export interface OrderCommitHooks {
  /** Last in the order's transaction; `answer` is the call's answer when it is known before the commit. */
  committing(trx: Trx, facts: { orderId: string; paymentId?: string; answer?: object }): Promise<void>;
  /** Right after the commit, before anything else happens (the crash tests' hook). */
  committed?(): void;
}

export interface OrdersServiceOptions {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  paymennt: PaymenntClient;
  log: FastifyBaseLogger;
  /** The back office's settings over the environment (issue 15); the environment alone without it. */
  settings?: { current(executor?: Kysely<Database> | Transaction<Database>): Promise<ShopSettings> };
}

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

function history(payment: PaymentTable, entry: { at: string; status: string; source: string }): string {
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

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, config, mailer, paymennt, log } = options;
  const documents = createDocumentsService({ db, config, settings: options.settings });
  const background = new Set<Promise<unknown>>();
  /** The shop's name, invoice and payment settings now: the back office's over the environment's. */
  async function shopNow(executor: Kysely<Database> | Trx = db) {
    // Inside a transaction, read through it: SQLite has one connection, which the transaction holds.
    const s = await options.settings?.current(executor);
    return {
      shopName: s?.shopName ?? config.SHOP_NAME,
      shopEmail: s?.email ?? config.SHOP_EMAIL,
      sellerAddress: s?.legalAddress ?? config.SHOP_LEGAL_ADDRESS ?? config.SHOP_OFFICE_ADDRESS,
      trn: s ? s.trn : (config.SHOP_TRN ?? null),
      vatRate: s?.vatRate ?? config.VAT_RATE_PERCENT,
      codEnabled: s?.codEnabled ?? config.COD_ENABLED,
    };
  }
  let timer: NodeJS.Timeout | undefined;
  let reconciling: Promise<unknown> | undefined;

  function track<T>(job: Promise<T>): Promise<T> {
    const tracked = job.finally(() => background.delete(tracked));
    background.add(tracked);
    return tracked;
  }

  let delivering = false;
  let deliverAgain = false;

  /**
   * Sends the mails an order's transaction queued, after it committed; failures wait for the retry
   * timer. One pass of the outbox at a time per process: orders placed meanwhile ask for one more pass
   * instead of each starting its own (which would all read and try to claim the same due mails).
   */
  function deliverMails() {
    deliverAgain = true;
    if (delivering) return;
    delivering = true;
    track(
      (async () => {
        while (deliverAgain) {
          deliverAgain = false;
          await mailer.flush();
        }
      })()
        .catch((error: unknown) => log.error({ err: error }, "order mail delivery failed"))
        .finally(() => {
          delivering = false;
        }),
    );
  }

  // Pricing

  const stockMessage = (line: PricedLine, available: number) =>
    available <= 0
      ? tOrder("orderApi.outOfStock", { item: line.variant.productName, size: line.variant.size })
      : tOrder("orderApi.stockShort", {
          n: available,
          item: line.variant.productName,
          size: line.variant.size,
        });

  /**
   * Prices the shopper's lines from the database: the variant named by sku_id must belong to the product
   * (and match the size when one is sent); the unit price is the variant's price after its discount now.
   * Lines of the same variant and colour are merged.
   */
  async function priceLines(lines: OrderPayloadLine[]): Promise<PricedLine[]> {
    const { vatRate } = await shopNow();
    const variants = await variantsForProducts(
      db,
      lines.map((l) => l.product_id),
    );
    const merged = new Map<string, PricedLine>();
    for (const line of lines) {
      const ofProduct = variants.filter((v) => v.productId === line.product_id);
      if (ofProduct.length === 0)
        throw new HttpError(400, "product_unavailable", tOrder("orderApi.productGone"));
      const variant = ofProduct.find((v) => v.sku === line.sku_id || v.variantId === line.sku_id);
      const size = line.size?.trim();
      if (!variant || (size && size.toLowerCase() !== variant.size.toLowerCase())) {
        throw new HttpError(
          400,
          "size_unknown",
          tOrder("orderApi.skuMismatch", { item: ofProduct[0]!.productName, size: size || line.sku_id }),
        );
      }
      const color = line.color?.trim() ?? "";
      const key = `${variant.variantId}\u0000${color}`;
      const existing = merged.get(key);
      const quantity = (existing?.quantity ?? 0) + line.quantity;
      const unit = discountedPrice(variant.retailPriceFils, variant.discountPercent);
      merged.set(key, {
        variant,
        color,
        quantity,
        unitPriceFils: unit,
        lineTotalFils: unit * quantity,
        vatFils: includedVat(unit * quantity, vatRate),
      });
    }
    const priced = [...merged.values()];
    // A friendly early answer; the conditional updates in the transaction are what actually decide.
    for (const [variantId, quantity] of quantitiesByVariant(priced)) {
      const line = priced.find((l) => l.variant.variantId === variantId)!;
      if (line.variant.stock === null) continue;
      const available = line.variant.stock - line.variant.held;
      if (quantity > available) throw new HttpError(409, "out_of_stock", stockMessage(line, available));
    }
    return priced;
  }

  /** Quantities per variant, in variant id order: every transaction takes row locks in this one order. */
  function quantitiesByVariant(lines: PricedLine[]): [string, number][] {
    const map = new Map<string, number>();
    for (const l of lines) map.set(l.variant.variantId, (map.get(l.variant.variantId) ?? 0) + l.quantity);
    return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async function stockRefusal(trx: Trx, lines: PricedLine[], variantId: string): Promise<StockError> {
    const line = lines.find((l) => l.variant.variantId === variantId)!;
    const available = (await availableStockFor(trx, [variantId])).get(variantId) ?? 0;
    return new StockError(stockMessage(line, available));
  }

  function orderRow(
    user: UserRow,
    payload: OrderPayload,
    lines: PricedLine[],
    values: Pick<
      OrderTable,
      | "id"
      | "order_number"
      | "status"
      | "payment_status"
      | "payment_mode"
      | "hold_expires_at"
      | "placed_at"
      | "created_at"
    >,
  ): { order: OrderTable; lineRows: OrderLineTable[] } {
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
    const shipping = 0; // SPEC §9: shipping is always 0.
    const a = payload.address;
    const order: OrderTable = {
      ...values,
      user_id: user.id,
      delivery_type: payload.deliveryType,
      currency: "AED",
      subtotal_fils: subtotal,
      shipping_fils: shipping,
      tax_fils: lines.reduce((sum, l) => sum + l.vatFils, 0),
      total_fils: subtotal + shipping,
      ship_first_name: a.first_name,
      ship_last_name: a.last_name ?? "",
      ship_address: a.address,
      ship_landmark: a.landmark ?? "",
      ship_city: a.city,
      ship_state: a.state,
      ship_postcode: a.postcode,
      ship_country: a.country,
      // SPEC §5: the e-mail is the account's, never what the form sent.
      ship_email: user.email ?? "",
      ship_phone: a.phone ?? user.phone,
      needs_attention: false,
      attention_reason: null,
      language: payload.language,
      updated_at: values.created_at,
    };
    const lineRows: OrderLineTable[] = lines.map((l, position) => ({
      id: newId(),
      order_id: values.id,
      position,
      product_id: l.variant.productId,
      variant_id: l.variant.variantId,
      sku: l.variant.sku,
      name: l.variant.productName,
      name_ar: l.variant.productNameAr,
      size: l.variant.size,
      color: l.color,
      image: l.variant.image,
      unit_price_fils: l.unitPriceFils,
      quantity: l.quantity,
      line_total_fils: l.lineTotalFils,
      vat_fils: l.vatFils,
    }));
    return { order, lineRows };
  }

  /** What the shopper's order mails need in their language (issue 14): Arabic names and the dirham label. */
  async function mailContextFor(
    trx: Trx,
    locale: Locale,
    shop?: Awaited<ReturnType<typeof shopNow>>,
    document?: DocumentSnapshot,
  ): Promise<MailContext> {
    shop ??= await shopNow(trx);
    // The issued document's seller, VAT rate and TRN, not today's settings (decision 0015).
    const context: MailContext = document
      ? {
          shopName: document.sellerName.en,
          vatRate: document.vatRate,
          trn: document.trn,
          isTest: document.isTest,
        }
      : { shopName: shop.shopName, vatRate: shop.vatRate, trn: shop.trn };
    if (locale === "en") return context;
    return {
      ...context,
      shopNameAr: document?.sellerName.ar ?? config.SHOP_NAME_AR ?? config.SHOP_NAME,
      currencyAr: config.CURRENCY_LABEL_AR,
      colorNamesAr: (await loadTermNames(trx, ["color"])).get("color"),
    };
  }

  /**
   * Everything that happens when an order becomes placed, whichever path placed it (return, webhook,
   * reconciliation, cash on delivery), inside the placing transaction: the order's mails are queued in
   * the outbox so they exist exactly when the order does.
   */
  async function onOrderPlaced(
    trx: Trx,
    order: OrderTable,
    lines: OrderLineTable[],
  ): Promise<DocumentSnapshot> {
    await deleteOrderedCartLines(trx, order.user_id, lines);
    const document = await documents.issue(trx, order, lines);
    const shop = await shopNow(trx);
    const context = await mailContextFor(trx, order.language, shop, document);
    const confirmation = orderConfirmationMail(order, lines, context);
    if (confirmation) await mailer.enqueue(trx, confirmation);
    await mailer.enqueue(
      trx,
      newOrderMail(order, lines, {
        shopName: document.sellerName.en,
        vatRate: document.vatRate,
        trn: document.trn,
        isTest: document.isTest,
        shopEmail: shop.shopEmail,
      }),
    );
    return document;
  }

  // DTOs

  function toDto(
    order: OrderTable,
    lines: OrderLineTable[],
    document: DocumentSnapshot | undefined,
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
        order.payment_status === "paid"
          ? "paid"
          : order.payment_status === "refunded"
            ? "refunded"
            : "unpaid",
      line_items: lines.map((l) => ({
        product_id: l.product_id,
        sku_id: l.sku,
        name: l.name,
        size: l.size,
        color: l.color,
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
      invoice: invoiceOf(order, document),
    };
  }

  async function loadDtos(orders: OrderTable[]): Promise<OrderDto[]> {
    const lines = await orderLines(
      db,
      orders.map((o) => o.id),
    );
    const issued = await documents.forOrders(orders, lines);
    return orders.map((o) =>
      toDto(
        o,
        lines.filter((l) => l.order_id === o.id),
        issued.get(o.id),
      ),
    );
  }

  async function orderDto(orderId: string): Promise<OrderDto | undefined> {
    const found = await findOrderWithLines(db, orderId);
    return found
      ? toDto(found.order, found.lines, await documents.forOrder(found.order, found.lines))
      : undefined;
  }

  // Settling attempts

  /**
   * Paid: the one conditional update on the payment decides; holds become sales; the order is placed.
   * Returns the placed order when this call placed it.
   */
  async function settlePaid(
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
      const reason =
        short.length > 0
          ? `paid after the stock hold expired; not enough stock for ${short.join(", ")}`
          : null;
      const placement = {
        status: ORDER_PLACED,
        payment_status: "paid" as const,
        needs_attention: short.length > 0,
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
  async function settleUnpaid(
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

  async function reconcileOne(payment: PaymentTable, now: Date): Promise<void> {
    const result = await finalizePayment(payment.id, "reconciliation");
    if (result?.status !== "pending") return;
    const order = await findOrder(db, payment.order_id);
    const expiresAt = order?.hold_expires_at ? Date.parse(order.hold_expires_at) : 0;
    if (expiresAt <= now.getTime()) {
      // Past its hold and not paid (or the provider cannot say): release the stock. A payment that still
      // arrives later is honoured by finalizePayment when the stock allows, flagged otherwise.
      const fresh = (await findPayment(db, payment.id)) ?? payment;
      await settleUnpaid(
        fresh,
        "expired",
        result.unreachable ? "UNREACHABLE" : "HOLD_EXPIRED",
        "reconciliation",
      );
      return;
    }
    await releasePaymentClaim(db, payment.id, new Date(now.getTime() + CHECK_INTERVAL_MS).toISOString());
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

  /**
   * Order numbers come from a one-row counter. On PostgreSQL it is bumped in a statement of its own before
   * the order's transaction, so no transaction holds the counter's row lock across its other statements
   * and its commit; on SQLite, whose single writer lock the order's transaction takes anyway, the bump is
   * that transaction's first statement, which saves a commit (decision 0014).
   */
  const counterInOrderTransaction = hasSingleWriter(db);
  async function orderNumberBeforeTransaction(): Promise<string> {
    return counterInOrderTransaction ? "" : nextOrderNumber(db);
  }
  async function orderNumberInTransaction(trx: Trx, before: string): Promise<string> {
    return counterInOrderTransaction ? nextOrderNumber(trx) : before;
  }

  /** The pending order, its lines, payment attempt and holds in one transaction; then the checkout. */
  async function startPayment(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks) {
    await supersedeOpenAttempts(user);
    const lines = await priceLines(payload.lines);
    let orderNumber = await orderNumberBeforeTransaction();
    const now = new Date();
    const at = now.toISOString();
    const holdExpiresAt = new Date(now.getTime() + config.PAYMENT_HOLD_MINUTES * 60_000).toISOString();
    const orderId = newId();
    const paymentId = newId();
    const { order, lineRows } = orderRow(user, payload, lines, {
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
    const payment: PaymentTable = {
      id: paymentId,
      order_id: orderId,
      provider: "paymennt",
      provider_checkout_id: null,
      request_id: newId(),
      amount_fils: order.total_fils,
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
        // Held units leave what shoppers can buy: the pages showing them change.
        if (holds.length > 0) await bumpCatalogVersion(trx);
        await hooks?.committing(trx, { orderId, paymentId });
      });
    } catch (error) {
      if (error instanceof StockError) throw new HttpError(409, "out_of_stock", error.message);
      throw error;
    }
    hooks?.committed?.();
    return openCheckout(order, lineRows, payment, { keyed: hooks !== undefined, resuming: false });
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
          discount: 0,
        },
        items: lineRows.map((l) => ({
          name: `${l.name} (${l.size})`,
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
        if (how.resuming) throw new HttpError(409, "in_progress", tOrder("orderApi.keyInProgress"));
      }
      log.error({ err: error, orderNumber }, "payment could not be started");
      await settleUnpaid(payment, "failed", "NOT_STARTED", "system");
      throw new HttpError(502, "payment_unavailable", tOrder("orderApi.initiateFailed"));
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
      throw new HttpError(502, "payment_unavailable", tOrder("orderApi.initiateFailed"));
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
      throw new HttpError(404, "not_found", tOrder("orderApi.orderNotFound"));
    const result = await finalize(payment, "shopper");
    if (result?.status === "paid") {
      const order = result.placed
        ? toDto(result.placed.order, result.placed.lines, result.placed.document)
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

  /** A cash-on-delivery order, placed and its stock taken in one transaction. */
  async function placeCod(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks) {
    const lines = await priceLines(payload.lines);
    let orderNumber = await orderNumberBeforeTransaction();
    const at = new Date().toISOString();
    const orderId = newId();
    const { order, lineRows } = orderRow(user, payload, lines, {
      id: orderId,
      order_number: orderNumber,
      status: ORDER_PLACED,
      payment_status: "unpaid",
      payment_mode: "cod",
      hold_expires_at: null,
      placed_at: at,
      created_at: at,
    });
    let document: DocumentSnapshot | undefined;
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
          note: "cash on delivery",
        });
        for (const [variantId, quantity] of quantitiesByVariant(lines)) {
          const line = lines.find((l) => l.variant.variantId === variantId)!;
          if (line.variant.stock === null) continue;
          if (!(await takeStock(trx, variantId, quantity))) throw await stockRefusal(trx, lines, variantId);
        }
        document = await onOrderPlaced(trx, order, lineRows);
        if (lines.some((l) => l.variant.stock !== null)) await bumpCatalogVersion(trx);
        // The answer is known before the commit: an idempotency key's row stores it with the order.
        if (hooks) await hooks.committing(trx, { orderId, answer: answer() });
      });
    } catch (error) {
      if (error instanceof StockError) throw new HttpError(409, "out_of_stock", error.message);
      throw error;
    }
    hooks?.committed?.();
    deliverMails();
    return answer();

    function answer() {
      return {
        success: true as const,
        message: tOrder("orderApi.placed"),
        orderNumber,
        order: toDto(order, lineRows, document),
      };
    }
  }

  return {
    /**
     * Issue 14: queues the mail telling the shopper their order moved to `status`, in the order's
     * language, inside the caller's transaction (the back office's status change), so it exists exactly
     * when the change does; once committed, `services.mail.flush()` sends it (else the retry timer
     * does). Nothing is queued for an order without an e-mail; true when a mail was queued.
     */
    async queueStatusMail(
      trx: Trx,
      order: OrderTable,
      lines: OrderLineTable[],
      status: string,
      note?: string,
    ): Promise<boolean> {
      const shop = await (options.settings?.current(trx) ?? undefined);
      const document = await documents.forOrder(order, lines, trx);
      const mail = orderStatusMail({
        order,
        lines,
        status,
        note,
        locale: order.language,
        context: {
          ...(await mailContextFor(trx, order.language, undefined, document)),
          shopPhone: shop?.phone ?? config.SHOP_PHONE,
          shopEmail: shop?.email ?? config.SHOP_EMAIL,
        },
      });
      if (mail) await mailer.enqueue(trx, mail);
      return mail !== undefined && mail !== null;
    },

    /** SPEC §7 POST /api/order/paymennt: a pending order, its stock held, and a hosted checkout. */
    async startOnlinePayment(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks) {
      return refusingWhenBusy(() => startPayment(user, payload, hooks));
    },

    /** A repeat of /order/paymennt's idempotency key after its attempt committed (decision 0017). */
    async resumeOnlinePayment(user: UserRow, paymentId: string) {
      return refusingWhenBusy(() => resumePayment(user, paymentId));
    },

    /** SPEC §7 POST /api/order/verifyPaymennt: only the payment (checkout) id is read from the body. */
    async verifyPayment(user: UserRow, { paymentId }: { paymentId: string }) {
      return refusingWhenBusy(() => verify(user, paymentId));
    },

    /** POST /api/webhooks/paymennt: the body only names a checkout; its status is read from Paymennt. */
    webhook(body: unknown): void {
      const hint = checkoutIdFrom(body);
      if (!hint) return;
      track(
        (async () => {
          const payment = await findPaymentByAnyId(db, hint);
          if (payment) await finalizePayment(payment.id, "webhook");
        })().catch((error: unknown) => log.error({ err: error }, "webhook handling failed")),
      );
    },

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
        throw new HttpError(403, "card_payments_unavailable", tOrder("orderApi.cardUnavailable"));
    },

    /** Cash on delivery is refused before its body is read (the route's preValidation). */
    async assertCashOnDelivery(): Promise<void> {
      if (!(await shopNow()).codEnabled)
        throw new HttpError(400, "cod_unavailable", tOrder("orderApi.methodUnavailable"));
    },

    /** SPEC §7 POST /api/order/place (cash on delivery, behind COD_ENABLED): placed at once, stock taken. */
    async placeCashOnDelivery(user: UserRow, payload: OrderPayload, hooks?: OrderCommitHooks) {
      return refusingWhenBusy(() => placeCod(user, payload, hooks));
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
      };
    },

    finalizePayment,

    /** One order as its shopper sees it (lines, address, totals, invoice data), for the back office. */
    orderDto,

    /** Issued documents (decision 0015): the back office prints them. */
    documents,

    /**
     * One pass of the reconciliation job: every open attempt whose check is due is claimed (one process
     * per attempt), asked about, and placed, cancelled, expired past its hold, or checked again later.
     */
    async reconcile(now = new Date()): Promise<number> {
      const nowIso = now.toISOString();
      const due = await duePayments(db, nowIso, 100);
      let handled = 0;
      for (const payment of due) {
        const until = new Date(now.getTime() + CLAIM_MS).toISOString();
        if (!(await claimPayment(db, payment.id, nowIso, until))) continue;
        handled += 1;
        try {
          await reconcileOne(payment, now);
        } catch (error) {
          log.error({ err: error, paymentId: payment.id }, "reconciliation of a payment failed");
        }
      }
      // The order calls' idempotency keys past their expiry go with the same pass (decision 0017).
      await deleteExpiredKeys(db, nowIso);
      return handled;
    },

    /** Runs the reconciliation job every `everyMs` until stop(). */
    start(everyMs = 60_000) {
      if (timer) return;
      timer = setInterval(() => {
        if (reconciling) return;
        reconciling = this.reconcile()
          .catch((error: unknown) => log.error({ err: error }, "reconciliation failed"))
          .finally(() => {
            reconciling = undefined;
          });
      }, everyMs);
      timer.unref();
    },

    /** Stops the job and waits for work in flight (shutdown). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await reconciling;
      await this.idle();
    },

    /** Resolves when background work (webhook checks, mail handoffs) has finished. */
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}

/** The checkout id a webhook body names, wherever Paymennt puts it; nothing else of the body is used. */
function checkoutIdFrom(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const nested = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>).id : undefined);
  for (const candidate of [b.checkoutId, b.id, nested(b.checkout), nested(b.result), nested(b.data)]) {
    if (typeof candidate === "string" && candidate.length > 0 && candidate.length <= 200) return candidate;
    if (typeof candidate === "number") return String(candidate);
  }
  return undefined;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
