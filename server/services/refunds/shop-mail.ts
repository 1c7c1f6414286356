import type { OrderLineTable, OrderTable } from "../../db/schema.ts";
import type { MailMessage } from "../../integrations/mail.ts";
import { money } from "./settle.ts";

/**
 * The shop's mails about a shopper's own cancellation (issue 24; decision 0031), in English like the
 * shop's new-order mail: the cancellation itself, and an automatic refund that did not go through (the
 * order then needs attention). Sent to the shop's address through the outbox.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function message(kind: string, to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    kind,
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html: `<div lang="en" dir="ltr">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`,
  };
}

/** What happens to the money, as the shop reads it. */
export type MoneyPlan = "refund" | "void" | "none";

export function shopCancellationMail(o: {
  order: OrderTable;
  lines: OrderLineTable[];
  plan: MoneyPlan;
  shopEmail: string;
  shopName: string;
}): MailMessage {
  const { order } = o;
  const customer = `${order.ship_first_name} ${order.ship_last_name}`.trim();
  const money_ =
    o.plan === "refund"
      ? `The card payment of ${money(Number(order.total_fils))} is being refunded in full through Paymennt; you will see the outcome on the order.`
      : o.plan === "void"
        ? "Paymennt holds an authorisation that was never captured: void it in Paymennt's dashboard (the store has no void call). The order needs attention until then."
        : "Nothing was charged for this order: there is nothing to refund.";
  return message(
    "order-cancelled-by-shopper",
    o.shopEmail,
    `Order ${order.order_number} cancelled by the customer · ${o.shopName}`,
    [
      `${customer || "The customer"} cancelled order ${order.order_number} from My Account. Its items are back in stock; do not pack it.`,
      ...o.lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color})`),
      money_,
    ],
  );
}

export function shopAttentionMail(o: {
  order: OrderTable;
  reason: string;
  shopEmail: string;
  shopName: string;
}): MailMessage {
  return message(
    "order-needs-attention",
    o.shopEmail,
    `Needs attention: order ${o.order.order_number} · ${o.shopName}`,
    [
      `Order ${o.order.order_number} was cancelled by the customer, but its automatic refund did not go through.`,
      `Needs attention: ${o.reason}`,
      "Open the order in the back office to settle the refund (retry it, or record it refunded in Paymennt's dashboard).",
    ],
  );
}
