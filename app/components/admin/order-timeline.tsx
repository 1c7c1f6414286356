import type { TimelineEvent } from "#core/schemas/returns.ts";
import { formatDateTime, formatFils } from "./format";

/**
 * The order's timeline in the back office (decision 0032): the same events the shopper's order page
 * draws (the server's one timeline function), in the back office's English.
 */

const STEP_WORDS: Record<string, string> = {
  requested: "requested by the customer",
  approved: "approved",
  refused: "refused",
  received: "items received",
  refunded: "refunded",
  shipped: "new size shipped",
  accepted: "accepted",
  in_progress: "in progress",
  ready: "ready",
  returned: "returned to the customer",
};

export const timelineKey = (e: TimelineEvent) =>
  e.kind === "status"
    ? `status:${e.status}`
    : e.kind === "return" || e.kind === "alteration"
      ? `${e.kind}:${e.step}`
      : e.kind;

function describe(e: TimelineEvent): string {
  switch (e.kind) {
    case "placed":
      return e.paymentMode === "cod" ? "Placed (cash on delivery)" : "Placed";
    case "paid":
      return `${e.paymentMode === "cod" ? "Cash collected" : "Paid by card"}: ${formatFils(e.amountFils ?? 0)}`;
    case "refund":
      return `Refunded ${formatFils(e.amountFils ?? 0)}`;
    case "refund_pending":
      return `Refund of ${formatFils(e.amountFils ?? 0)} pending with Paymennt`;
    case "status":
      return e.status === "Shipped" && e.courier
        ? `Shipped with ${e.courier}`
        : e.status === "Cancelled"
          ? "Cancelled"
          : `Status: ${e.status}`;
    case "return":
      return `${e.returnKind === "exchange" ? "Exchange" : "Return"} ${e.returnNumber}: ${STEP_WORDS[e.step ?? ""] ?? e.step}`;
    case "alteration":
      return `Alteration ${e.returnNumber}: ${STEP_WORDS[e.step ?? ""] ?? e.step}`;
  }
}

export function AdminTimeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol
      className="relative flex flex-col gap-3 border-s border-neutral-300 ps-4 text-sm"
      data-testid="order-timeline"
    >
      {events.map((e, index) => (
        <li key={`${e.at}-${index}`} data-testid="timeline-event" data-event={timelineKey(e)}>
          <span className="font-medium">{describe(e)}</span>
          {e.trackingNumber ? <span className="block">Tracking number {e.trackingNumber}</span> : null}
          {e.message ? <span className="block">“{e.message}”</span> : null}
          <span className="block text-xs text-neutral-600">
            {formatDateTime(e.at)} · {e.actor}
          </span>
        </li>
      ))}
    </ol>
  );
}
