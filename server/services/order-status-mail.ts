import { formatAed } from "#core/money.ts";
import type { OrderLineTable, OrderTable } from "../db/schema.ts";
import { escapeHtml, type MailMessage } from "../integrations/mail.ts";

/** The shopper's language for a mail; the lead wires `orders.language` into it. */
export type MailLocale = "en" | "ar";

type StatusText = { name: string; intro: string };

const TEXTS: Record<
  MailLocale,
  {
    statuses: Record<string, StatusText>;
    subject: (number: string, status: string) => string;
    order: string;
    items: string;
    total: string;
    note: string;
    questions: string;
  }
> = {
  en: {
    statuses: {
      "Order Placed": { name: "Order Placed", intro: "We have your order and will start on it soon." },
      Packing: { name: "Packing", intro: "We are packing your order." },
      Shipped: { name: "Shipped", intro: "Your order has left our warehouse and is on its way to you." },
      "Out for Delivery": {
        name: "Out for Delivery",
        intro: "Your order is out for delivery: our courier will reach you soon.",
      },
      Delivered: {
        name: "Delivered",
        intro: "Your order has been delivered. Thank you for shopping with us.",
      },
      Cancelled: {
        name: "Cancelled",
        intro:
          "Your order has been cancelled. If you paid online, your refund will reach you within 10 to 45 days.",
      },
    },
    subject: (number, status) => `Your order ${number} is now ${status}`,
    order: "Order",
    items: "Items",
    total: "Total",
    note: "Note from the shop",
    questions: "Questions? Reply to this e-mail or call us.",
  },
  ar: {
    statuses: {
      "Order Placed": { name: "تم استلام الطلب", intro: "استلمنا طلبك وسنبدأ بتجهيزه قريبًا." },
      Packing: { name: "قيد التغليف", intro: "نقوم الآن بتغليف طلبك." },
      Shipped: { name: "تم الشحن", intro: "غادر طلبك مستودعنا وهو في طريقه إليك." },
      "Out for Delivery": { name: "خرج للتوصيل", intro: "طلبك خرج للتوصيل، وسيصل إليك مندوبنا قريبًا." },
      Delivered: { name: "تم التوصيل", intro: "تم توصيل طلبك. شكرًا لتسوقك معنا." },
      Cancelled: {
        name: "أُلغي",
        intro: "تم إلغاء طلبك. إذا كنت قد دفعت عبر الإنترنت، فسيصلك المبلغ المسترد خلال 10 إلى 45 يومًا.",
      },
    },
    subject: (number, status) => `طلبك ${number}: ${status}`,
    order: "الطلب",
    items: "المنتجات",
    total: "الإجمالي",
    note: "ملاحظة من المتجر",
    questions: "لديك سؤال؟ رد على هذه الرسالة أو اتصل بنا.",
  },
};

/**
 * The mail a shopper gets when the shop moves their order (issue 15): the new status in words, the
 * lines and the total, in the shopper's language (English by default). None without an e-mail address.
 */
export function orderStatusMail(
  order: OrderTable,
  lines: OrderLineTable[],
  status: string,
  context: { shopName: string; phone: string; note?: string; locale?: MailLocale },
): MailMessage | undefined {
  if (!order.ship_email) return undefined;
  const locale: MailLocale = context.locale === "ar" ? "ar" : "en";
  const text = TEXTS[locale];
  const state = text.statuses[status] ?? { name: status, intro: "" };
  const amount = (fils: number) =>
    formatAed(fils, locale === "ar" ? "ar-AE" : "en-AE").replace(/\u00a0/g, " ");
  const items = lines.map(
    (l) => `${l.quantity} × ${l.name} (${l.size}): ${amount(Number(l.line_total_fils))}`,
  );
  const plain = [
    state.intro,
    "",
    `${text.order}: ${order.order_number} · ${state.name}`,
    ...(context.note ? ["", `${text.note}: ${context.note}`] : []),
    "",
    `${text.items}:`,
    ...items.map((i) => `  ${i}`),
    `${text.total}: ${amount(Number(order.total_fils))}`,
    "",
    `${text.questions} ${context.phone}`,
    context.shopName,
  ].join("\n");
  const dir = locale === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2420">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 8px;font-size:18px;font-weight:bold">${escapeHtml(context.shopName)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(state.intro)}</p>
<p style="margin:0 0 16px;font-size:15px"><strong>${escapeHtml(text.order)}: ${escapeHtml(order.order_number)}</strong> · ${escapeHtml(state.name)}</p>
${context.note ? `<p style="margin:0 0 16px;font-size:14px"><strong>${escapeHtml(text.note)}:</strong> ${escapeHtml(context.note)}</p>` : ""}
<ul style="margin:0 0 16px;padding-inline-start:20px;font-size:14px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>
<p style="margin:0 0 16px;font-size:14px"><strong>${escapeHtml(text.total)}:</strong> ${escapeHtml(amount(Number(order.total_fils)))}</p>
<p style="margin:0;font-size:13px;color:#6b625b">${escapeHtml(text.questions)} ${escapeHtml(context.phone)}</p>
</div></body></html>`;
  return {
    kind: "order-status",
    to: order.ship_email,
    subject: text.subject(order.order_number, state.name),
    text: plain,
    html,
  };
}
