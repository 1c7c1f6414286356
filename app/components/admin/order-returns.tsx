import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { ApiAnswer } from "#core/api-operations.ts";
import { COURIERS, type Courier, SHOP_DELIVERY } from "#core/couriers.ts";
import type { ReturnRequestDto } from "#core/schemas/returns.ts";
import { type ActionResult, AdminApiError, adminGet, adminSend, type SendBody } from "./api";
import { formatDateTime, formatFils } from "./format";
import { AdminTimeline } from "./order-timeline";
import { useAdminSession } from "./session";
import { buttonClass, Card, Field, inputClass, Notice, StatusBadge } from "./ui";

/**
 * The order screen's returns and timeline (issue 24, part B; decision 0032): the timeline the shopper
 * sees, and each return or exchange request with the step it can take next: approve or refuse with a
 * message, mark received (resaleable or not), refund a return (owner only), ship an exchange's new size.
 */

export const REASON_LABELS: Record<string, string> = {
  wrong_size: "Wrong size",
  wrong_item: "Wrong item",
  damaged: "Damaged",
  changed_mind: "Changed her mind",
};
export const RETURN_STATUS_LABELS: Record<string, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  received: "Received",
  refunding: "Being refunded",
  refunded: "Refunded",
  shipped: "Shipped",
};

/** GET /api/admin/orders/:id/after-sale: the order's timeline and its return requests. */
type AfterSale = ApiAnswer<"GET", "/api/admin/orders/:id/after-sale">;

export function OrderAfterSale({ orderId, paymentMode }: { orderId: string; paymentMode: string }) {
  const [view, setView] = useState<AfterSale | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setView(await adminGet(`/api/admin/orders/${orderId}/after-sale`));
  }, [orderId]);
  useEffect(() => {
    load().catch(() => setFailed(true));
  }, [load]);
  if (failed) return <Card title="Timeline">The timeline could not be loaded.</Card>;
  if (!view) return <Card title="Timeline">Loading the timeline…</Card>;
  return (
    <>
      {view.requests.length > 0 ? (
        <Card title="Returns and exchanges" className="mt-4">
          <ul className="flex flex-col gap-4" data-testid="order-return-requests">
            {view.requests.map((r) => (
              <ReturnRequestItem key={r.id} request={r} paymentMode={paymentMode} onChanged={load} />
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title="Timeline" className="mt-4">
        <AdminTimeline events={view.timeline} />
      </Card>
    </>
  );
}

/** A decision on a return request, and the bodies those routes take. */
type ReturnAction = "approve" | "refuse" | "receive" | "refund" | "ship";
type ReturnBody = SendBody<"POST", `/api/admin/returns/${string}/${ReturnAction}`>;

function ReturnRequestItem({
  request: r,
  paymentMode,
  onChanged,
}: {
  request: ReturnRequestDto;
  paymentMode: string;
  onChanged: () => Promise<void>;
}) {
  const { user } = useAdminSession();
  const revalidator = useRevalidator();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [courier, setCourier] = useState<Courier>(COURIERS[0]);

  async function act(
    event: FormEvent<HTMLFormElement>,
    action: ReturnAction,
    body: (form: FormData) => ReturnBody,
  ) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setResult(null);
    try {
      const answer = await adminSend("POST", `/api/admin/returns/${r.id}/${action}`, body(form));
      setResult({ ok: true, message: `${r.number}: ${answer.message}` });
      await onChanged();
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      setResult({ ok: false, message: error.message });
    } finally {
      setBusy(false);
    }
  }
  const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

  return (
    <li
      className="rounded-md border border-neutral-200 p-3 text-sm"
      data-testid="return-request"
      data-status={r.status}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {r.kind === "exchange" ? "Exchange" : "Return"} {r.number}
        </span>
        <StatusBadge status={r.status} label={RETURN_STATUS_LABELS[r.status] ?? r.status} />
        <span>{REASON_LABELS[r.reason] ?? r.reason}</span>
        <span className="text-xs text-neutral-600">{formatDateTime(r.createdAt)}</span>
      </p>
      <ul className="mt-1">
        {r.lines.map((l) => (
          <li key={l.lineId}>
            {l.quantity} × {l.name} ({l.size}), {formatFils(l.unitPriceFils)} each
            {l.exchangeSize ? ` → size ${l.exchangeSize} (${l.hold})` : ""}
          </li>
        ))}
      </ul>
      {r.comment ? <p className="mt-1">Customer: “{r.comment}”</p> : null}
      {r.message ? <p className="mt-1">Our message: “{r.message}”</p> : null}
      {r.resaleable !== null ? (
        <p className="mt-1">{r.resaleable ? "Back in stock" : "Not resaleable"}</p>
      ) : null}
      {r.refund ? (
        <p className="mt-1">
          Refund {formatFils(r.refund.amountFils)} ({r.refund.status})
        </p>
      ) : null}
      {r.shipping ? (
        <p className="mt-1">
          Shipped with {r.shipping.courier}
          {r.shipping.trackingNumber ? `, ${r.shipping.trackingNumber}` : ""}
        </p>
      ) : null}
      <div className="mt-2">
        <Notice result={result} />
      </div>
      {r.status === "requested" || r.status === "approved" ? (
        <div className="mt-2 flex flex-col gap-3">
          {r.status === "requested" ? (
            <form
              onSubmit={(e) => act(e, "approve", (f) => ({ message: text(f, "message") || undefined }))}
              aria-label={`Approve ${r.number}`}
              className="flex flex-col gap-2"
            >
              <Field id={`${id}-approve`} label="Message to the customer (optional)">
                <input id={`${id}-approve`} name="message" maxLength={1000} className={inputClass} />
              </Field>
              <div>
                <button type="submit" className={buttonClass.primary} disabled={busy}>
                  Approve {r.kind === "exchange" ? "and reserve the size" : ""}
                </button>
              </div>
            </form>
          ) : (
            <form
              onSubmit={(e) => act(e, "receive", (f) => ({ resaleable: f.get("resaleable") === "on" }))}
              aria-label={`Receive ${r.number}`}
              className="flex flex-wrap items-center gap-3"
            >
              <label className="flex min-h-10 items-center gap-2">
                <input type="checkbox" name="resaleable" defaultChecked className="size-4" />
                Resaleable: put the returned items back in stock
              </label>
              <button type="submit" className={buttonClass.primary} disabled={busy}>
                Mark items received
              </button>
            </form>
          )}
          <form
            onSubmit={(e) => act(e, "refuse", (f) => ({ message: text(f, "message") }))}
            aria-label={`Refuse ${r.number}`}
            className="flex flex-col gap-2"
          >
            <Field id={`${id}-refuse`} label="Why it is refused (sent to the customer)">
              <input id={`${id}-refuse`} name="message" required maxLength={1000} className={inputClass} />
            </Field>
            <div>
              <button type="submit" className={buttonClass.danger} disabled={busy}>
                Refuse
              </button>
            </div>
          </form>
        </div>
      ) : null}
      {r.status === "received" && r.kind === "return" ? (
        user.role === "owner" ? (
          <form
            onSubmit={(e) =>
              act(e, "refund", (f) =>
                paymentMode === "cod"
                  ? {
                      method: (text(f, "method") || "cash") as "cash" | "bank_transfer",
                      reference: text(f, "reference") || undefined,
                    }
                  : {},
              )
            }
            aria-label={`Refund ${r.number}`}
            className="mt-2 flex flex-col gap-2"
          >
            {paymentMode === "cod" ? (
              <>
                <Field id={`${id}-method`} label="Refund by">
                  <select id={`${id}-method`} name="method" className={inputClass}>
                    <option value="cash">Cash</option>
                    <option value="bank_transfer">Bank transfer</option>
                  </select>
                </Field>
                <Field id={`${id}-reference`} label="Reference (transfer or receipt number)">
                  <input id={`${id}-reference`} name="reference" maxLength={200} className={inputClass} />
                </Field>
              </>
            ) : null}
            <div>
              <button type="submit" className={buttonClass.primary} disabled={busy}>
                Refund the items (not the delivery fee)
              </button>
            </div>
          </form>
        ) : (
          <p className="mt-2 text-neutral-700">Only the shop's owner can refund.</p>
        )
      ) : null}
      {r.status === "received" && r.kind === "exchange" ? (
        <form
          onSubmit={(e) =>
            act(e, "ship", (f) => ({ courier, trackingNumber: text(f, "tracking") || undefined }))
          }
          aria-label={`Ship ${r.number}`}
          className="mt-2 flex flex-col gap-2"
        >
          <Field id={`${id}-courier`} label="Courier">
            <select
              id={`${id}-courier`}
              value={courier}
              onChange={(e) => setCourier(e.target.value as Courier)}
              className={inputClass}
            >
              {COURIERS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          {courier !== SHOP_DELIVERY ? (
            <Field id={`${id}-tracking`} label="Tracking number">
              <input id={`${id}-tracking`} name="tracking" maxLength={60} className={inputClass} />
            </Field>
          ) : null}
          <div>
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Ship the new size
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
