import { type FormEvent, useEffect, useState } from "react";
import type { HomeVisit } from "#core/schemas/measurement-profile.schema.ts";
import {
  fromMillimetres,
  MEASUREMENTS,
  type MeasurementUnit,
  measurementRange,
  measurementValuesSchema,
} from "#core/schemas/measurements.ts";
import { AdminApiError, adminGet, adminSend } from "./api";
import { formatDateTime } from "./format";
import { buttonClass, Card, Field, inputClass, Notice } from "./ui";

/**
 * A stitching request's home visit (issue 29; decision 0040): the owner types the measurements the tailor
 * took, checked as the shopper's own are. A request sent signed in gets them as the shopper's profile
 * too; any other keeps them here only. Reads and saves on its own, so the request's screen stays as it is.
 */
export function HomeVisitCard({ requestId }: { requestId: string }) {
  const url = `/api/admin/inbox/stitching/${requestId}/measurements` as const;
  const [visit, setVisit] = useState<HomeVisit | null>(null);
  const [unit, setUnit] = useState<MeasurementUnit>("cm");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void adminGet(url).then((answer) => {
      setVisit(answer.visit);
      if (answer.visit.measurements) setUnit(answer.visit.measurements.unit);
    });
  }, [url]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(MEASUREMENTS.map((m) => [m.key, String(form.get(m.key) ?? "")]));
    const checked = measurementValuesSchema("en").safeParse({ unit, values });
    const found: Record<string, string> = {};
    if (!checked.success)
      for (const issue of checked.error.issues) found[String(issue.path[1])] ??= issue.message;
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await adminSend("PUT", url, { unit, values });
      setVisit(answer.visit);
      setResult({
        ok: true,
        message: answer.visit.signedIn
          ? "Measurements saved, and in the shopper's account as a profile."
          : "Measurements saved on this request (it was sent without an account).",
      });
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      setResult({ ok: false, message: error.message });
    } finally {
      setBusy(false);
    }
  }

  if (!visit) return <Card title="Home visit measurements">Loading…</Card>;
  const taken = visit.measurements;
  return (
    <Card title="Home visit measurements">
      <p className="mb-3 text-sm text-neutral-700">
        {visit.signedIn
          ? "Sent signed in: what you save here also appears in the shopper's account."
          : "Sent without an account: the measurements stay on this request only."}
        {visit.measuredAt ? ` Last saved ${formatDateTime(visit.measuredAt)}.` : ""}
      </p>
      <form onSubmit={save} className="flex flex-col gap-3" data-testid="home-visit-form" noValidate>
        <Field id="visit-unit" label="Unit">
          <select
            id="visit-unit"
            value={unit}
            onChange={(event) => setUnit(event.target.value as MeasurementUnit)}
            className={inputClass}
          >
            <option value="cm">Centimetres</option>
            <option value="in">Inches</option>
          </select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          {MEASUREMENTS.map((m) => {
            const range = measurementRange(m, unit);
            const mm = taken?.valuesMm[m.key];
            return (
              <Field
                key={m.key}
                id={`visit-${m.key}`}
                label={`${m.en}${m.required ? " *" : ""}`}
                hint={`${range.min}–${range.max} ${unit}`}
                error={errors[m.key]}
              >
                <input
                  id={`visit-${m.key}`}
                  name={m.key}
                  inputMode="decimal"
                  defaultValue={mm === undefined ? "" : String(fromMillimetres(mm, taken!.unit))}
                  key={`${m.key}-${visit.measuredAt ?? ""}`}
                  aria-invalid={errors[m.key] ? true : undefined}
                  aria-describedby={errors[m.key] ? `visit-${m.key}-error` : `visit-${m.key}-hint`}
                  className={inputClass}
                />
              </Field>
            );
          })}
        </div>
        <Notice result={result} />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          Save measurements
        </button>
      </form>
    </Card>
  );
}
