import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { WorkStep } from "#core/schemas/measurements.ts";
import type { WorkshopAnswer } from "#core/schemas/stitching-styles.ts";
import { type ActionResult, AdminApiError, adminGet, adminSend } from "./api";
import { formatDate, formatDateTime } from "./format";
import { MeasurementTable } from "./measurement-table";
import { buttonClass, Card, Notice } from "./ui";

/**
 * The order screen's Workshop panel (issue 29, part 2; decision 0041): each made-to-measure line's style,
 * measurements, note, ready-by date and step, with the move to the next step (staff and owner) and, for
 * the owner, a step back. The last line ready mails the shopper; shipping waits for it.
 */
export function OrderWorkshop({ orderId }: { orderId: string }) {
  const revalidator = useRevalidator();
  const [data, setData] = useState<WorkshopAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  const load = useCallback(async () => {
    setData(await adminGet(`/api/admin/orders/${orderId}/workshop`));
  }, [orderId]);
  useEffect(() => {
    load().catch(() => setResult({ ok: false, message: "The workshop's lines could not be loaded." }));
  }, [load]);

  async function move(lineId: string, name: string, step: WorkStep) {
    setBusy(true);
    setResult(null);
    try {
      const answer = await adminSend("POST", `/api/admin/orders/${orderId}/lines/${lineId}/step`, { step });
      setData(answer);
      setResult({
        ok: true,
        message: `${name}: ${answer.steps.find((s) => s.key === step)?.en ?? step}.${answer.mailed ? " Every made-to-measure line is ready: the shopper is e-mailed." : ""}`,
      });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      setResult({ ok: false, message: error.message });
    } finally {
      setBusy(false);
    }
  }

  if (!data) return <Card title="Workshop">Loading the workshop…</Card>;
  // The steps in order with their names, as the server answers them.
  const steps = data.steps.map((s) => s.key);
  const stepName = (step: WorkStep) => data.steps.find((s) => s.key === step)?.en ?? step;
  return (
    <Card title="Workshop" className="mt-4">
      <div className="mb-3">
        <Notice result={result} />
      </div>
      <ul className="flex flex-col gap-4" data-testid="workshop-lines">
        {data.lines.map((line) => {
          const index = steps.indexOf(line.workStep);
          const next = steps[index + 1];
          const previous = index > 0 ? steps[index - 1] : undefined;
          return (
            <li
              key={line.lineId}
              className="rounded-md border border-neutral-200 p-3"
              data-testid="workshop-line"
            >
              <p className="font-medium">
                {line.name} · {line.size} · × {line.quantity}
              </p>
              <p className="text-sm text-neutral-800">
                Style: {line.style.name}
                {line.profileName ? ` · for ${line.profileName}` : ""} · ready by {formatDate(line.readyBy)}
              </p>
              {line.note ? <p className="text-sm text-neutral-800">Note: {line.note}</p> : null}
              <p className="mt-2 text-sm" data-testid="workshop-step">
                Step: <strong>{stepName(line.workStep)}</strong>
                {line.workStepAt ? (
                  <span className="text-neutral-600"> (since {formatDateTime(line.workStepAt)})</span>
                ) : null}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {next ? (
                  <button
                    type="button"
                    className={buttonClass.primary}
                    disabled={busy}
                    onClick={() => void move(line.lineId, line.name, next)}
                  >
                    Move to {stepName(next)}
                  </button>
                ) : null}
                {data.canMoveBack && previous ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={busy}
                    onClick={() => void move(line.lineId, line.name, previous)}
                  >
                    Back to {stepName(previous)}
                  </button>
                ) : null}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm underline underline-offset-4">
                  Measurements
                </summary>
                <MeasurementTable rows={line.measurements} caption={`Measurements (taken in ${line.unit})`} />
              </details>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
