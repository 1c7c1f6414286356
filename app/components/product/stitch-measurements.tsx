import { panelText } from "#core/i18n/stitch-panel.ts";
import { MEASUREMENTS, type MeasurementUnit, measurementRange } from "#core/schemas/measurements.ts";
import { Field, inputClass } from "../ui/field";

/**
 * The measurements typed for one stitched line (issue 29; decision 0042): a cm/in switch and the fourteen
 * fields, the required ones marked; each field's range is its hint and the schema's message its error.
 */
export function StitchMeasurements({
  language,
  unit,
  onUnit,
  values,
  onValue,
  errors,
}: {
  language: "en" | "ar";
  unit: MeasurementUnit;
  onUnit: (unit: MeasurementUnit) => void;
  values: Record<string, string>;
  onValue: (key: string, value: string) => void;
  errors: Record<string, string>;
}) {
  const unitWord = language === "ar" ? (unit === "cm" ? "سم" : "إنش") : unit;
  return (
    <div className="flex flex-col gap-4" data-testid="stitch-typed">
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="mb-2 text-sm font-medium text-ink">{panelText("unit", language)}</legend>
        {(["cm", "in"] as const).map((u) => (
          <label key={u} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="stitch-unit"
              value={u}
              checked={unit === u}
              onChange={() => onUnit(u)}
              className="size-4 accent-accent"
            />
            {panelText(u, language)}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-stone">{panelText("requiredNote", language)}</p>
      <div className="grid grid-cols-2 gap-3">
        {MEASUREMENTS.map((definition) => {
          const range = measurementRange(definition, unit);
          return (
            <Field
              key={definition.key}
              label={language === "ar" ? definition.ar : definition.en}
              required={definition.required}
              hint={panelText("range", language, { min: range.min, max: range.max, unit: unitWord })}
              error={errors[definition.key]}
            >
              {({ required: _r, ...control }) => (
                <input
                  {...control}
                  aria-required={definition.required ? "true" : undefined}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  value={values[definition.key] ?? ""}
                  onChange={(event) => onValue(definition.key, event.target.value)}
                  className={inputClass}
                  data-measurement={definition.key}
                />
              )}
            </Field>
          );
        })}
      </div>
    </div>
  );
}
