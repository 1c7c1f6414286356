import type { Locale } from "./locale.ts";

/**
 * The words of credit notes (issue 24; decision 0023) that issued sale documents do not already have
 * (core/i18n/documents.ts). Server-only, written into the credit note's snapshot when it is issued.
 */
export const creditNoteCopy = {
  en: {
    title: { withVat: "Tax Credit Note", plain: "Credit Note", test: "Test credit note — no money refunded" },
    original: "Original invoice",
    reason: "Reason",
    refundMethod: "Refunded by",
    methods: {
      paymennt: "Card refund through Paymennt",
      paymennt_dashboard: "Card refund in Paymennt's dashboard",
      cash: "Cash",
      bank_transfer: "Bank transfer",
      cancellation: "Cancellation of the order",
    },
    amountLine: "Refund: {reason}",
    amountDetail: "Part of the order's amount",
    credited: "Total credited (AED)",
    footerVat: "This credit note reduces the original invoice by the amount above, VAT at {rate}% included.",
    footerPlain: "This credit note reduces the original document by the amount above.",
    testNotice: "Test order: no money was taken and none is refunded.",
    cancelled: "Order cancelled",
  },
  ar: {
    title: { withVat: "إشعار دائن ضريبي", plain: "إشعار دائن", test: "إشعار دائن تجريبي — لم يُرد أي مبلغ" },
    original: "الفاتورة الأصلية",
    reason: "السبب",
    refundMethod: "طريقة الاسترداد",
    methods: {
      paymennt: "استرداد إلى البطاقة عبر Paymennt",
      paymennt_dashboard: "استرداد إلى البطاقة من لوحة Paymennt",
      cash: "نقدًا",
      bank_transfer: "تحويل بنكي",
      cancellation: "إلغاء الطلب",
    },
    amountLine: "استرداد: {reason}",
    amountDetail: "جزء من مبلغ الطلب",
    credited: "إجمالي المبلغ الدائن (د.إ)",
    footerVat:
      "يخفّض هذا الإشعار الدائن الفاتورة الأصلية بالمبلغ أعلاه، شاملًا ضريبة القيمة المضافة بنسبة {rate}%.",
    footerPlain: "يخفّض هذا الإشعار الدائن المستند الأصلي بالمبلغ أعلاه.",
    testNotice: "طلب تجريبي: لم يُؤخذ أي مبلغ ولا يُرد أي مبلغ.",
    cancelled: "إلغاء الطلب",
  },
} satisfies Record<Locale, unknown>;

export type CreditNoteMethod = keyof (typeof creditNoteCopy)["en"]["methods"];
