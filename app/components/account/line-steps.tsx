import { WORK_STEP_NAMES, WORKSHOP_TEXT } from "#core/i18n/workshop.ts";
import type { OrderLineDto } from "#core/order.ts";
import type { WorkStep } from "#core/schemas/measurements.ts";
import { useFormat } from "../../lib/i18n";

/** The steps in order, read from the names (core/schemas/measurements.ts's zod stays out of this chunk). */
const STEPS = Object.keys(WORK_STEP_NAMES.en) as WorkStep[];

/**
 * Issue 29 (decision 0041): a made-to-measure line on the shopper's order page: its style, the ready-by
 * date and where the workshop is, as a small stepper in her language.
 */
export function LineSteps({ line }: { line: OrderLineDto }) {
  const { locale, date } = useFormat();
  const stitching = line.stitching;
  if (!stitching) return null;
  const lang = locale === "ar" ? "ar" : "en";
  const t = WORKSHOP_TEXT[lang];
  const current = STEPS.indexOf(line.workStep ?? "measured");
  const style = lang === "ar" ? (stitching.style.nameAr ?? stitching.style.name) : stitching.style.name;
  return (
    <div className="mt-2 rounded-lg bg-cream px-3 py-2" data-testid="line-steps">
      <p className="text-ink">
        <span className="font-medium">{t.madeToMeasure}</span> · {t.style}: {style}
        {stitching.profileName ? ` · ${stitching.profileName}` : ""}
      </p>
      <p className="text-charcoal">
        {t.readyBy}:{" "}
        {date(`${stitching.readyBy}T12:00:00+04:00`, { day: "numeric", month: "short", year: "numeric" })}
      </p>
      <ol className="mt-2 flex flex-wrap gap-1.5" aria-label={t.steps}>
        {STEPS.map((step, index) => {
          const state = index < current ? "done" : index === current ? "current" : "upcoming";
          return (
            <li
              key={step}
              aria-current={state === "current" ? "step" : undefined}
              data-testid={state === "current" ? "line-step-current" : undefined}
              className={`rounded-full px-2.5 py-1 text-xs ${
                state === "current"
                  ? "bg-ink font-semibold text-white"
                  : state === "done"
                    ? "bg-sand text-ink"
                    : "border border-sand text-charcoal"
              }`}
            >
              {WORK_STEP_NAMES[lang][step]}
              {state === "done" ? <span className="sr-only"> ({t.done})</span> : null}
              {state === "current" ? <span className="sr-only"> ({t.current})</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
