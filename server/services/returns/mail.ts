import { courierName, SHOP_DELIVERY } from "#core/couriers.ts";
import type { Locale } from "#core/locale.ts";
import type { ReturnKindName } from "#core/schemas/returns.ts";
import type { OrderTable } from "../../db/schema.ts";
import type { MailMessage } from "../../integrations/mail.ts";

/**
 * The shopper's mail at each step of a return or exchange (decision 0032), in the order's language. The
 * refund itself is mailed by the refunds service (decision 0023) when the money is confirmed.
 */

export type MailedStep = "requested" | "approved" | "refused" | "received" | "shipped";

const copy = {
  en: {
    kinds: { return: "return", exchange: "exchange" },
    subject: {
      requested: "We received your {kind} request {number}",
      approved: "Your {kind} request {number} is approved",
      refused: "About your {kind} request {number}",
      received: "We received the items of {number}",
      shipped: "Your exchange {number} is on its way",
    },
    body: {
      requested:
        "Thank you. We received your {kind} request {number} for order {order} and will answer within 24 hours.",
      approvedReturn:
        "We approved your return {number} for order {order}. Please send the items back unworn, with their tags; we refund the items (not the delivery fee) once they reach us.",
      approvedExchange:
        "We approved your exchange {number} for order {order} and reserved the new size for you ({sizes}). Please send the items back unworn, with their tags.",
      refused: "We cannot accept your {kind} request {number} for order {order}.",
      receivedReturn: "Your items for {number} reached us. We are refunding them now.",
      receivedExchange: "Your items for {number} reached us. We are sending the new size now.",
      shipped: "We sent the new size for your exchange {number} ({sizes}) with {courier}.",
      tracking: "Tracking number: {tracking}",
      ownDriver: "Our own driver brings it to you.",
    },
    message: "Our message: {message}",
    thanks: "Thank you for shopping with {shop}.",
  },
  ar: {
    kinds: { return: "الإرجاع", exchange: "الاستبدال" },
    subject: {
      requested: "استلمنا طلب {kind} رقم {number}",
      approved: "تمت الموافقة على طلب {kind} رقم {number}",
      refused: "بخصوص طلب {kind} رقم {number}",
      received: "استلمنا قطع الطلب {number}",
      shipped: "الاستبدال {number} في الطريق إليكِ",
    },
    body: {
      requested: "شكرًا لكِ. استلمنا طلب {kind} رقم {number} للطلب {order}، وسنرد عليكِ خلال 24 ساعة.",
      approvedReturn:
        "وافقنا على طلب الإرجاع {number} للطلب {order}. يُرجى إعادة القطع غير ملبوسة وبملصقاتها، وسنرد ثمن القطع (دون رسوم التوصيل) عند وصولها إلينا.",
      approvedExchange:
        "وافقنا على طلب الاستبدال {number} للطلب {order} وحجزنا لكِ المقاس الجديد ({sizes}). يُرجى إعادة القطع غير ملبوسة وبملصقاتها.",
      refused: "نعتذر، لا يمكننا قبول طلب {kind} رقم {number} للطلب {order}.",
      receivedReturn: "وصلتنا قطع الطلب {number}، ونعمل الآن على رد المبلغ.",
      receivedExchange: "وصلتنا قطع الطلب {number}، ونرسل لكِ المقاس الجديد الآن.",
      shipped: "أرسلنا المقاس الجديد لطلب الاستبدال {number} ({sizes}) مع {courier}.",
      tracking: "رقم التتبع: {tracking}",
      ownDriver: "يوصله إليكِ مندوب المتجر.",
    },
    message: "رسالتنا: {message}",
    thanks: "شكرًا لتسوقكِ من {shop}.",
  },
} as const;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** Left-to-right values (numbers, codes) isolated inside an Arabic sentence. */
const isolate = (s: string, locale: Locale) => (locale === "ar" ? `\u2066${s}\u2069` : s);

export function returnMail(o: {
  order: OrderTable;
  step: MailedStep;
  kind: ReturnKindName;
  number: string;
  /** The exchange's new sizes, e.g. "L/56". */
  sizes: string;
  message: string | null;
  courier?: string | null;
  trackingNumber?: string | null;
  shopName: string;
}): MailMessage | undefined {
  if (!o.order.ship_email) return undefined;
  const locale: Locale = o.order.language === "ar" ? "ar" : "en";
  const c = copy[locale];
  const values = {
    kind: c.kinds[o.kind],
    number: isolate(o.number, locale),
    order: isolate(o.order.order_number, locale),
    sizes: o.sizes,
    courier: o.courier ? courierName(locale, o.courier) : "",
    tracking: isolate(o.trackingNumber ?? "", locale),
    message: o.message ?? "",
    shop: o.shopName,
  };
  const exchange = o.kind === "exchange";
  const first =
    o.step === "approved"
      ? exchange
        ? c.body.approvedExchange
        : c.body.approvedReturn
      : o.step === "received"
        ? exchange
          ? c.body.receivedExchange
          : c.body.receivedReturn
        : c.body[o.step];
  const paragraphs = [fill(first, values)];
  if (o.step === "shipped")
    paragraphs.push(
      o.courier === SHOP_DELIVERY || !o.trackingNumber ? c.body.ownDriver : fill(c.body.tracking, values),
    );
  if (o.message) paragraphs.push(fill(c.message, values));
  paragraphs.push(fill(c.thanks, values));
  const dir = locale === "ar" ? "rtl" : "ltr";
  return {
    kind: `order-return-${o.step}`,
    to: o.order.ship_email,
    subject: `${fill(c.subject[o.step], { ...values, number: o.number })} · ${o.shopName}`,
    text: paragraphs.join("\n\n"),
    html: `<div lang="${locale}" dir="${dir}">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`,
  };
}
