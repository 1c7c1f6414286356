import type { Locale } from "#core/locale.ts";
import type { AlterationStatusName } from "#core/schemas/quotes.ts";
import type { MailMessage } from "../../integrations/mail.ts";

/**
 * The shopper's mails about a stitching quote and an alteration (decision 0043), in her language: the
 * request's for a quote, the order's for an alteration.
 */

export type AlterationMailed = Exclude<AlterationStatusName, "in_progress">;

const copy = {
  en: {
    quoteSubject: "Your stitching quote {number}",
    quoteIntro: "Thank you for your stitching request {reference}. Here is our quote {number}:",
    quoteLine: "{description} × {quantity}: {amount}",
    quoteTotal: "Total (VAT included): {amount}",
    quoteReady: "Ready by {date}.",
    quoteExpires: "The quote is valid until {date}.",
    quoteAccept: "Accept it in My Account, under Requests, and pay online or on delivery: {link}",
    alterationSubject: {
      requested: "We received your alteration request {number}",
      accepted: "Your alteration request {number} is accepted",
      refused: "About your alteration request {number}",
      ready: "Your alteration {number} is ready",
      returned: "Your altered item {number} is on its way back",
    },
    alterationBody: {
      requested: "We received your alteration request {number} for '{item}' of order {order}.",
      accepted: "We accepted your alteration request {number} for '{item}'. We will collect the item.",
      refused: "We cannot accept your alteration request {number} for '{item}'.",
      ready: "Your alteration {number} for '{item}' is done.",
      returned: "We sent '{item}' back to you after its alteration {number}.",
    },
    message: "Our message: {message}",
    thanks: "Thank you, {shop}.",
    currency: "AED",
  },
  ar: {
    quoteSubject: "عرض سعر الخياطة {number}",
    quoteIntro: "شكرًا لطلب الخياطة {reference}. إليكِ عرض السعر {number}:",
    quoteLine: "{description} × {quantity}: {amount}",
    quoteTotal: "الإجمالي (شامل ضريبة القيمة المضافة): {amount}",
    quoteReady: "جاهز بتاريخ {date}.",
    quoteExpires: "العرض صالح حتى {date}.",
    quoteAccept: "اقبلي العرض من حسابي، في قسم الطلبات، وادفعي عبر الإنترنت أو عند الاستلام: {link}",
    alterationSubject: {
      requested: "استلمنا طلب التعديل {number}",
      accepted: "تم قبول طلب التعديل {number}",
      refused: "بخصوص طلب التعديل {number}",
      ready: "التعديل {number} جاهز",
      returned: "القطعة المعدلة {number} في الطريق إليكِ",
    },
    alterationBody: {
      requested: "استلمنا طلب التعديل {number} على «{item}» من الطلب {order}.",
      accepted: "قبلنا طلب التعديل {number} على «{item}»، وسنستلم القطعة منكِ.",
      refused: "نعتذر، لا يمكننا قبول طلب التعديل {number} على «{item}».",
      ready: "انتهينا من التعديل {number} على «{item}».",
      returned: "أرسلنا إليكِ «{item}» بعد التعديل {number}.",
    },
    message: "رسالتنا: {message}",
    thanks: "شكرًا لكِ، {shop}.",
    currency: "درهم",
  },
} as const;

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** Left-to-right values (numbers, codes) isolated inside an Arabic sentence. */
const isolate = (s: string, locale: Locale) => (locale === "ar" ? `\u2066${s}\u2069` : s);
const money = (fils: number, locale: Locale) =>
  isolate(`${copy[locale].currency} ${(fils / 100).toFixed(2)}`, locale);

function message(locale: Locale, kind: string, to: string, subject: string, paragraphs: string[]) {
  const dir = locale === "ar" ? "rtl" : "ltr";
  return {
    kind,
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html: `<div lang="${locale}" dir="${dir}">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`,
  } satisfies MailMessage;
}

export function quoteMail(o: {
  to: string;
  language: Locale;
  number: string;
  reference: string;
  lines: { description: string; quantity: number; lineTotalFils: number }[];
  totalFils: number;
  readyDate: string;
  expiresAt: string;
  note: string | null;
  accountUrl: string;
  shopName: string;
}): MailMessage {
  const locale = o.language;
  const c = copy[locale];
  const values = {
    number: isolate(o.number, locale),
    reference: isolate(o.reference, locale),
    shop: o.shopName,
    link: o.accountUrl,
    message: o.note ?? "",
  };
  const paragraphs = [
    fill(c.quoteIntro, values),
    o.lines
      .map((l) =>
        fill(c.quoteLine, {
          description: l.description,
          quantity: String(l.quantity),
          amount: money(l.lineTotalFils, locale),
        }),
      )
      .join("\n"),
    fill(c.quoteTotal, { amount: money(o.totalFils, locale) }),
    fill(c.quoteReady, { date: isolate(o.readyDate, locale) }),
    fill(c.quoteExpires, { date: isolate(o.expiresAt.slice(0, 10), locale) }),
    ...(o.note ? [fill(c.message, values)] : []),
    fill(c.quoteAccept, values),
    fill(c.thanks, values),
  ];
  return message(
    locale,
    "stitching-quote",
    o.to,
    `${fill(c.quoteSubject, { number: o.number })} · ${o.shopName}`,
    paragraphs,
  );
}

export function alterationMail(o: {
  to: string;
  language: Locale;
  step: AlterationMailed;
  number: string;
  orderNumber: string;
  item: string;
  message: string | null;
  shopName: string;
}): MailMessage {
  const locale = o.language;
  const c = copy[locale];
  const values = {
    number: isolate(o.number, locale),
    order: isolate(o.orderNumber, locale),
    item: o.item,
    message: o.message ?? "",
    shop: o.shopName,
  };
  const paragraphs = [
    fill(c.alterationBody[o.step], values),
    ...(o.message ? [fill(c.message, values)] : []),
    fill(c.thanks, values),
  ];
  return message(
    locale,
    `alteration-${o.step}`,
    o.to,
    `${fill(c.alterationSubject[o.step], { number: o.number })} · ${o.shopName}`,
    paragraphs,
  );
}
