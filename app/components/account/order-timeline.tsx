import type { ORDER_STATUSES } from "#core/constants.ts";
import { courierName } from "#core/couriers.ts";
import type { AlterationStatusName } from "#core/schemas/quotes.ts";
import type { ReturnStep, TimelineEvent } from "#core/schemas/returns.ts";
import { useFormat, useT } from "../../lib/i18n";

type Status = (typeof ORDER_STATUSES)[number];
const KNOWN: readonly string[] = ["Order Placed", "Packing", "Shipped", "Out for Delivery", "Delivered"];

/** The key of an event as tests and both screens compare it: `placed`, `status:Shipped`, `return:approved`… */
export const eventKey = (e: TimelineEvent) =>
  e.kind === "status"
    ? `status:${e.status}`
    : e.kind === "return" || e.kind === "alteration"
      ? `${e.kind}:${e.step}`
      : e.kind;

/**
 * The order's timeline in My Account (decision 0032): what the server's one timeline function says,
 * in the page's language, oldest first. The back office draws the same events in English.
 */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  const t = useT();
  const { money, locale, date } = useFormat();
  const text = (e: TimelineEvent): string => {
    const amount = money(e.amountFils ?? 0);
    switch (e.kind) {
      case "placed":
        return e.paymentMode === "cod" ? t("aftersale.timeline.placedCod") : t("aftersale.timeline.placed");
      case "paid":
        return t(e.paymentMode === "cod" ? "aftersale.timeline.paidCod" : "aftersale.timeline.paid", {
          amount,
        });
      case "refund":
        return t("aftersale.timeline.refund", { amount });
      case "refund_pending":
        return t("aftersale.timeline.refundPending", { amount });
      case "status":
        if (e.status === "Cancelled") return t("aftersale.timeline.cancelled");
        if (e.status === "Shipped" && e.courier)
          return t("aftersale.timeline.shipped", { courier: courierName(locale, e.courier) });
        return t("aftersale.timeline.status", {
          status: KNOWN.includes(e.status ?? "") ? t(`orders.state.${e.status as Status}`) : (e.status ?? ""),
        });
      case "return":
        return t(`aftersale.step.${e.returnKind ?? "return"}.${(e.step ?? "requested") as ReturnStep}`, {
          number: locale === "ar" ? `\u2066${e.returnNumber ?? ""}\u2069` : (e.returnNumber ?? ""),
        });
      case "alteration":
        return t(`aftersale.alteration.step.${(e.step ?? "requested") as AlterationStatusName}`, {
          number: locale === "ar" ? `\u2066${e.returnNumber ?? ""}\u2069` : (e.returnNumber ?? ""),
        });
    }
  };
  return (
    <ol className="flex flex-col gap-3 border-s-2 border-sand ps-4" data-testid="order-timeline">
      {events.map((e, index) => (
        <li
          key={`${e.at}-${index}`}
          className="relative text-sm"
          data-testid="timeline-event"
          data-event={eventKey(e)}
        >
          <span
            className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-accent"
            aria-hidden="true"
          />
          <p className="font-medium text-ink">{text(e)}</p>
          {e.trackingNumber ? (
            <p className="text-charcoal">
              {t("aftersale.timeline.tracking", { number: "" })}
              <bdi dir="ltr">{e.trackingNumber}</bdi>
            </p>
          ) : null}
          {e.message && e.actor === "shop" ? (
            <p className="text-charcoal">{t("aftersale.timeline.message", { message: e.message })}</p>
          ) : null}
          <p className="text-xs text-stone">
            <time dateTime={e.at}>
              {date(e.at, {
                day: "numeric",
                month: "short",
                year: "numeric",
                hour: "2-digit",
                minute: "2-digit",
                timeZone: "Asia/Dubai",
              })}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
