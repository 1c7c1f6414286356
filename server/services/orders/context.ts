import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { ShopSettings } from "#core/admin.ts";
import { tOrder } from "#core/i18n/en-orders.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import type { Config } from "../../config.ts";
import { isDatabaseBusy } from "../../db/connection.ts";
import { hasSingleWriter, nextOrderNumber } from "../../db/repositories/orders.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import type { Mailer } from "../../integrations/mail.ts";
import type { PaymenntClient } from "../../integrations/paymennt.ts";
import { createDocumentsService } from "../documents.ts";
import { DomainError } from "../errors.ts";
import type { PromotionsService } from "../promotions/index.ts";

/**
 * What every part of the orders service shares (services/orders.ts puts them together): its options,
 * the shop's settings now, issued documents, background work, and the order-number counter.
 */

export type Trx = Transaction<Database>;
export type Actor = "shopper" | "webhook" | "reconciliation" | "system";

export const AWAITING_PAYMENT = "Awaiting payment";
export const ORDER_PLACED = "Order Placed";
export const CANCELLED = "Cancelled";

/** How long after creation an open attempt is first asked about, then between checks. */
export const CHECK_INTERVAL_MS = 60_000;
/** How long a process keeps a claimed attempt before another may take it over. */
export const CLAIM_MS = 120_000;

export class StockError extends Error {}

export async function refusingWhenBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseBusy(error))
      throw new DomainError("unavailable", "busy", tOrder("orderApi.busy"), { retryAfterSeconds: 1 });
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

export interface PlacedOrder {
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
  /** Discount codes and delivery fees (issue 28; decision 0038). */
  promotions: PromotionsService;
}

export type OrdersContext = ReturnType<typeof createOrdersContext>;
export type ShopNow = Awaited<ReturnType<OrdersContext["shopNow"]>>;

export function createOrdersContext(options: OrdersServiceOptions) {
  const { db, config, mailer, log } = options;
  const documents = createDocumentsService({ db, config, settings: options.settings });
  const background = new Set<Promise<unknown>>();

  /** The shop's name, invoice and payment settings now: the back office's over the environment's. */
  async function shopNow(executor: Kysely<Database> | Trx = db) {
    // Inside a transaction, read through it: SQLite has one connection, which the transaction holds.
    const s = await options.settings?.current(executor);
    return {
      shopName: s?.shopName ?? config.SHOP_NAME,
      /** The owner's Arabic name for the shop (decision 0025), else SHOP_NAME_AR, else the English. */
      shopNameAr: s?.shopNameAr ?? config.SHOP_NAME_AR ?? s?.shopName ?? config.SHOP_NAME,
      shopEmail: s?.email ?? config.SHOP_EMAIL,
      sellerAddress: s?.legalAddress ?? config.SHOP_LEGAL_ADDRESS ?? config.SHOP_OFFICE_ADDRESS,
      trn: s ? s.trn : (config.SHOP_TRN ?? null),
      vatRate: s?.vatRate ?? config.VAT_RATE_PERCENT,
      codEnabled: s?.codEnabled ?? config.COD_ENABLED,
      /** Issue 29: the ready date of stitched lines counts these weekdays and skips these dates. */
      workshopWorkingDays: s?.workshopWorkingDays ?? [1, 2, 3, 4, 5, 6],
      workshopHolidays: s?.workshopHolidays ?? [],
    };
  }

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

  return {
    ...options,
    documents,
    background,
    shopNow,
    track,
    deliverMails,
    orderNumberBeforeTransaction,
    orderNumberInTransaction,
  };
}
