import { type FormEvent, useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { readyDate } from "#core/business-days.ts";
import type { ProductDto, ProductVariantDto } from "#core/catalog.ts";
import { panelText } from "#core/i18n/stitch-panel.ts";
import { stitchText } from "#core/i18n/stitched-lines.ts";
import { aedToFils } from "#core/money.ts";
import {
  type MeasurementProfile,
  type MeasurementUnit,
  measurementValuesSchema,
} from "#core/schemas/measurements.ts";
import { STITCH_NOTE_MAX } from "#core/schemas/stitched-line.ts";
import type { StitchingStyle } from "#core/schemas/stitching-styles.ts";
import type { StitchingChoice } from "#core/stitching-key.ts";
import { useFormat, useLocale, useLocalNavigate, useT } from "../../lib/i18n";
import { api, getToken } from "../../state/session";
import { CloseButton, Dialog } from "../ui/dialog";
import { inputClass } from "../ui/field";
import { addProduct } from "./cart-actions";
import { StitchMeasurements } from "./stitch-measurements";

const TYPED = "typed";

/**
 * 'Stitch it for me' (issue 29; decision 0042), loaded when the shopper taps the button under Add to
 * Cart: the styles that suit this fabric, one of her profiles (signed in) or measurements typed here, a
 * note, the price "fabric + stitching" and the estimated ready date; it adds a stitched line with the
 * page's size and quantity. The server prices the line and checks the choice again.
 */
export function StitchPanel({
  product,
  variant,
  quantity,
  salePrice,
  onClose,
}: {
  product: ProductDto;
  variant: ProductVariantDto | undefined;
  quantity: number;
  salePrice: number | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const language = locale === "ar" ? "ar" : "en";
  const { money } = useFormat();
  const navigate = useLocalNavigate();
  const [styles, setStyles] = useState<StitchingStyle[] | null>(null);
  const [profiles, setProfiles] = useState<MeasurementProfile[]>([]);
  const [failed, setFailed] = useState(false);
  const [styleId, setStyleId] = useState("");
  const [source, setSource] = useState(TYPED);
  const [unit, setUnit] = useState<MeasurementUnit>("cm");
  const [values, setValues] = useState<Record<string, string>>({});
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    setFailed(false);
    const [found, mine] = await Promise.all([
      api(`/api/stitching/styles?product=${encodeURIComponent(product.slug)}`),
      getToken() ? api("/api/measurements") : null,
    ]);
    if (!found.success || !found.styles) {
      setFailed(true);
      return;
    }
    setStyles(found.styles);
    if (found.styles.length === 1) setStyleId(found.styles[0]!.id);
    const list = mine?.success ? (mine.profiles ?? []) : [];
    setProfiles(list);
    if (list[0]) setSource(list[0].id);
  }, [product.slug]);
  useEffect(() => {
    void load();
  }, [load]);

  const style = styles?.find((s) => s.id === styleId);
  const fabricFils = aedToFils(salePrice ?? variant?.retail_price ?? product.price);
  const ready = style ? readyDate([style.leadDays]) : null;
  const dateText = ready
    ? new Intl.DateTimeFormat(language === "ar" ? "ar-AE" : "en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      }).format(new Date(`${ready}T00:00:00Z`))
    : "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Record<string, string> = {};
    if (!style) found.style = panelText("chooseStyleFirst", language);
    const choice: StitchingChoice = { styleId, ...(note.trim() ? { note: note.trim() } : {}) };
    if (source === TYPED) {
      const typed = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
      const checked = measurementValuesSchema(language).safeParse({ unit, values: typed });
      if (checked.success) {
        choice.unit = unit;
        choice.values = Object.fromEntries(
          Object.entries(typed).map(([k, v]) => [k, Number(v.trim().replace(",", "."))]),
        );
      } else {
        for (const issue of checked.error.issues) found[String(issue.path[1] ?? "")] ??= issue.message;
      }
    } else {
      choice.profileId = source;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus; its message is read with it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    if (addProduct(product, variant, quantity, salePrice, t, choice)) {
      onClose();
      navigate("/cart");
    }
  }

  // Drawn at the body's end: the product page's own form must not hold this one.
  return createPortal(
    <Dialog
      open
      onClose={onClose}
      labelledBy="stitch-title"
      testId="stitch-panel"
      className="m-auto max-h-[92dvh] w-[min(36rem,94vw)] overflow-x-hidden rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
    >
      <div className="flex items-center justify-between border-b border-sand px-5 py-4">
        <h2 id="stitch-title" className="text-2xl text-ink">
          {panelText("title", language)}
        </h2>
        <CloseButton
          onClick={onClose}
          label={panelText("close", language)}
          className="size-10 hover:bg-cream"
        />
      </div>
      {failed ? (
        <div className="px-5 py-6" role="alert">
          <p>{panelText("loadFailed", language)}</p>
          <button type="button" className="btn-outline mt-4" onClick={() => void load()}>
            {panelText("retry", language)}
          </button>
        </div>
      ) : !styles ? (
        <p className="px-5 py-6 text-stone" role="status">
          {stitchText("loading", language)}
        </p>
      ) : styles.length === 0 ? (
        <p className="px-5 py-6">{panelText("noStyles", language)}</p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-6 px-5 py-5">
          <p className="text-sm text-stone">{panelText("intro", language)}</p>
          <fieldset aria-describedby={errors.style ? "stitch-style-error" : undefined}>
            <legend className="mb-2 text-sm font-semibold text-ink">
              {stitchText("chooseStyle", language)}
            </legend>
            <div className="grid gap-2">
              {styles.map((s) => (
                <label
                  key={s.id}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-sand-dark bg-white p-3 has-checked:border-accent has-checked:ring-1 has-checked:ring-accent has-focus-visible:ring-2 has-focus-visible:ring-accent"
                  data-testid="stitch-style"
                >
                  <input
                    type="radio"
                    name="stitch-style"
                    value={s.id}
                    checked={styleId === s.id}
                    onChange={() => setStyleId(s.id)}
                    className="size-4 shrink-0 accent-accent"
                  />
                  {s.image ? (
                    <img
                      src={s.image}
                      alt=""
                      className="size-14 shrink-0 rounded-lg object-cover"
                      loading="lazy"
                    />
                  ) : null}
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium text-ink">
                      {language === "ar" ? (s.nameAr ?? s.name) : s.name}
                    </span>
                    <span className="text-sm text-stone">
                      {panelText("leadDays", language, { n: s.leadDays })}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold">+{money(s.priceFils)}</span>
                </label>
              ))}
            </div>
            {errors.style ? (
              <p id="stitch-style-error" className="mt-2 text-sm text-sale" role="alert">
                {errors.style}
              </p>
            ) : null}
          </fieldset>
          {profiles.length > 0 ? (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">
                {stitchText("chooseProfile", language)}
              </legend>
              <div className="grid gap-1">
                {[...profiles.map((p) => ({ id: p.id, name: p.name })), { id: TYPED, name: "" }].map((p) => (
                  <label key={p.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="stitch-profile"
                      value={p.id}
                      checked={source === p.id}
                      onChange={() => setSource(p.id)}
                      className="size-4 accent-accent"
                    />
                    {p.id === TYPED ? stitchText("typeMeasurements", language) : <bdi>{p.name}</bdi>}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {source === TYPED ? (
            <StitchMeasurements
              language={language}
              unit={unit}
              onUnit={setUnit}
              values={values}
              onValue={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
              errors={errors}
            />
          ) : null}
          <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
            {stitchText("note", language)}
            <textarea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={STITCH_NOTE_MAX}
              rows={2}
              className={`${inputClass} h-auto py-2`}
            />
          </label>
          <div className="rounded-xl bg-cream p-4 text-sm" data-testid="stitch-summary">
            <p>
              {panelText("fabric", language)} {money(fabricFils)}
              {style ? ` + ${panelText("stitching", language)} ${money(style.priceFils)}` : ""}
              {quantity > 1 ? ` ${panelText("quantity", language, { n: quantity })}` : ""}
            </p>
            <p className="mt-1 font-semibold text-ink" data-testid="stitch-total">
              {panelText("total", language)} {money((fabricFils + (style?.priceFils ?? 0)) * quantity)}
            </p>
            {ready ? (
              <p className="mt-2" data-testid="stitch-ready" data-date={ready}>
                {panelText("readyBy", language, { date: dateText })}{" "}
                <span className="text-stone">{panelText("readyNote", language)}</span>
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-accent h-12 w-full" data-testid="stitch-add">
            {stitchText("addStitched", language)}
          </button>
        </form>
      )}
    </Dialog>,
    document.body,
  );
}
