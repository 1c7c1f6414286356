import type { AdminProduct } from "./types";
import { Card, Field, inputClass } from "./ui";

/**
 * The back office's Arabic (decision 0025): each text a shopper reads has an Arabic twin, typed right
 * to left. Left empty, /ar shows the English text for that field (marked `lang="en"`).
 */

const FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  alt: "image alt text",
  title: "title",
  excerpt: "excerpt",
  content: "text",
};

/** 'Needs Arabic' beside a product or post that /ar shows partly in English; nothing when translated. */
export function NeedsArabicBadge({ missing }: { missing: readonly string[] }) {
  if (missing.length === 0) return null;
  const what = missing.map((m) => FIELD_NAMES[m] ?? m).join(", ");
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900"
      data-testid="needs-arabic"
      title={`No Arabic ${what}: /ar shows the English`}
    >
      Needs Arabic<span className="sr-only">: {what}</span>
    </span>
  );
}

/** The list filter's choice: every item, or only those that need Arabic (`?needsArabic=true`). */
export function TranslationFilter({ id, value }: { id: string; value: string | null }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Translation
      </label>
      <select id={id} name="needsArabic" defaultValue={value ?? ""} className={inputClass}>
        <option value="">Any</option>
        <option value="true">Needs Arabic</option>
      </select>
    </div>
  );
}

/** The product editor's Arabic texts, beside the English details. */
export function ProductArabic({ product }: { product: AdminProduct | null }) {
  return (
    <Card title="Arabic (/ar)">
      <div className="mb-3 flex items-center gap-2">
        <p className="text-sm text-neutral-700">Left empty, /ar shows the English text.</p>
        <NeedsArabicBadge missing={product?.missingArabic ?? []} />
      </div>
      <div className="grid gap-4">
        <Field id="product-name-ar" label="Name (Arabic)">
          <input
            id="product-name-ar"
            name="nameAr"
            dir="rtl"
            lang="ar"
            maxLength={160}
            defaultValue={product?.nameAr ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id="product-description-ar" label="Description (Arabic)">
          <textarea
            id="product-description-ar"
            name="descriptionAr"
            dir="rtl"
            lang="ar"
            rows={4}
            maxLength={5000}
            defaultValue={product?.descriptionAr ?? ""}
            className={inputClass}
          />
        </Field>
      </div>
    </Card>
  );
}
