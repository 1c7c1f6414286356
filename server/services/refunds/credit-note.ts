import type { Transaction } from "kysely";
import { type CreditNoteMethod, creditNoteCopy } from "#core/i18n/credit-notes.ts";
import { documentCopy, fillIn } from "#core/i18n/documents.ts";
import { formatDate, formatNumber } from "#core/i18n/format.ts";
import type { Locale } from "#core/locale.ts";
import { includedVat } from "#core/order.ts";
import { type DocumentSnapshot, type DocumentView, documentNumber } from "#core/schemas/document.schema.ts";
import { insertDocument, takeSeriesNumber } from "../../db/repositories/documents.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";

/**
 * A credit note (issue 24; decision 0023): issued for each confirmed refund and for the cancellation of
 * an invoiced supply, numbered in its own gapless series (CN-000001, counter `document_credit_note`),
 * naming the original document's number, with the VAT share of the amount computed as the invoice's
 * lines are (VAT-inclusive prices: amount × rate / (100 + rate)). Its snapshot holds both languages, like
 * the sale document's (decision 0015); the original document is never touched.
 */

export interface CreditedLine {
  line: OrderLineTable;
  quantity: number;
  amountFils: number;
}

const money = (fils: number, locale: Locale) =>
  formatNumber(fils / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function creditView(
  locale: Locale,
  o: {
    number: string;
    issuedAt: string;
    order: OrderTable;
    original: DocumentSnapshot;
    lines: CreditedLine[];
    amountFils: number;
    vatFils: number;
    withVat: boolean;
    reason: string | Record<Locale, string>;
    method: CreditNoteMethod;
  },
): DocumentView {
  const w = documentCopy[locale];
  const c = creditNoteCopy[locale];
  const ar = locale === "ar";
  const test = o.original.kind === "test";
  const rate = o.original.vatRate;
  const originalView = o.original.views[locale];
  const reason = typeof o.reason === "string" ? o.reason : o.reason[locale];
  const lines =
    o.lines.length > 0
      ? o.lines.map((l) => ({
          description: ar ? (l.line.name_ar ?? l.line.name) : l.line.name,
          detail: fillIn(w.lineDetailNoColor, { size: l.line.size }),
          quantity: formatNumber(l.quantity, locale),
          // What one unit was paid (a code's discount off, issue 28): the unit price without one.
          unitPrice: money(Math.round(l.amountFils / l.quantity), locale),
          vat: o.withVat ? money(includedVat(l.amountFils, rate), locale) : null,
          amount: money(l.amountFils, locale),
        }))
      : [
          {
            description: fillIn(c.amountLine, { reason }),
            detail: c.amountDetail,
            quantity: formatNumber(1, locale),
            unitPrice: money(o.amountFils, locale),
            vat: o.withVat ? money(o.vatFils, locale) : null,
            amount: money(o.amountFils, locale),
          },
        ];
  const totals: [string, string][] = [];
  if (o.withVat) totals.push([fillIn(w.vatIncluded, { rate }), money(o.vatFils, locale)]);
  totals.push([c.credited, money(o.amountFils, locale)]);
  return {
    lang: locale,
    dir: ar ? "rtl" : "ltr",
    title: test ? c.title.test : o.withVat ? c.title.withVat : c.title.plain,
    notice: test ? c.testNotice : null,
    facts: [
      [w.number.credit_note, o.number],
      [w.date, formatDate(o.issuedAt, locale)],
      [c.original, o.original.number],
      [w.order, o.order.order_number],
      [c.refundMethod, c.methods[o.method]],
      [c.reason, reason],
    ],
    sellerHeading: w.seller,
    sellerName: originalView.sellerName,
    sellerAddress: originalView.sellerAddress,
    trnLine: o.withVat ? originalView.trnLine : null,
    buyerHeading: originalView.buyerHeading,
    buyerLines: originalView.buyerLines,
    columns: {
      description: w.description,
      quantity: w.quantity,
      unitPrice: w.unitPrice,
      vat: o.withVat ? w.vat : null,
      amount: w.amount,
    },
    lines,
    totals,
    footer: o.withVat ? fillIn(c.footerVat, { rate }) : c.footerPlain,
  };
}

/** Issues a credit note inside `trx` (its number is taken there: a rollback takes none). */
export async function issueCreditNote(
  trx: Transaction<Database>,
  o: {
    order: OrderTable;
    original: DocumentSnapshot;
    lines: CreditedLine[];
    amountFils: number;
    reason: string | Record<Locale, string>;
    method: CreditNoteMethod;
    issuedAt: string;
  },
): Promise<{ id: string; snapshot: DocumentSnapshot }> {
  const withVat = o.original.kind === "tax_invoice";
  const rate = o.original.vatRate;
  // Lines: each line's share as the invoice computes it; an amount: the share of the amount.
  const vatFils = withVat
    ? o.lines.length > 0
      ? o.lines.reduce((sum, l) => sum + includedVat(l.amountFils, rate), 0)
      : includedVat(o.amountFils, rate)
    : 0;
  const seriesNumber = await takeSeriesNumber(trx, "credit_note");
  const number = documentNumber("credit_note", seriesNumber);
  const input = { ...o, number, vatFils, withVat };
  const snapshot: DocumentSnapshot = {
    version: 1,
    kind: "credit_note",
    number,
    seriesNumber,
    orderNumber: o.order.order_number,
    issuedAt: o.issuedAt,
    language: o.order.language,
    isTest: o.original.kind === "test",
    sellerName: o.original.sellerName,
    sellerAddress: o.original.sellerAddress,
    trn: withVat ? o.original.trn : null,
    vatRate: rate,
    figures: {
      subtotalFils: o.amountFils,
      discountFils: 0,
      deliveryFils: 0,
      vatFils,
      totalFils: o.amountFils,
    },
    views: { en: creditView("en", input), ar: creditView("ar", input) },
  };
  const id = newId();
  await insertDocument(trx, {
    id,
    order_id: o.order.id,
    kind: "credit_note",
    series_number: seriesNumber,
    number,
    issued_at: o.issuedAt,
    snapshot: JSON.stringify(snapshot),
  });
  return { id, snapshot };
}
