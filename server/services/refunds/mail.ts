import { formatNumber } from "#core/i18n/format.ts";
import type { Locale } from "#core/locale.ts";
import type { OrderTable } from "../../db/schema.ts";
import type { MailMessage } from "../../integrations/mail.ts";

/**
 * The shopper's mail when money is refunded (issue 24; decision 0023), in the order's language. Card
 * refunds reach the card in 1 to 5 working days (Paymennt's guide); the mail says so. Test orders say
 * no money was taken.
 */

const copy = {
  en: {
    subject: "Refund of {amount} for order {number}",
    card: "We have refunded {amount} to the card you paid order {number} with. Banks take 1 to 5 working days to show it on your statement.",
    manual: "We have refunded {amount} for order {number} ({method}).",
    methods: {
      cash: "in cash",
      bank_transfer: "by bank transfer",
      paymennt: "to your card",
      paymennt_dashboard: "to your card",
    },
    reason: "Reason: {reason}",
    creditNote: "Credit note: {creditNote}",
    test: "This was a test order: no money was taken and none is refunded.",
    thanks: "Thank you for shopping with {shop}.",
    currency: "AED {value}",
  },
  ar: {
    subject: "استرداد {amount} للطلب {number}",
    card: "أعدنا {amount} إلى البطاقة التي دفعتِ بها الطلب {number}. تحتاج البنوك من يوم إلى 5 أيام عمل لإظهار المبلغ في كشف حسابك.",
    manual: "أعدنا {amount} عن الطلب {number} ({method}).",
    methods: {
      cash: "نقدًا",
      bank_transfer: "بتحويل بنكي",
      paymennt: "إلى بطاقتك",
      paymennt_dashboard: "إلى بطاقتك",
    },
    reason: "السبب: {reason}",
    creditNote: "الإشعار الدائن: {creditNote}",
    test: "كان هذا طلبًا تجريبيًا: لم يُؤخذ أي مبلغ ولا يُرد أي مبلغ.",
    thanks: "شكرًا لتسوقك من {shop}.",
    currency: "{value} {label}",
  },
} as const;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function refundMail(o: {
  order: OrderTable;
  amountFils: number;
  method: keyof (typeof copy)["en"]["methods"];
  reason: string;
  creditNote: string;
  isTest: boolean;
  shopName: string;
  currencyAr: string;
}): MailMessage | undefined {
  if (!o.order.ship_email) return undefined;
  const locale: Locale = o.order.language === "ar" ? "ar" : "en";
  const c = copy[locale];
  const value = formatNumber(o.amountFils / 100, locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const amount = fill(c.currency, { value, label: o.currencyAr });
  const values = { amount, number: o.order.order_number, method: c.methods[o.method], reason: o.reason };
  const card = o.method === "paymennt" || o.method === "paymennt_dashboard";
  const paragraphs = [
    fill(card ? c.card : c.manual, values),
    fill(c.reason, values),
    fill(c.creditNote, { creditNote: o.creditNote }),
    ...(o.isTest ? [c.test] : []),
    fill(c.thanks, { shop: o.shopName }),
  ];
  const dir = locale === "ar" ? "rtl" : "ltr";
  return {
    kind: "order-refund",
    to: o.order.ship_email,
    subject: `${o.isTest ? "[TEST] " : ""}${fill(c.subject, values)} · ${o.shopName}`,
    text: paragraphs.join("\n\n"),
    html: `<div lang="${locale}" dir="${dir}">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`,
  };
}
