import { EMIRATES } from "#core/constants.ts";
import { courierName } from "#core/couriers.ts";
import { arAccount } from "#core/i18n/ar-account.ts";
import { tOrderIn } from "#core/i18n/ar-orders.ts";
import { documentCopy } from "#core/i18n/documents.ts";
import { type CurrencyLabelAr, formatMoney } from "#core/i18n/format.ts";
import { DELIVERY_TYPES_AR, orderStatusMailCopy, orderStatusName } from "#core/i18n/order-status-mail.ts";
import type { Locale } from "#core/locale.ts";
import { formatAed } from "#core/money.ts";
import type { OrderLineTable, OrderTable } from "../db/schema.ts";
import { escapeHtml, type MailMessage } from "../integrations/mail.ts";

/**
 * The order confirmation to the shopper and the new-order mail to the shop (issue 11): order number,
 * lines, totals, address and delivery type. Plain text plus a simple HTML copy, like the code mails.
 * The shopper's mails go out in the order's language (issue 14); the shop's stay English.
 */

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export interface MailContext {
  shopName: string;
  vatRate: number;
  trn: string | null;
  /** Arabic mails: the shop's Arabic name, the dirham's label and the colours' Arabic names. */
  shopNameAr?: string;
  currencyAr?: CurrencyLabelAr;
  colorNamesAr?: ReadonlyMap<string, string>;
  /** A test order (decision 0015): the subject and the first line say no money was taken. */
  isTest?: boolean;
}

/** A test order's mail says so in its subject and first line (issue 21 finding 1). */
function marked(mail: MailMessage, context: MailContext, locale: Locale): MailMessage {
  if (!context.isTest) return mail;
  const copy = documentCopy[locale];
  return { ...mail, subject: copy.testSubject.replace("{subject}", mail.subject) };
}

const testLine = (context: MailContext, locale: Locale): string[] =>
  context.isTest ? [documentCopy[locale].testMailLine] : [];

const arPlaces = arAccount as Record<string, string>;
const PLACES_AR: Record<string, string> = Object.fromEntries([
  ...EMIRATES.map((e) => [e, arPlaces[`address.emirate.${e.replace(/\s+/g, "")}`] ?? e]),
  ["UAE", arAccount["address.countryShort"]],
]);

/** An emirate or the country in a language (the address form stores their English names). */
export const placeName = (locale: Locale, name: string): string =>
  locale === "ar" ? (PLACES_AR[name] ?? name) : name;

function wording(locale: Locale, context: MailContext) {
  const ar = locale === "ar";
  return {
    t: (key: Parameters<typeof tOrderIn>[1], values?: Record<string, string | number>) =>
      tOrderIn(locale, key, values),
    money: (fils: number) => (ar ? formatMoney(fils, "ar", context.currencyAr) : formatAed(fils)),
    shop: ar ? (context.shopNameAr ?? context.shopName) : context.shopName,
    name: (line: OrderLineTable) => (ar ? (line.name_ar ?? line.name) : line.name),
    color: (color: string) => (ar ? (context.colorNamesAr?.get(color) ?? color) : color),
    delivery: (type: string) => (ar ? (DELIVERY_TYPES_AR[type] ?? type) : type),
    /** An emirate or the country in the mail's language (the address form stores their English names). */
    place: (name: string) => placeName(locale, name),
  };
}

function summary(order: OrderTable, lines: OrderLineTable[], context: MailContext, locale: Locale) {
  const w = wording(locale, context);
  const items = lines.map(
    (l) =>
      // A stitching quote's line (decision 0043) has no size or colour.
      `${l.quantity} × ${w.name(l)}${l.size ? ` (${l.size}${l.color ? `, ${w.color(l.color)}` : ""})` : ""}: ${w.money(l.line_total_fils)}`,
  );
  const address = [
    `${order.ship_first_name} ${order.ship_last_name}`.trim(),
    order.ship_address,
    order.ship_landmark,
    `${order.ship_city}, ${w.place(order.ship_state)} ${order.ship_postcode}`.trim(),
    w.place(order.ship_country),
    order.ship_phone,
  ].filter(Boolean);
  const totals: [string, string][] = [
    [w.t("orderMail.subtotal"), w.money(order.subtotal_fils)],
    // Issue 28: a code's discount, so that the rows add up to the total.
    ...(order.discount_code
      ? [
          [
            w.t("orderMail.discount", { code: order.discount_code }),
            `−${w.money(Number(order.discount_fils ?? 0))}`,
          ] as [string, string],
        ]
      : []),
    [
      w.t("orderMail.shipping"),
      order.shipping_fils === 0 ? w.t("orderMail.free") : w.money(order.shipping_fils),
    ],
    [w.t("orderMail.total"), w.money(order.total_fils)],
  ];
  if (context.trn)
    totals.push([w.t("orderMail.vatIncluded", { rate: context.vatRate }), w.money(order.tax_fils)]);
  const facts: [string, string][] = [
    [w.t("orderMail.order"), order.order_number],
    [w.t("orderMail.delivery"), w.delivery(order.delivery_type)],
    [
      w.t("orderMail.payment"),
      order.payment_mode === "cod" ? w.t("orderMail.paymentCod") : w.t("orderMail.paymentOnline"),
    ],
  ];
  return { items, address, totals, facts };
}

function render(
  intro: string,
  order: OrderTable,
  lines: OrderLineTable[],
  context: MailContext,
  extra: string[],
  locale: Locale = "en",
) {
  const w = wording(locale, context);
  const s = summary(order, lines, context, locale);
  const text = [
    intro,
    ...extra,
    "",
    ...s.facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `${w.t("orderMail.items")}:`,
    ...s.items.map((i) => `  ${i}`),
    "",
    ...s.totals.map(([k, v]) => `${k}: ${v}`),
    "",
    `${w.t("orderMail.deliverTo")}:`,
    ...s.address.map((a) => `  ${a}`),
    "",
    w.shop,
  ].join("\n");
  // In Arabic, numbers, phones and typed text keep their own direction (decision 0024): `<bdi>`.
  const own = (value: string) => (locale === "ar" ? `<bdi>${escapeHtml(value)}</bdi>` : escapeHtml(value));
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(
        ([k, v]) =>
          `<tr><th align="${locale === "ar" ? "right" : "left"}">${escapeHtml(k)}</th><td>${own(v)}</td></tr>`,
      )
      .join("");
  const body = `<p>${escapeHtml(intro)}</p>${extra.map((e) => `<p><strong>${escapeHtml(e)}</strong></p>`).join("")}
<table>${rows(s.facts)}</table>
<h2>${escapeHtml(w.t("orderMail.items"))}</h2><ul>${s.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>
<table>${rows(s.totals)}</table>
<h2>${escapeHtml(w.t("orderMail.deliverTo"))}</h2><p>${s.address.map(own).join("<br>")}</p>
<p>${escapeHtml(w.shop)}</p>`;
  // English mails keep the markup they always had; Arabic ones read right to left.
  const html = locale === "ar" ? `<div dir="rtl" lang="ar">${body}</div>` : body;
  return { text, html };
}

/** To the shopper, in the order's language. */
export function orderConfirmationMail(
  order: OrderTable,
  lines: OrderLineTable[],
  context: MailContext,
): MailMessage | undefined {
  if (!order.ship_email) return undefined;
  const locale = order.language;
  const w = wording(locale, context);
  return marked(
    {
      kind: "order-confirmation",
      to: order.ship_email,
      subject: w.t("orderMail.confirmSubject", { number: order.order_number, shop: w.shop }),
      ...render(w.t("orderMail.confirmIntro"), order, lines, context, testLine(context, locale), locale),
    },
    context,
    locale,
  );
}

export function newOrderMail(
  order: OrderTable,
  lines: OrderLineTable[],
  context: MailContext & { shopEmail: string },
): MailMessage {
  const w = wording("en", context);
  const extra = [
    ...testLine(context, "en"),
    ...(order.needs_attention && order.attention_reason
      ? [w.t("orderMail.attention", { reason: order.attention_reason })]
      : []),
  ];
  return marked(
    {
      kind: "order-new",
      to: context.shopEmail,
      // A plain space in the subject: some mail clients show an encoded non-breaking space as-is.
      subject: w.t("orderMail.shopSubject", {
        number: order.order_number,
        total: formatAed(order.total_fils).replace(/\u00a0/g, " "),
      }),
      ...render(w.t("orderMail.shopIntro"), order, lines, context, extra),
    },
    context,
    "en",
  );
}

/**
 * Issue 14: the mail telling the shopper their order's status changed (the back office calls it when
 * the owner moves an order), in `locale` (the order's language, `order.language`). The status is the
 * stored English value; Arabic mails name it in Arabic. Undefined when the order has no e-mail.
 */
/** Issue 24: what happens to the money of a cancelled order, by how it was paid. */
function cancelledMoneyLine(order: OrderTable, locale: Locale, context: MailContext): string {
  const copy = orderStatusMailCopy[locale].cancelledMoney;
  const amount = wording(locale, context).money(Number(order.total_fils));
  if (order.payment_status === "refunded") return fill(copy.refunded, { amount });
  if (order.payment_status !== "paid") return copy.unpaid;
  return fill(order.payment_mode === "online" ? copy.card : copy.cash, { amount });
}

export function orderStatusMail(options: {
  order: OrderTable;
  lines: OrderLineTable[];
  status: string;
  locale: Locale;
  /** The shop's words for the shopper with this change (a courier's name, a tracking number). */
  note?: string | undefined;
  /** The courier and tracking number it was shipped with (issue 26). */
  shipping?: { courier: string; trackingNumber: string | null } | undefined;
  context: MailContext & { shopPhone: string; shopEmail: string };
}): MailMessage | undefined {
  const { order, lines, status, locale, context, note, shipping } = options;
  if (!order.ship_email) return undefined;
  const copy = orderStatusMailCopy[locale];
  const w = wording(locale, context);
  const values = { number: order.order_number, status: orderStatusName(locale, status) };
  const intro = fill(copy.intros[status] ?? copy.other, values);
  const questions = fill(copy.questions, { phone: context.shopPhone, email: context.shopEmail });
  const courier = shipping ? courierName(locale, shipping.courier) : "";
  const extra = [
    ...testLine(context, locale),
    ...(shipping
      ? [
          shipping.trackingNumber
            ? fill(copy.tracking, { courier, tracking: shipping.trackingNumber })
            : copy.ownDelivery,
        ]
      : []),
    ...(status === "Cancelled" && !context.isTest ? [cancelledMoneyLine(order, locale, context)] : []),
    ...(note ? [fill(copy.note, { note }), questions] : [questions]),
  ];
  const { text, html } = render(intro, order, lines, context, extra, locale);
  return marked(
    {
      kind: "order-status",
      to: order.ship_email,
      subject: `${fill(copy.subject, values)} · ${w.shop}`,
      text,
      html,
    },
    context,
    locale,
  );
}
