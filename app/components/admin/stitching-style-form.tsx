import type { FormEvent } from "react";
import type { AdminStitchingStyle, StitchingStyleCreate } from "#core/schemas/stitching-styles.ts";
import { aedTextToFils, filsToAedText } from "./format";
import { buttonClass, Field, inputClass } from "./ui";
import { field } from "./use-change";

/** What the form sends: the create body (an edit sends the same fields), and the picture chosen. */
export interface StitchingStyleFields {
  body: StitchingStyleCreate;
  picture: File | null;
}

/** The form's fields as the API takes them; a price or lead time that is not a number is refused here. */
function readStyle(form: FormData): StitchingStyleFields | string {
  const priceFils = aedTextToFils(field(form, "price"));
  if (priceFils === undefined) return "Enter the price in AED (e.g. 250 or 199.50).";
  const leadDays = Number(field(form, "leadDays"));
  if (!Number.isInteger(leadDays)) return "Enter the lead time as a whole number of business days.";
  const position = Number(field(form, "position") || "0");
  const picture = form.get("picture");
  return {
    body: {
      name: field(form, "name"),
      nameAr: field(form, "nameAr") || null,
      description: field(form, "description"),
      descriptionAr: field(form, "descriptionAr") || null,
      priceAed: priceFils / 100,
      leadDays,
      fabricTypes: form.getAll("fabrics").map(String),
      active: form.get("active") === "on",
      position: Number.isInteger(position) ? position : 0,
    },
    picture: picture instanceof File && picture.size > 0 ? picture : null,
  };
}

/**
 * Issue 29 (decision 0041): a stitching style's form, to add one (`style` undefined) or change one: its
 * names and descriptions in English and Arabic, price in AED, lead time in UAE business days, the
 * fabrics it suits (none ticked: every unstitched fabric), its place in the list and a picture.
 */
export function StitchingStyleForm({
  style,
  fabrics,
  busy,
  onSave,
  onCancel,
  onInvalid,
}: {
  style?: AdminStitchingStyle;
  fabrics: string[];
  busy: boolean;
  onSave: (fields: StitchingStyleFields, form: HTMLFormElement) => void;
  onCancel?: () => void;
  onInvalid: (message: string) => void;
}) {
  const s = style;
  const id = (name: string) => `style-${s?.id ?? "new"}-${name}`;
  const choices = [...new Set([...fabrics, ...(s?.fabricTypes ?? [])])].sort();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readStyle(new FormData(event.currentTarget));
    if (typeof read === "string") onInvalid(read);
    else onSave(read, event.currentTarget);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="stitching-style-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("name")} label="Name">
          <input
            id={id("name")}
            name="name"
            required
            maxLength={80}
            defaultValue={s?.name ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id={id("nameAr")} label="Name (Arabic)">
          <input
            id={id("nameAr")}
            name="nameAr"
            dir="rtl"
            lang="ar"
            maxLength={80}
            defaultValue={s?.nameAr ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id={id("description")} label="Description">
          <textarea
            id={id("description")}
            name="description"
            rows={3}
            maxLength={600}
            defaultValue={s?.description ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id={id("descriptionAr")} label="Description (Arabic)">
          <textarea
            id={id("descriptionAr")}
            name="descriptionAr"
            dir="rtl"
            lang="ar"
            rows={3}
            maxLength={600}
            defaultValue={s?.descriptionAr ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id={id("price")} label="Stitching price (AED)">
          <input
            id={id("price")}
            name="price"
            required
            inputMode="decimal"
            defaultValue={s ? filsToAedText(s.priceFils) : ""}
            className={inputClass}
          />
        </Field>
        <Field id={id("leadDays")} label="Lead time (UAE business days)">
          <input
            id={id("leadDays")}
            name="leadDays"
            type="number"
            required
            min={1}
            max={60}
            defaultValue={s?.leadDays ?? 10}
            className={inputClass}
          />
        </Field>
        <Field id={id("position")} label="Position in the list" hint="Lower numbers come first">
          <input
            id={id("position")}
            name="position"
            type="number"
            min={0}
            defaultValue={s?.position ?? 0}
            aria-describedby={`${id("position")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("picture")} label="Picture" hint="JPEG, PNG or WebP; replaces the current one">
          <input
            id={id("picture")}
            name="picture"
            type="file"
            accept="image/*"
            aria-describedby={`${id("picture")}-hint`}
            className={inputClass}
          />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-neutral-800">Suits these fabrics</legend>
        <p className="text-xs text-neutral-600">None ticked: every unstitched fabric.</p>
        <div className="flex flex-wrap gap-3">
          {choices.map((fabric) => (
            <label key={fabric} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="fabrics"
                value={fabric}
                defaultChecked={s?.fabricTypes.includes(fabric)}
              />
              {fabric}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={s?.active ?? true} />
        Offered to shoppers (untick to archive)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {s ? "Save the style" : "Add the style"}
        </button>
        {onCancel ? (
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
