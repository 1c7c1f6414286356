import "./zod-setup.ts";
import { z } from "zod";

/**
 * An issued document (issue 21 finding 6; docs/decisions/0015-issued-documents.md): the tax invoice,
 * receipt or test document of an order, as it was issued when the order was placed. The snapshot holds
 * every text and figure the document shows, already worded and formatted, in English and in Arabic, so
 * every later view, print and mail draws exactly that, whatever the shop's settings say today.
 */

export const DOCUMENT_KINDS = ["tax_invoice", "receipt", "test", "credit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** The kinds an order is issued when placed (credit notes come later, from a refund). */
export type SaleDocumentKind = Exclude<DocumentKind, "credit_note">;

/** How each series' numbers are printed: INV-000001, RCT-000001, TEST-000001, CN-000001. */
export const DOCUMENT_PREFIX: Record<DocumentKind, string> = {
  tax_invoice: "INV",
  receipt: "RCT",
  test: "TEST",
  credit_note: "CN",
};

export function documentNumber(kind: DocumentKind, seriesNumber: number): string {
  return `${DOCUMENT_PREFIX[kind]}-${String(seriesNumber).padStart(6, "0")}`;
}

const pair = z.tuple([z.string(), z.string()]);

/** The document in one language: every string as it is shown. */
export const DocumentViewSchema = z.object({
  lang: z.enum(["en", "ar"]),
  dir: z.enum(["ltr", "rtl"]),
  title: z.string(),
  /** A test document's warning; null otherwise. */
  notice: z.string().nullable(),
  /** Number, date, order number, payment, delivery. */
  facts: z.array(pair),
  sellerHeading: z.string(),
  sellerName: z.string(),
  sellerAddress: z.string(),
  /** 'TRN: 100…' on a tax invoice; null otherwise. */
  trnLine: z.string().nullable(),
  buyerHeading: z.string(),
  buyerLines: z.array(z.string()),
  columns: z.object({
    description: z.string(),
    quantity: z.string(),
    unitPrice: z.string(),
    vat: z.string().nullable(),
    amount: z.string(),
  }),
  lines: z.array(
    z.object({
      description: z.string(),
      detail: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      vat: z.string().nullable(),
      amount: z.string(),
    }),
  ),
  /** Subtotal, discount, delivery, the VAT included, total. */
  totals: z.array(pair),
  footer: z.string(),
});
export type DocumentView = z.infer<typeof DocumentViewSchema>;

const fils = z.number().int().min(0);

export const DocumentSnapshotSchema = z.object({
  version: z.literal(1),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  seriesNumber: z.number().int().min(1),
  orderNumber: z.string(),
  issuedAt: z.string(),
  /** The order's language; both views are kept whatever it is. */
  language: z.enum(["en", "ar"]),
  isTest: z.boolean(),
  sellerName: z.object({ en: z.string(), ar: z.string() }),
  sellerAddress: z.string(),
  trn: z.string().nullable(),
  /** Percent as it was at issue, e.g. 5. */
  vatRate: z.number(),
  figures: z.object({
    subtotalFils: fils,
    discountFils: fils,
    deliveryFils: fils,
    vatFils: fils,
    totalFils: fils,
  }),
  views: z.object({ en: DocumentViewSchema, ar: DocumentViewSchema }),
});
export type DocumentSnapshot = z.infer<typeof DocumentSnapshotSchema>;

/** What the shop's and the shopper's screens get of an order's document. */
export const IssuedDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  /** The document drawn from its snapshot (core/document-html.ts), in English and Arabic. */
  html: z.object({ en: z.string(), ar: z.string() }),
});
export type IssuedDocument = z.infer<typeof IssuedDocumentSchema>;

/** GET /api/admin/orders/:id/document */
export const IssuedDocumentAnswerSchema = z.object({
  success: z.literal(true),
  document: IssuedDocumentSchema,
});
