import { type FormEvent, useState } from "react";
import type { Promotion, PromotionCreate } from "#core/schemas/promotions.ts";
import { aedTextToFils, filsToAedText } from "./format";
import { useAdminSession } from "./session";
import { buttonClass, Field, inputClass } from "./ui";
import { field } from "./use-change";

/** What the form sends: the create body (the edit sends the same fields but the code). */
export type PromotionFields = PromotionCreate;

/** A whole number typed in a form, or null when the field is empty (NaN when it is not a number). */
function count(text: string): number | null {
  return text === "" ? null : Number(text);
}

/**
 * The form's fields as the API takes them: a fixed amount typed in AED is sent in fils, a percentage as
 * is; dates stay Dubai wall-clock time (`YYYY-MM-DDTHH:MM`, as a datetime-local field gives them). An
 * amount that is not one is refused here with a sentence; any other mistake the server's schema names.
 */
function readPromotion(form: FormData): PromotionFields | string {
  const kind = field(form, "kind") === "fixed" ? "fixed" : "percent";
  const valueText = field(form, "value");
  const value = kind === "fixed" ? aedTextToFils(valueText) : Number(valueText);
  if (value === undefined || !Number.isFinite(value)) return "Enter the value as a number (AED 50 or 12.50).";
  const minSpend = field(form, "minSpend");
  const minSpendFils = minSpend === "" ? 0 : aedTextToFils(minSpend);
  if (minSpendFils === undefined) return "Enter the minimum spend in AED (e.g. 200 or 199.50).";
  const scope = field(form, "scope") as PromotionFields["scope"];
  return {
    code: field(form, "code"),
    kind,
    value,
    scope,
    collections: scope === "collections" ? form.getAll("collections").map(String) : [],
    productIds:
      scope === "products"
        ? field(form, "productIds")
            .split(/[\s,]+/)
            .filter(Boolean)
        : [],
    minSpendFils,
    startsAt: field(form, "startsAt") || null,
    endsAt: field(form, "endsAt") || null,
    usageLimit: count(field(form, "usageLimit")),
    perCustomerLimit: count(field(form, "perCustomerLimit")),
    includeSaleItems: form.get("includeSaleItems") === "on",
    active: form.get("active") === "on",
  };
}

/**
 * Issue 28: a discount code's form, to create one (`promotion` undefined) or to edit one (its code is not
 * renamed). Amounts in AED, dates and times as Dubai local time.
 */
export function PromotionForm({
  promotion,
  busy,
  onSave,
  onCancel,
  onInvalid,
}: {
  promotion?: Promotion;
  busy: boolean;
  onSave: (fields: PromotionFields, form: HTMLFormElement) => void;
  onCancel?: () => void;
  onInvalid: (message: string) => void;
}) {
  const { categories } = useAdminSession();
  const p = promotion;
  const [kind, setKind] = useState(p?.kind ?? "percent");
  const [scope, setScope] = useState(p?.scope ?? "all");
  const id = (name: string) => `promo-${p?.id ?? "new"}-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readPromotion(new FormData(event.currentTarget));
    if (typeof read === "string") onInvalid(read);
    else onSave(read, event.currentTarget);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="promotion-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("code")}
          label="Code"
          hint={
            p ? "A code is not renamed: make a new one instead" : "Letters, digits, '-' and '_'; e.g. EID20"
          }
        >
          <input
            id={id("code")}
            name="code"
            required
            readOnly={p !== undefined}
            defaultValue={p?.code ?? ""}
            maxLength={32}
            autoCapitalize="characters"
            aria-describedby={`${id("code")}-hint`}
            className={`${inputClass} uppercase`}
          />
        </Field>
        <Field id={id("kind")} label="Discount">
          <select
            id={id("kind")}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as typeof kind)}
            className={inputClass}
          >
            <option value="percent">A percentage</option>
            <option value="fixed">A fixed amount (AED)</option>
          </select>
        </Field>
        <Field id={id("value")} label={kind === "percent" ? "Percentage off (%)" : "Amount off (AED)"}>
          <input
            id={id("value")}
            name="value"
            required
            inputMode="decimal"
            defaultValue={p ? (p.kind === "fixed" ? filsToAedText(p.value) : String(p.value)) : ""}
            className={inputClass}
          />
        </Field>
        <Field
          id={id("min")}
          label="Minimum spend (AED)"
          hint="Measured after the code's discount; empty: none"
        >
          <input
            id={id("min")}
            name="minSpend"
            inputMode="decimal"
            defaultValue={p && p.minSpendFils > 0 ? filsToAedText(p.minSpendFils) : ""}
            aria-describedby={`${id("min")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("starts")} label="Starts (Dubai time)" hint="Empty: at once">
          <input
            id={id("starts")}
            name="startsAt"
            type="datetime-local"
            defaultValue={p?.startsAt ?? ""}
            aria-describedby={`${id("starts")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("ends")} label="Ends (Dubai time)" hint="Empty: never">
          <input
            id={id("ends")}
            name="endsAt"
            type="datetime-local"
            defaultValue={p?.endsAt ?? ""}
            aria-describedby={`${id("ends")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("limit")} label="Uses in total" hint="Empty: unlimited">
          <input
            id={id("limit")}
            name="usageLimit"
            type="number"
            min={1}
            defaultValue={p?.usageLimit ?? ""}
            aria-describedby={`${id("limit")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("per")} label="Uses per customer" hint="Empty: unlimited">
          <input
            id={id("per")}
            name="perCustomerLimit"
            type="number"
            min={1}
            defaultValue={p?.perCustomerLimit ?? ""}
            aria-describedby={`${id("per")}-hint`}
            className={inputClass}
          />
        </Field>
        <Field id={id("scope")} label="For">
          <select
            id={id("scope")}
            name="scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as typeof scope)}
            className={inputClass}
          >
            <option value="all">The whole order</option>
            <option value="collections">Chosen collections</option>
            <option value="products">Chosen products</option>
          </select>
        </Field>
        {scope === "collections" ? (
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-neutral-800">Collections</legend>
            {categories.map((c) => (
              <label key={c.slug} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="collections"
                  value={c.slug}
                  defaultChecked={p?.collections.includes(c.slug)}
                  className="size-4"
                />
                {c.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        {scope === "products" ? (
          <Field
            id={id("products")}
            label="Product ids"
            hint="Separated by commas or spaces; a product's id ends its address in Products (/admin/products/…)"
          >
            <textarea
              id={id("products")}
              name="productIds"
              rows={2}
              defaultValue={p?.productIds.join(", ") ?? ""}
              aria-describedby={`${id("products")}-hint`}
              className={inputClass}
            />
          </Field>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="includeSaleItems"
            defaultChecked={p?.includeSaleItems ?? true}
            className="size-4"
          />
          Items already on sale get the discount too
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={p?.active ?? true} className="size-4" />
          Active (unticked: paused, shoppers are told it is not available)
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {p ? "Save code" : "Create code"}
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
