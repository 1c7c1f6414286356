import type { Kysely, Transaction } from "kysely";
import type { ShopSettings } from "#core/admin.ts";
import { documentHtml } from "#core/document-html.ts";
import { type DocumentCopy, documentCopy, fillIn } from "#core/i18n/documents.ts";
import { formatDate, formatNumber, isolateLtr } from "#core/i18n/format.ts";
import { DELIVERY_TYPES_AR } from "#core/i18n/order-status-mail.ts";
import type { Locale } from "#core/locale.ts";
import type { OrderDto } from "#core/order.ts";
import {
  type DocumentSnapshot,
  DocumentSnapshotSchema,
  type DocumentView,
  documentNumber,
  type IssuedDocument,
  type SaleDocumentKind,
} from "#core/schemas/document.schema.ts";
import type { Config } from "../config.ts";
import { insertDocument, saleDocumentsFor, takeSeriesNumber } from "../db/repositories/documents.ts";
import { orderLines } from "../db/repositories/orders.ts";
import { loadTermNames } from "../db/repositories/terms.ts";
import type { Database, DocumentTable, OrderLineTable, OrderTable } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { placeName } from "./order-mail.ts";

/**
 * Issued documents (issue 21 finding 6; docs/decisions/0015-issued-documents.md). When an order is
 * placed, inside the placing transaction, its document is issued: a test document for a test order,
 * otherwise a tax invoice when the shop has a TRN and a receipt when not; numbered in its kind's gapless
 * series, with a snapshot of every text and figure it shows in English and Arabic. Every later view,
 * print and mail reads the snapshot, never today's settings.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Orders paid through the sandbox or Paymennt's test mode took no money (issue 21 finding 1). */
export function paymentsAreTest(config: Config, paymennt: { sandbox: boolean }): boolean {
  return paymennt.sandbox || config.PAYMENNT_MODE === "test";
}

export const isTestOrder = (order: Pick<OrderTable, "is_test">) => Boolean(Number(order.is_test ?? 0));

interface Seller {
  nameEn: string;
  nameAr: string;
  address: string;
  trn: string | null;
  vatRate: number;
}

/** Two decimals, the currency named in the column headings (as the storefront's invoice shows it). */
const amount = (fils: number, locale: Locale) =>
  formatNumber(fils / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function view(
  locale: Locale,
  kind: SaleDocumentKind,
  number: string,
  issuedAt: string,
  order: OrderTable,
  lines: OrderLineTable[],
  seller: Seller,
  colorNamesAr: ReadonlyMap<string, string> | undefined,
): DocumentView {
  const w: DocumentCopy = documentCopy[locale];
  const ar = locale === "ar";
  const withVat = kind === "tax_invoice";
  const test = kind === "test";
  const color = (c: string) => (ar ? (colorNamesAr?.get(c) ?? c) : c);
  const payment = test ? w.paymentTest : order.payment_mode === "cod" ? w.paymentCod : w.paymentOnline;
  const buyer = [
    `${order.ship_first_name} ${order.ship_last_name}`.trim(),
    order.ship_address,
    order.ship_landmark,
    `${order.ship_city}, ${placeName(locale, order.ship_state)} ${order.ship_postcode}`.trim(),
    placeName(locale, order.ship_country),
    order.ship_phone,
    order.ship_email,
  ].filter(Boolean);
  const discount = Number(order.discount_fils ?? 0);
  const shipping = Number(order.shipping_fils);
  const totals: [string, string][] = [[w.subtotal, amount(Number(order.subtotal_fils), locale)]];
  // Issue 28: a code's discount reduces what is paid, and so the taxable amount (VAT is on what is paid).
  if (order.discount_code)
    totals.push([
      fillIn(w.discountCode, { code: isolateLtr(order.discount_code, locale) }),
      `−${amount(discount, locale)}`,
    ]);
  totals.push([w.deliveryCharge, shipping === 0 ? w.free : amount(shipping, locale)]);
  if (withVat) {
    totals.push([fillIn(w.vatIncluded, { rate: seller.vatRate }), amount(Number(order.tax_fils), locale)]);
    // The delivery fee includes VAT: its share of the VAT above, apart.
    const deliveryVat = Number(order.tax_fils) - lines.reduce((sum, l) => sum + Number(l.vat_fils), 0);
    if (shipping > 0)
      totals.push([fillIn(w.deliveryVat, { rate: seller.vatRate }), amount(deliveryVat, locale)]);
  }
  totals.push([w.total, amount(Number(order.total_fils), locale)]);
  return {
    lang: locale,
    dir: ar ? "rtl" : "ltr",
    title: w.title[kind],
    notice: test ? w.testNotice : null,
    facts: [
      [w.number[kind], number],
      [w.date, formatDate(issuedAt, locale)],
      [w.order, order.order_number],
      [w.payment, payment],
      [
        w.delivery,
        ar ? (DELIVERY_TYPES_AR[order.delivery_type] ?? order.delivery_type) : order.delivery_type,
      ],
    ],
    sellerHeading: w.seller,
    sellerName: ar ? seller.nameAr : seller.nameEn,
    sellerAddress: seller.address,
    trnLine: withVat && seller.trn ? fillIn(w.trn, { trn: seller.trn }) : null,
    buyerHeading: w.buyer,
    buyerLines: buyer,
    columns: {
      description: w.description,
      quantity: w.quantity,
      unitPrice: w.unitPrice,
      vat: withVat ? w.vat : null,
      amount: w.amount,
    },
    lines: lines.map((l) => ({
      description: ar ? (l.name_ar ?? l.name) : l.name,
      detail: [
        l.color
          ? fillIn(w.lineDetail, { size: l.size, color: color(l.color) })
          : fillIn(w.lineDetailNoColor, { size: l.size }),
        ...(Number(l.discount_fils ?? 0) > 0
          ? [fillIn(w.lineDiscount, { amount: amount(Number(l.discount_fils), locale) })]
          : []),
      ].join(" · "),
      quantity: formatNumber(Number(l.quantity), locale),
      unitPrice: amount(Number(l.unit_price_fils), locale),
      vat: withVat ? amount(Number(l.vat_fils), locale) : null,
      amount: amount(Number(l.line_total_fils), locale),
    })),
    totals,
    footer: test ? w.testFooter : withVat ? fillIn(w.pricesInclusive, { rate: seller.vatRate }) : w.pricesAed,
  };
}

/** The snapshot of an order's sale document: every string worded and formatted now, in both languages. */
export function buildSnapshot(options: {
  kind: SaleDocumentKind;
  seriesNumber: number;
  issuedAt: string;
  order: OrderTable;
  lines: OrderLineTable[];
  seller: Seller;
  colorNamesAr?: ReadonlyMap<string, string> | undefined;
}): DocumentSnapshot {
  const { kind, seriesNumber, issuedAt, order, lines, seller, colorNamesAr } = options;
  const number = documentNumber(kind, seriesNumber);
  const make = (locale: Locale) => view(locale, kind, number, issuedAt, order, lines, seller, colorNamesAr);
  return {
    version: 1,
    kind,
    number,
    seriesNumber,
    orderNumber: order.order_number,
    issuedAt,
    language: order.language,
    isTest: kind === "test",
    sellerName: { en: seller.nameEn, ar: seller.nameAr },
    sellerAddress: seller.address,
    trn: kind === "tax_invoice" ? seller.trn : null,
    vatRate: seller.vatRate,
    figures: {
      subtotalFils: Number(order.subtotal_fils),
      // Product discounts are already in the unit prices; a code's discount is the order's (issue 28).
      discountFils: Number(order.discount_fils ?? 0),
      deliveryFils: Number(order.shipping_fils),
      vatFils: kind === "tax_invoice" ? Number(order.tax_fils) : 0,
      totalFils: Number(order.total_fils),
    },
    views: { en: make("en"), ar: make("ar") },
  };
}

export function parseSnapshot(row: DocumentTable): DocumentSnapshot {
  return DocumentSnapshotSchema.parse(JSON.parse(row.snapshot));
}

/** The document as the screens get it: drawn from the snapshot alone. */
export function issuedDocument(snapshot: DocumentSnapshot): IssuedDocument {
  return {
    kind: snapshot.kind,
    number: snapshot.number,
    issuedAt: snapshot.issuedAt,
    html: {
      en: documentHtml(snapshot.views.en, snapshot.kind),
      ar: documentHtml(snapshot.views.ar, snapshot.kind),
    },
  };
}

/** The OrderDto's invoice block, from the issued document. */
export function invoiceOf(order: OrderTable, snapshot: DocumentSnapshot | undefined): OrderDto["invoice"] {
  if (!snapshot) {
    // A pending order has no document yet (it is nobody's order): its number stands in.
    return {
      kind: "pending",
      number: order.order_number,
      date: order.placed_at ?? order.created_at,
      title: "Receipt",
      titleAr: documentCopy.ar.title.receipt,
      notice: null,
      sellerName: "",
      sellerNameAr: "",
      sellerAddress: "",
      trn: null,
      vatRate: 0,
    };
  }
  return {
    kind: snapshot.kind === "credit_note" ? "receipt" : snapshot.kind,
    number: snapshot.number,
    date: snapshot.issuedAt,
    title: snapshot.views.en.title,
    titleAr: snapshot.views.ar.title,
    notice:
      snapshot.views.en.notice === null
        ? null
        : { en: snapshot.views.en.notice, ar: snapshot.views.ar.notice ?? "" },
    sellerName: snapshot.sellerName.en,
    sellerNameAr: snapshot.sellerName.ar,
    sellerAddress: snapshot.sellerAddress,
    trn: snapshot.trn,
    vatRate: snapshot.vatRate,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e?.code === "23505" || (typeof e?.message === "string" && /UNIQUE constraint failed/i.test(e.message))
  );
}

export function createDocumentsService(options: {
  db: Kysely<Database>;
  config: Config;
  settings?: { current(executor?: Db): Promise<ShopSettings> };
}) {
  const { db, config } = options;

  async function sellerNow(executor: Db): Promise<Seller> {
    const s = await options.settings?.current(executor);
    const nameEn = s?.shopName ?? config.SHOP_NAME;
    return {
      nameEn,
      nameAr: s?.shopNameAr ?? config.SHOP_NAME_AR ?? nameEn,
      address: s?.legalAddress ?? config.SHOP_LEGAL_ADDRESS ?? config.SHOP_OFFICE_ADDRESS,
      trn: s ? s.trn : (config.SHOP_TRN ?? null),
      vatRate: s?.vatRate ?? config.VAT_RATE_PERCENT,
    };
  }

  /**
   * Issues the order's document inside `trx`, the transaction that places the order: its number is taken
   * there, so a placement that rolls back takes none.
   */
  async function issue(
    trx: Transaction<Database>,
    order: OrderTable,
    lines: OrderLineTable[],
    issuedAt = order.placed_at ?? new Date().toISOString(),
  ): Promise<DocumentSnapshot> {
    const seller = await sellerNow(trx);
    const kind: SaleDocumentKind = isTestOrder(order) ? "test" : seller.trn ? "tax_invoice" : "receipt";
    const seriesNumber = await takeSeriesNumber(trx, kind);
    const colorNamesAr = lines.some((l) => l.color)
      ? (await loadTermNames(trx, ["color"])).get("color")
      : undefined;
    const snapshot = buildSnapshot({ kind, seriesNumber, issuedAt, order, lines, seller, colorNamesAr });
    await insertDocument(trx, {
      id: newId(),
      order_id: order.id,
      kind,
      series_number: seriesNumber,
      number: snapshot.number,
      issued_at: issuedAt,
      snapshot: JSON.stringify(snapshot),
    });
    return snapshot;
  }

  /**
   * The sale documents of these orders. A placed order from before documents existed is issued its
   * document on first read, from its stored figures and the settings of that moment (decision 0015).
   */
  async function forOrders(
    orders: OrderTable[],
    lines?: OrderLineTable[],
    executor: Db = db,
  ): Promise<Map<string, DocumentSnapshot>> {
    const placed = orders.filter((o) => o.placed_at);
    const rows = await saleDocumentsFor(
      executor,
      placed.map((o) => o.id),
    );
    const result = new Map<string, DocumentSnapshot>();
    for (const [orderId, row] of rows) result.set(orderId, parseSnapshot(row));
    const missing = placed.filter((o) => !result.has(o.id));
    if (missing.length === 0) return result;
    const allLines =
      lines ??
      (await orderLines(
        executor,
        missing.map((o) => o.id),
      ));
    for (const order of missing) {
      const own = allLines.filter((l) => l.order_id === order.id);
      // Inside the caller's transaction (a status change), issued there: SQLite has one connection.
      if (executor.isTransaction) {
        result.set(order.id, await issue(executor as Transaction<Database>, order, own, order.placed_at!));
        continue;
      }
      try {
        const snapshot = await db.transaction().execute((trx) => issue(trx, order, own, order.placed_at!));
        result.set(order.id, snapshot);
      } catch (error) {
        // Another request issued it first: read theirs.
        if (!isUniqueViolation(error)) throw error;
        const row = (await saleDocumentsFor(db, [order.id])).get(order.id);
        if (row) result.set(order.id, parseSnapshot(row));
      }
    }
    return result;
  }

  async function forOrder(
    order: OrderTable,
    lines?: OrderLineTable[],
    executor: Db = db,
  ): Promise<DocumentSnapshot | undefined> {
    return (await forOrders([order], lines, executor)).get(order.id);
  }

  return { issue, forOrders, forOrder };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
