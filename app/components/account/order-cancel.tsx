import { useEffect, useRef, useState } from "react";
import type { OrderDto } from "#core/order.ts";
import { useFormat, useT, useTc } from "../../lib/i18n";
import { api } from "../../state/session";
import { Panel } from "../ui/panel";

type Refund = "confirmed" | "pending" | "refused" | "void" | "none";

/**
 * Issue 24 (decision 0031): the shopper cancels her own order while it is at 'Order Placed' and inside the
 * shop's window (POST /api/order/:id/cancel); after that, a sentence says why the button is gone. Part of
 * the order's detail view, which My Account loads only when an order is opened: no storefront first-load
 * JavaScript. The button asks once more before it cancels and is disabled while the call runs.
 */
export function OrderCancel({
  order,
  onChange,
}: {
  order: OrderDto;
  /** The order as the server answered it, or undefined: read the list again. */
  onChange: (order?: OrderDto) => void;
}) {
  const t = useT();
  const tc = useTc();
  const { date, money } = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Refund | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function cancel() {
    setBusy(true);
    setError(null);
    const result = await api(`/api/order/${encodeURIComponent(order._id)}/cancel`, {
      method: "POST",
      body: {},
      loading: true,
    });
    setBusy(false);
    setConfirming(false);
    if (result.success && result.order) {
      setDone(result.refund ?? "none");
      onChange(result.order);
      return;
    }
    setError(result.message || t("orders.cancel.failed"));
    // Refused because the order moved on (or the window closed): read it again, its sentence says why.
    if (result.status === 409 || result.status === 404) onChange();
  }

  if (done) {
    const text =
      done === "confirmed"
        ? t("orders.cancel.refunded", { amount: money(order.totals.totalFils) })
        : done === "none"
          ? t("orders.cancel.noPayment")
          : t("orders.cancel.refundPending");
    return (
      <p
        className="rounded-xl bg-cream px-4 py-3 text-sm text-ink"
        role="status"
        data-testid="order-cancelled"
      >
        {text}
      </p>
    );
  }

  const { cancel: state } = order;
  if (!state.allowed) {
    if (state.reason === "cancelled" && !error) return null;
    const why =
      state.reason === "status"
        ? t("orders.cancel.status")
        : state.reason === "window"
          ? state.windowHours === 0
            ? t("orders.cancel.off")
            : tc("orders.cancel.window", state.windowHours)
          : null;
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="order-cancel-closed">
        {error ? (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        ) : null}
        {why ? <p className="text-stone">{why}</p> : null}
      </div>
    );
  }

  const until = date(state.until ?? "", {
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  });
  return (
    <Panel labelledBy="order-cancel-heading" testId="order-cancel">
      <h4
        id="order-cancel-heading"
        className="font-sans text-sm font-semibold tracking-wider text-ink uppercase"
      >
        {t("orders.cancel.heading")}
      </h4>
      <p className="mt-2 text-sm text-stone">{t("orders.cancel.until", { time: until })}</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-sm text-ink" id="order-cancel-confirm">
            {t("orders.cancel.confirm", { number: order.orderNumber })}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              ref={confirmRef}
              type="button"
              className="btn-primary"
              onClick={() => void cancel()}
              disabled={busy}
              aria-describedby="order-cancel-confirm"
              data-testid="order-cancel-confirm"
            >
              {busy ? t("orders.cancel.busy") : t("orders.cancel.yes")}
            </button>
            <button
              type="button"
              className="btn-outline"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {t("orders.cancel.keep")}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn-outline mt-3"
          onClick={() => setConfirming(true)}
          data-testid="order-cancel-button"
        >
          {t("orders.cancel.button")}
        </button>
      )}
    </Panel>
  );
}
