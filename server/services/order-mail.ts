import { tOrder } from "#core/i18n/en-orders.ts";
import { formatAed } from "#core/money.ts";
import type { OrderLineTable, OrderTable } from "../db/schema.ts";
import { escapeHtml, type MailMessage } from "../integrations/mail.ts";

/**
 * The order confirmation to the shopper and the new-order mail to the shop (issue 11): order number,
 * lines, totals, address and delivery type. Plain text plus a simple HTML copy, like the code mails.
 */

interface MailContext {
  shopName: string;
  vatRate: number;
  trn: string | null;
}

function summary(order: OrderTable, lines: OrderLineTable[], context: MailContext) {
  const items = lines.map(
    (l) =>
      `${l.quantity} × ${l.name} (${l.size}${l.color ? `, ${l.color}` : ""}): ${formatAed(l.line_total_fils)}`,
  );
  const address = [
    `${order.ship_first_name} ${order.ship_last_name}`.trim(),
    order.ship_address,
    order.ship_landmark,
    `${order.ship_city}, ${order.ship_state} ${order.ship_postcode}`.trim(),
    order.ship_country,
    order.ship_phone,
  ].filter(Boolean);
  const totals: [string, string][] = [
    [tOrder("orderMail.subtotal"), formatAed(order.subtotal_fils)],
    [
      tOrder("orderMail.shipping"),
      order.shipping_fils === 0 ? tOrder("orderMail.free") : formatAed(order.shipping_fils),
    ],
    [tOrder("orderMail.total"), formatAed(order.total_fils)],
  ];
  if (context.trn)
    totals.push([tOrder("orderMail.vatIncluded", { rate: context.vatRate }), formatAed(order.tax_fils)]);
  const facts: [string, string][] = [
    [tOrder("orderMail.order"), order.order_number],
    [tOrder("orderMail.delivery"), order.delivery_type],
    [
      tOrder("orderMail.payment"),
      order.payment_mode === "cod" ? tOrder("orderMail.paymentCod") : tOrder("orderMail.paymentOnline"),
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
) {
  const s = summary(order, lines, context);
  const text = [
    intro,
    ...extra,
    "",
    ...s.facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `${tOrder("orderMail.items")}:`,
    ...s.items.map((i) => `  ${i}`),
    "",
    ...s.totals.map(([k, v]) => `${k}: ${v}`),
    "",
    `${tOrder("orderMail.deliverTo")}:`,
    ...s.address.map((a) => `  ${a}`),
    "",
    context.shopName,
  ].join("\n");
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join("");
  const html = `<p>${escapeHtml(intro)}</p>${extra.map((e) => `<p><strong>${escapeHtml(e)}</strong></p>`).join("")}
<table>${rows(s.facts)}</table>
<h2>${escapeHtml(tOrder("orderMail.items"))}</h2><ul>${s.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>
<table>${rows(s.totals)}</table>
<h2>${escapeHtml(tOrder("orderMail.deliverTo"))}</h2><p>${s.address.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(context.shopName)}</p>`;
  return { text, html };
}

export function orderConfirmationMail(
  order: OrderTable,
  lines: OrderLineTable[],
  context: MailContext,
): MailMessage | undefined {
  if (!order.ship_email) return undefined;
  return {
    kind: "order-confirmation",
    to: order.ship_email,
    subject: tOrder("orderMail.confirmSubject", { number: order.order_number, shop: context.shopName }),
    ...render(tOrder("orderMail.confirmIntro"), order, lines, context, []),
  };
}

export function newOrderMail(
  order: OrderTable,
  lines: OrderLineTable[],
  context: MailContext & { shopEmail: string },
): MailMessage {
  const extra =
    order.needs_attention && order.attention_reason
      ? [tOrder("orderMail.attention", { reason: order.attention_reason })]
      : [];
  return {
    kind: "order-new",
    to: context.shopEmail,
    // A plain space in the subject: some mail clients show an encoded non-breaking space as-is.
    subject: tOrder("orderMail.shopSubject", {
      number: order.order_number,
      total: formatAed(order.total_fils).replace(/\u00a0/g, " "),
    }),
    ...render(tOrder("orderMail.shopIntro"), order, lines, context, extra),
  };
}
