import type { Locale } from "./locale.ts";

/**
 * The words of issued documents (decision 0015) and of test orders' mails, in English and Arabic.
 * Server-only: they are written into a document's snapshot when it is issued, never read again for it.
 */
export const documentCopy = {
  en: {
    title: {
      tax_invoice: "Tax Invoice",
      receipt: "Receipt",
      test: "Test document — not a tax invoice",
      credit_note: "Tax Credit Note",
    },
    number: {
      tax_invoice: "Invoice number",
      receipt: "Receipt number",
      test: "Document number",
      credit_note: "Credit note number",
    },
    testNotice: "Test order: paid through the test payment sandbox. No money was taken.",
    date: "Date",
    order: "Order number",
    payment: "Payment",
    paymentCod: "Cash on delivery",
    paymentOnline: "Paid online",
    paymentTest: "Test payment, no money taken",
    delivery: "Delivery",
    seller: "Sold by",
    trn: "TRN: {trn}",
    buyer: "Deliver to",
    description: "Description",
    quantity: "Qty",
    unitPrice: "Unit price (AED)",
    vat: "VAT (AED)",
    amount: "Amount (AED)",
    lineDetail: "Size {size} · Colour {color}",
    lineDetailNoColor: "Size {size}",
    subtotal: "Subtotal",
    discount: "Discount",
    discountCode: "Discount (code {code})",
    lineDiscount: "Code discount −{amount}",
    deliveryVat: "VAT {rate}% in delivery",
    deliveryCharge: "Delivery",
    free: "Free",
    vatIncluded: "VAT {rate}% included",
    total: "Total (AED)",
    pricesInclusive: "All prices are in AED and include VAT at {rate}%.",
    pricesAed: "All prices are in AED.",
    testFooter: "This document is not a tax invoice and records no sale.",
    /** Test orders' mails. */
    testSubject: "[TEST ORDER, no money taken] {subject}",
    testMailLine:
      "This is a test order: it was paid through the test payment sandbox and no money was taken.",
  },
  ar: {
    title: {
      tax_invoice: "فاتورة ضريبية",
      receipt: "إيصال",
      test: "مستند تجريبي — ليس فاتورة ضريبية",
      credit_note: "إشعار دائن ضريبي",
    },
    number: {
      tax_invoice: "رقم الفاتورة",
      receipt: "رقم الإيصال",
      test: "رقم المستند",
      credit_note: "رقم الإشعار الدائن",
    },
    testNotice: "طلب تجريبي: دُفع عبر بيئة الدفع التجريبية. لم يُؤخذ أي مبلغ.",
    date: "التاريخ",
    order: "رقم الطلب",
    payment: "الدفع",
    paymentCod: "الدفع عند الاستلام",
    paymentOnline: "مدفوع عبر الإنترنت",
    paymentTest: "دفع تجريبي، لم يُؤخذ أي مبلغ",
    delivery: "التوصيل",
    seller: "البائع",
    trn: "الرقم الضريبي: \u2066{trn}\u2069",
    buyer: "التوصيل إلى",
    description: "الوصف",
    quantity: "الكمية",
    unitPrice: "سعر الوحدة (د.إ)",
    vat: "الضريبة (د.إ)",
    amount: "المبلغ (د.إ)",
    lineDetail: "المقاس {size} · اللون {color}",
    lineDetailNoColor: "المقاس {size}",
    subtotal: "المجموع الفرعي",
    discount: "الخصم",
    discountCode: "الخصم (الرمز {code})",
    lineDiscount: "خصم الرمز −{amount}",
    deliveryVat: "ضريبة القيمة المضافة {rate}% في التوصيل",
    deliveryCharge: "التوصيل",
    free: "مجاني",
    vatIncluded: "شامل ضريبة القيمة المضافة {rate}%",
    total: "الإجمالي (د.إ)",
    pricesInclusive: "جميع الأسعار بالدرهم الإماراتي وشاملة ضريبة القيمة المضافة بنسبة {rate}%.",
    pricesAed: "جميع الأسعار بالدرهم الإماراتي.",
    testFooter: "هذا المستند ليس فاتورة ضريبية ولا يثبت أي عملية بيع.",
    testSubject: "[طلب تجريبي، لم يُؤخذ أي مبلغ] {subject}",
    testMailLine: "هذا طلب تجريبي: دُفع عبر بيئة الدفع التجريبية ولم يُؤخذ أي مبلغ.",
  },
} satisfies Record<Locale, unknown>;

export type DocumentCopy = (typeof documentCopy)["en"];

export const fillIn = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
