import { useState } from "react";
import { useAdminSession } from "./session";
import type { AdminProduct } from "./types";
import { Card, Field, inputClass } from "./ui";

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The product editor's details: name and address (the slug follows the name until edited), texts, flags. */
export function ProductDetails({ product }: { product: AdminProduct | null }) {
  const { categories } = useAdminSession();
  const [slug, setSlug] = useState(product?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  return (
    <Card title="Details">
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="product-name" label="Name">
          <input
            id="product-name"
            name="name"
            required
            maxLength={200}
            defaultValue={product?.name}
            className={inputClass}
            onChange={(event) => {
              if (!slugTouched) setSlug(slugify(event.target.value));
            }}
          />
        </Field>
        <Field
          id="product-slug"
          label="Slug"
          hint="The address: /product/slug (lowercase letters, digits, hyphens)"
        >
          <input
            id="product-slug"
            name="slug"
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            value={slug}
            aria-describedby="product-slug-hint"
            className={inputClass}
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.target.value);
            }}
          />
        </Field>
        <div className="md:col-span-2">
          <Field id="product-description" label="Description">
            <textarea
              id="product-description"
              name="description"
              rows={4}
              maxLength={5000}
              defaultValue={product?.description}
              className={inputClass}
            />
          </Field>
        </div>
        <Field id="product-category" label="Category">
          <select
            id="product-category"
            name="category"
            defaultValue={product?.category ?? categories[0]?.slug}
            className={inputClass}
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="product-type" label="Type" hint="e.g. Abaya, Jalabiya, Kaftan; 'Unstitched' shows a badge">
          <input
            id="product-type"
            name="type"
            required
            defaultValue={product?.type}
            list="product-types"
            aria-describedby="product-type-hint"
            className={inputClass}
          />
          <datalist id="product-types">
            {[
              "Abaya",
              "Open Abaya",
              "Kimono Abaya",
              "Butterfly Abaya",
              "Jalabiya",
              "Kaftan",
              "Anarkali",
              "Kurta Set",
              "Lawn Suit",
              "Sharara Set",
              "Unstitched",
            ].map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </Field>
        <Field id="product-fabric" label="Fabric">
          <input
            id="product-fabric"
            name="fabric"
            required
            defaultValue={product?.fabric}
            className={inputClass}
          />
        </Field>
        <Field id="product-colors" label="Colours" hint="Separated by commas, e.g. Black, Navy">
          <input
            id="product-colors"
            name="colors"
            defaultValue={product?.colors.join(", ")}
            aria-describedby="product-colors-hint"
            className={inputClass}
          />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-neutral-800">Flags</legend>
        <div className="mt-2 flex flex-wrap gap-5 text-sm">
          {(
            [
              ["bestseller", "Bestseller", product?.bestseller],
              ["isNew", "New", product?.isNew],
              ["isSale", "Sale", product?.isSale],
            ] as const
          ).map(([name, label, checked]) => (
            <label key={name} className="flex min-h-10 items-center gap-2">
              <input type="checkbox" name={name} defaultChecked={checked ?? false} className="size-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="product-return-policy"
        label="Returns"
        hint="Final-sale and made-to-measure items cannot be returned or exchanged"
      >
        <select
          id="product-return-policy"
          name="returnPolicy"
          defaultValue={product?.returnPolicy ?? "returnable"}
          aria-describedby="product-return-policy-hint"
          className={inputClass}
        >
          <option value="returnable">Returnable</option>
          <option value="final_sale">Final sale: not returnable</option>
          <option value="made_to_measure">Made to measure: not returnable</option>
        </select>
      </Field>
    </Card>
  );
}
