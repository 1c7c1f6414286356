import type { Locale } from "#core/locale.ts";
import type { DocumentSnapshot } from "#core/schemas/document.schema.ts";
import { deleteOrderedCartLines } from "../../db/repositories/cart.ts";
import { loadTermNames } from "../../db/repositories/terms.ts";
import type { OrderLineTable, OrderTable } from "../../db/schema.ts";
import { type MailContext, newOrderMail, orderConfirmationMail, orderStatusMail } from "../order-mail.ts";
import type { OrdersContext, ShopNow, Trx } from "./context.ts";

/** The order's mails (issue 14), queued in the outbox inside the transaction that changes the order. */

export function createOrderMails(ctx: OrdersContext) {
  const { config, mailer, documents, shopNow, settings } = ctx;

  /** What the shopper's order mails need in their language (issue 14): Arabic names and the dirham label. */
  async function mailContextFor(
    trx: Trx,
    locale: Locale,
    shop?: ShopNow,
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
      shopNameAr: document?.sellerName.ar ?? shop.shopNameAr,
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

  /**
   * Issue 14: queues the mail telling the shopper their order moved to `status`, in the order's
   * language, inside the caller's transaction (the back office's status change), so it exists exactly
   * when the change does; once committed, `services.mail.flush()` sends it (else the retry timer
   * does). Nothing is queued for an order without an e-mail; true when a mail was queued.
   */
  async function queueStatusMail(
    trx: Trx,
    order: OrderTable,
    lines: OrderLineTable[],
    status: string,
    note?: string,
    shipping?: { courier: string; trackingNumber: string | null },
  ): Promise<boolean> {
    const shop = await (settings?.current(trx) ?? undefined);
    const document = await documents.forOrder(order, lines, trx);
    const mail = orderStatusMail({
      order,
      lines,
      status,
      note,
      shipping,
      locale: order.language,
      context: {
        ...(await mailContextFor(trx, order.language, undefined, document)),
        shopPhone: shop?.phone ?? config.SHOP_PHONE,
        shopEmail: shop?.email ?? config.SHOP_EMAIL,
      },
    });
    if (mail) await mailer.enqueue(trx, mail);
    return mail !== undefined && mail !== null;
  }

  return { onOrderPlaced, queueStatusMail };
}
