import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ProfileNameSchema } from "#core/schemas/measurement-profile.schema.ts";
import {
  fromMillimetres,
  MEASUREMENTS,
  type MeasurementProfile,
  type MeasurementUnit,
  measurementRange,
  measurementValuesSchema,
  PROFILE_NAME_MAX,
  toMillimetres,
} from "#core/schemas/measurements.ts";
import { Link, useLocale, useT } from "../../lib/i18n";
import { Field, inputClass } from "../ui/field";
import { panelClass } from "../ui/panel";

/** A profile form posted without JavaScript and refused, drawn again as typed (measurement-forms.server). */
export interface PostedMeasurement {
  id: string | null;
  name: string;
  unit: MeasurementUnit;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

export interface ProfileSubmit {
  name: string;
  unit: MeasurementUnit;
  values: Record<string, string>;
}

const shown = (mm: number | undefined, unit: MeasurementUnit) =>
  mm === undefined ? "" : String(fromMillimetres(mm, unit));

/**
 * One profile's form (issue 29; decision 0040): a name, the unit, and every measurement of core's list,
 * required ones marked, each with its range in the unit shown. A real form posted to /account's action
 * (intent measurement-save) before the script; hydrated, checked here with the same schema and sent to
 * the API. The inputs are uncontrolled, so what she typed before hydration stays; switching the unit
 * converts what is typed.
 */
export function MeasurementForm({
  profile,
  posted,
  csrf,
  onSubmit,
  guide,
}: {
  profile: MeasurementProfile | null;
  posted?: PostedMeasurement;
  csrf: string;
  /** The link to the measuring guide (its dialog once hydrated). */
  guide: ReactNode;
  onSubmit: (input: ProfileSubmit) => Promise<Record<string, string> | null>;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [unit, setUnit] = useState<MeasurementUnit>(posted?.unit ?? profile?.unit ?? "cm");
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [busy, setBusy] = useState(false);
  // A unit chosen before the script arrived is the one the typed values are in.
  useEffect(() => {
    const chosen = (form.current?.elements.namedItem("unit") as HTMLSelectElement | null)?.value;
    if (chosen === "cm" || chosen === "in") setUnit(chosen);
  }, []);
  const unitWord = t(unit === "cm" ? "profile.mtm.unitShort.cm" : "profile.mtm.unitShort.in");

  function switchUnit(next: MeasurementUnit) {
    for (const definition of MEASUREMENTS) {
      const input = form.current?.elements.namedItem(`m.${definition.key}`) as HTMLInputElement | null;
      const value = Number((input?.value ?? "").trim().replace(",", "."));
      if (input && input.value.trim() !== "" && Number.isFinite(value))
        input.value = String(fromMillimetres(toMillimetres(value, unit), next));
    }
    setUnit(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "");
    const values = Object.fromEntries(MEASUREMENTS.map((m) => [m.key, String(data.get(`m.${m.key}`) ?? "")]));
    const found: Record<string, string> = {};
    const checkedName = ProfileNameSchema.safeParse(name);
    if (!checkedName.success) found.name = checkedName.error.issues[0]?.message ?? "";
    const checked = measurementValuesSchema(locale).safeParse({ unit, values });
    if (!checked.success)
      for (const issue of checked.error.issues) found[String(issue.path[1] ?? "form")] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]!;
      (
        form.current?.elements.namedItem(first === "name" ? "name" : `m.${first}`) as HTMLElement | null
      )?.focus();
      return;
    }
    setBusy(true);
    const refused = await onSubmit({ name, unit, values });
    setBusy(false);
    if (refused) setErrors(refused);
  }

  const value = (key: string) =>
    posted
      ? (posted.values[key] ?? "")
      : shown(profile?.valuesMm[key as keyof typeof profile.valuesMm], unit);

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={submit}
      className={`${panelClass()} flex flex-col gap-5`}
      data-testid="measurement-form"
      aria-labelledby="measurement-form-title"
    >
      <h3 id="measurement-form-title" className="text-2xl text-ink">
        {profile ? t("profile.mtm.formEdit", { name: profile.name }) : t("profile.mtm.formNew")}
      </h3>
      <input type="hidden" name="csrf" value={csrf} />
      {profile ? <input type="hidden" name="id" value={profile.id} /> : null}
      {posted?.message ? (
        <p role="alert" className="text-sm text-sale">
          {posted.message}
        </p>
      ) : null}
      <p className="text-sm text-stone">
        {t("profile.mtm.requiredNote")} {guide}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("profile.mtm.name")} required hint={t("profile.mtm.nameHint")} error={errors.name}>
          {({ required: _r, ...control }) => (
            <input
              {...control}
              aria-required="true"
              name="name"
              maxLength={PROFILE_NAME_MAX}
              defaultValue={posted?.name ?? profile?.name ?? ""}
              className={inputClass}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t("profile.mtm.unit")} hint={t("profile.mtm.unitHint")}>
          {({ required: _r, ...control }) => (
            <select
              {...control}
              name="unit"
              defaultValue={unit}
              onChange={(event) => switchUnit(event.target.value as MeasurementUnit)}
              className={inputClass}
            >
              <option value="cm">{t("profile.mtm.unit.cm")}</option>
              <option value="in">{t("profile.mtm.unit.in")}</option>
            </select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {MEASUREMENTS.map((definition) => {
          const range = measurementRange(definition, unit);
          return (
            <Field
              key={definition.key}
              label={locale === "ar" ? definition.ar : definition.en}
              required={definition.required}
              hint={t("profile.mtm.rangeHint", { min: range.min, max: range.max, unit: unitWord })}
              error={errors[definition.key]}
            >
              {({ required: _r, ...control }) => (
                <input
                  {...control}
                  aria-required={definition.required ? "true" : undefined}
                  name={`m.${definition.key}`}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={value(definition.key)}
                  className={inputClass}
                  dir="ltr"
                  data-measurement={definition.key}
                />
              )}
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="measurement-save"
          className="btn-primary disabled:opacity-70"
          disabled={busy}
        >
          {t("profile.mtm.save")}
        </button>
        <Link to="?tab=measurements" className="btn-outline" preventScrollReset>
          {t("profile.mtm.cancel")}
        </Link>
      </div>
    </form>
  );
}
