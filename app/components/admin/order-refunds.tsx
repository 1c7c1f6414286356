import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { RefundSummary } from "#core/schemas/admin/refunds.ts";

type RefundMethod = RefundSummary["methods"][number];

import { type ActionResult, AdminApiError, adminGet, adminSend, idempotencyKey } from "./api";
import { formatDateTime, formatFils } from "./format";
import { useAdminSession } from "./session";
import { buttonClass, Card, Field, inputClass, Notice, StatusBadge } from "./ui";

/**
 * The order screen's Refund panel (issue 24; decision 0023): what was paid, refunded and can still be
 * refunded, the refunds with their credit notes, and (for the owner) the form that refunds chosen lines
 * or an amount, through Paymennt for a card order or recorded by hand for cash on delivery.
 */

const METHOD_LABELS: Record<string, string> = {
  paymennt: "Card, through Paymennt",
  paymennt_dashboard: "Card, already refunded in Paymennt's dashboard",
  cash: "Cash",
  bank_transfer: "Bank transfer",
};
const PAYMENT_LABELS: Record<string, string> = {
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
  paid: "Paid",
  unpaid: "Unpaid",
};

export function paymentLabel(status: string): string {
  return PAYMENT_LABELS[status] ?? status;
}

export function OrderRefunds({ orderId }: { orderId: string }) {
  const { user } = useAdminSession();
  const revalidator = useRevalidator();
  const id = useId();
  const [summary, setSummary] = useState<RefundSummary | null>(null);
  const [mode, setMode] = useState<"lines" | "amount">("lines");
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [method, setMethod] = useState<RefundMethod | "">("");
  const [reference, setReference] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  // One Idempotency-Key per drawn form (decision 0023): a retry of the same refund (a double click, a
  // lost answer) replays the first one; a new form is drawn, with a new key, once the server answered.
  const [formKey, setFormKey] = useState(idempotencyKey);

  const load = useCallback(async () => {
    const answer = await adminGet(`/api/admin/orders/${orderId}/refunds`);
    setSummary(answer);
    setMethod((m) => m || answer.methods[0] || "");
  }, [orderId]);
  useEffect(() => {
    load().catch(() => setResult({ ok: false, message: "The refunds could not be loaded." }));
  }, [load]);

  if (!summary) return <Card title="Refunds">Loading refunds…</Card>;

  const manual = method !== "paymennt";
  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId, quantity }));
    // The select offers the answer's methods; empty only when it offers none, which the server refuses.
    const body =
      mode === "lines"
        ? { lines, reason, method: method as RefundMethod, reference: reference || undefined }
        : {
            amountFils: Math.round(Number(amount) * 100),
            reason,
            method: method as RefundMethod,
            reference: reference || undefined,
          };
    setBusy(true);
    setResult(null);
    try {
      const answer = await adminSend("POST", `/api/admin/orders/${orderId}/refunds`, body, {
        "idempotency-key": formKey,
      });
      setFormKey(idempotencyKey());
      setResult({ ok: true, message: answer.message });
      setSummary(answer.summary);
      setQuantities({});
      setAmount("");
      setReason("");
      setReference("");
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      // A refusal is an answer: the next try is a new refund. A server failure keeps the key for a retry.
      if (error.status < 500) setFormKey(idempotencyKey());
      setResult({ ok: false, message: error.message });
      await load().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  const owner = user.role === "owner";
  return (
    <Card title="Refunds" className="mt-4">
      <div data-testid="order-refunds" className="flex flex-col gap-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={summary.paymentStatus} label={paymentLabel(summary.paymentStatus)} />
          <span>
            Paid {formatFils(summary.paidFils)} · refunded {formatFils(summary.refundedFils)}
            {summary.pendingFils > 0 ? ` · pending ${formatFils(summary.pendingFils)}` : ""} · can still
            refund {formatFils(summary.refundableFils)}
          </span>
        </p>
        {summary.refunds.length > 0 ? (
          <ul className="divide-y divide-neutral-100">
            {summary.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-medium">{formatFils(r.amountFils)}</span>
                <StatusBadge status={r.status === "confirmed" ? "paid" : r.status} label={r.status} />
                <span>{METHOD_LABELS[r.method] ?? r.method}</span>
                <span className="text-neutral-700">{r.reason}</span>
                {r.failure ? <span className="text-red-700">{r.failure}</span> : null}
                <span className="text-xs text-neutral-600">
                  {formatDateTime(r.createdAt)} · {r.actorName}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {summary.creditNotes.length > 0 ? (
          <p className="flex flex-wrap gap-2">
            Credit notes:
            {summary.creditNotes.map((n) => (
              <Link key={n.number} to={`print/${n.number}`} className="underline underline-offset-4">
                {n.number} ({formatFils(n.totalFils)})
              </Link>
            ))}
          </p>
        ) : null}
        <Notice result={result} />
        {!owner ? (
          <p className="text-neutral-700">Only the shop's owner can refund.</p>
        ) : summary.refundableFils > 0 ? (
          <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Refund">
            <fieldset className="flex gap-4">
              <legend className="sr-only">Refund by</legend>
              <label className="flex items-center gap-1">
                <input
                  type="radio"
                  name="mode"
                  checked={mode === "lines"}
                  onChange={() => setMode("lines")}
                />
                Chosen lines
              </label>
              <label className="flex items-center gap-1">
                <input
                  type="radio"
                  name="mode"
                  checked={mode === "amount"}
                  onChange={() => setMode("amount")}
                />
                An amount
              </label>
            </fieldset>
            {mode === "lines" ? (
              <ul className="flex flex-col gap-2">
                {summary.lines.map((line) => (
                  <li key={line.lineId}>
                    <Field
                      id={`${id}-q-${line.lineId}`}
                      label={`${line.name} (${line.size}), ${formatFils(line.unitPriceFils)} each: units to refund (up to ${line.refundableQuantity})`}
                    >
                      <input
                        id={`${id}-q-${line.lineId}`}
                        type="number"
                        min={0}
                        max={line.refundableQuantity}
                        className={inputClass}
                        value={quantities[line.lineId] ?? 0}
                        onChange={(e) =>
                          setQuantities({ ...quantities, [line.lineId]: Number(e.target.value) })
                        }
                      />
                    </Field>
                  </li>
                ))}
              </ul>
            ) : (
              <Field id={`${id}-amount`} label="Amount (AED)">
                <input
                  id={`${id}-amount`}
                  type="number"
                  min="0.01"
                  step="0.01"
                  inputMode="decimal"
                  className={inputClass}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </Field>
            )}
            <Field id={`${id}-reason`} label="Reason">
              <input
                id={`${id}-reason`}
                className={inputClass}
                required
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <Field id={`${id}-method`} label="Refund by">
              <select
                id={`${id}-method`}
                className={inputClass}
                value={method}
                onChange={(e) => setMethod(e.target.value as RefundMethod)}
              >
                {summary.methods.map((m) => (
                  <option key={m} value={m}>
                    {METHOD_LABELS[m] ?? m}
                  </option>
                ))}
              </select>
            </Field>
            {manual ? (
              <Field id={`${id}-reference`} label="Reference (transfer or receipt number)">
                <input
                  id={`${id}-reference`}
                  className={inputClass}
                  maxLength={200}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                />
              </Field>
            ) : null}
            <div>
              <button type="submit" className={buttonClass.primary} disabled={busy}>
                {busy ? "Refunding…" : "Refund"}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </Card>
  );
}
