import { data, type RouterContextProvider, redirect } from "react-router";
import { type Locale, localizePath } from "#core/i18n/index.ts";
import { ProfileNameSchema } from "#core/schemas/measurement-profile.schema.ts";
import { MEASUREMENTS, type MeasurementUnit, measurementValuesSchema } from "#core/schemas/measurements.ts";
import { findBadText } from "#core/text.ts";
import type { PostedMeasurement } from "../components/account/measurement-form";
import { getServices } from "./context";
import { inLocale, isOwnPost, message, type PageUser, refusal, text } from "./page-forms.server";

/**
 * /account's measurement-profile forms posted without JavaScript (issue 29; decision 0040, as 0034 did
 * for addresses): the page session's shopper saves or removes one of her own profiles through the same
 * service as /api/measurements. Saved: 303 back to the list with a notice. Refused: the form again, as
 * typed, with the messages in the page's language.
 */

export const MEASUREMENT_INTENTS = ["measurement-save", "measurement-delete"] as const;
export type MeasurementIntent = (typeof MEASUREMENT_INTENTS)[number];

export function isMeasurementIntent(intent: string): intent is MeasurementIntent {
  return (MEASUREMENT_INTENTS as readonly string[]).includes(intent);
}

export async function measurementAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  intent: MeasurementIntent,
  user: PageUser | null,
  locale: Locale,
) {
  const id = text(form, "id").slice(0, 64) || null;
  const name = text(form, "name");
  const unit: MeasurementUnit = text(form, "unit") === "in" ? "in" : "cm";
  const values = Object.fromEntries(MEASUREMENTS.map((m) => [m.key, text(form, `m.${m.key}`)]));
  const refused = (status: number, errors: Record<string, string>, sentence?: string) =>
    data(
      { measurement: { id, name, unit, values, errors, message: sentence } satisfies PostedMeasurement },
      { status },
    );

  if (!isOwnPost(request, form)) return refused(403, {}, message(locale, "login.failedFallback"));
  if (!user) return redirect(localizePath("/login", locale), 303);
  const service = getServices(context).measurements;
  const back = (notice: string) =>
    redirect(localizePath(`/account?tab=measurements&notice=${notice}`, locale), 303);

  try {
    if (intent === "measurement-delete") {
      if (id) await service.deleteProfile(user, id);
      return back("removed");
    }
    // The page's own words first (the schema speaks both languages), then the service's checks.
    const errors: Record<string, string> = {};
    const bad = findBadText({ name, ...values });
    if (bad !== undefined) errors[bad] = message(locale, "api.invalid_text");
    const checkedName = ProfileNameSchema.safeParse(name);
    if (!checkedName.success) errors.name = inLocale(locale, checkedName.error.issues[0]?.message ?? "");
    const checked = measurementValuesSchema(locale).safeParse({ unit, values });
    if (!checked.success)
      for (const issue of checked.error.issues) errors[String(issue.path[1] ?? "form")] ??= issue.message;
    if (Object.keys(errors).length > 0) return refused(400, errors);
    const input = { name: checkedName.data ?? name, unit, values };
    if (id) await service.updateProfile(user, id, input);
    else await service.createProfile(user, input);
    return back("saved");
  } catch (error) {
    const failure = refusal(locale, error);
    if (!failure || failure.status >= 500) throw error;
    return refused(failure.status, {}, failure.text);
  }
}
