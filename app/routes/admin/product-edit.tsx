import { PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { adminGet, adminSend } from "../../components/admin/api";
import { aedTextToFils, filsToAedText } from "../../components/admin/format";
import { ImageManager } from "../../components/admin/image-manager";
import { AdminLoading } from "../../components/admin/loading";
import { useAdminSession } from "../../components/admin/session";
import type { AdminProduct, AdminVariant } from "../../components/admin/types";
import {
  buttonClass,
  Card,
  Field,
  inputBase,
  inputClass,
  Notice,
  PageHeader,
  StatusBadge,
} from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/product-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.product?.name ?? "New product"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!params.id) return { product: null };
  return adminGet<{ product: AdminProduct }>(`/api/admin/products/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

interface VariantRow {
  key: string;
  id?: string;
  size: string;
  sku: string;
  price: string;
  discount: string;
  stock: string;
}

const toRow = (v: AdminVariant): VariantRow => ({
  key: v.id,
  id: v.id,
  size: v.size,
  sku: v.sku,
  price: filsToAedText(v.priceFils),
  discount: String(v.discount),
  stock: v.stock === null ? "" : String(v.stock),
});

let rowSeq = 0;
const emptyRow = (): VariantRow => ({
  key: `new-${++rowSeq}`,
  size: "",
  sku: "",
  price: "",
  discount: "0",
  stock: "0",
});

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** One size's stock: shown, and changed only by an adjustment (+/-), safe against sales meanwhile. */
function StockAdjuster({ productId, variant }: { productId: string; variant: AdminVariant }) {
  const { busy, result: outcome, run } = useChange();
  const [delta, setDelta] = useState("");
  const id = `stock-${variant.id}`;
  const amount = Number(delta);
  const valid = delta.trim() !== "" && Number.isInteger(amount) && amount !== 0;
  if (variant.stock === null) return <span className="text-neutral-700">Not tracked</span>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="min-w-10 font-medium" data-testid={`stock-${variant.sku}`}>
        {variant.stock}
        {variant.held > 0 ? (
          <span className="block text-xs font-normal text-neutral-600">{variant.held} held</span>
        ) : null}
      </span>
      <label htmlFor={id} className="sr-only">
        Adjust the stock of {variant.size} by
      </label>
      <input
        id={id}
        type="number"
        step={1}
        placeholder="±0"
        value={delta}
        onChange={(event) => setDelta(event.target.value)}
        className={`${inputBase} w-20`}
      />
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={!valid || busy}
        onClick={() => {
          void run(
            () =>
              adminSend("POST", `/api/admin/products/${productId}/stock`, {
                variantId: variant.id,
                delta: amount,
              }),
            `Stock ${amount > 0 ? "increased" : "reduced"} by ${Math.abs(amount)}.`,
          );
          setDelta("");
        }}
      >
        Apply
      </button>
      {outcome ? (
        <span
          role={outcome.ok ? "status" : "alert"}
          className={`text-xs ${outcome.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {outcome.message}
        </span>
      ) : null}
    </div>
  );
}

/** Issue 15: create or edit a product, its sizes (variants) and images; archive instead of delete. */
export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  // New and edit share this module: a fresh editor (its rows and fields) for each product.
  return <ProductEditForm key={loaderData.product?.id ?? "new"} product={loaderData.product} />;
}

function ProductEditForm({ product }: { product: AdminProduct | null }) {
  const { busy, result: outcome, run } = useChange();
  const navigate = useNavigate();
  const { categories } = useAdminSession();
  const [slug, setSlug] = useState(product?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const [rows, setRows] = useState<VariantRow[]>(() =>
    product ? product.variants.map(toRow) : [emptyRow()],
  );
  const [problem, setProblem] = useState("");
  const result = problem ? { ok: false, message: problem } : outcome;
  const created = useSearchParams()[0].has("created");

  function updateRow(key: string, field: keyof VariantRow, value: string) {
    setRows((now) => now.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const variants = [];
    for (const [i, row] of rows.entries()) {
      const priceFils = aedTextToFils(row.price);
      const discount = Number(row.discount || "0");
      if (!row.size.trim() || !row.sku.trim() || priceFils === undefined) {
        setProblem(`Size ${i + 1}: enter a size, a SKU and a price in AED (e.g. 450 or 99.50).`);
        return;
      }
      if (!Number.isInteger(discount) || discount < 0 || discount > 95) {
        setProblem(`Size ${i + 1}: the discount is a whole percent from 0 to 95.`);
        return;
      }
      variants.push({
        // An existing size's stock changes only by adjustment; a new size's blank stock is "not tracked".
        ...(row.id
          ? { id: row.id }
          : { stock: row.stock.trim() === "" ? null : Math.max(0, Number.parseInt(row.stock, 10) || 0) }),
        size: row.size.trim(),
        sku: row.sku.trim(),
        price: priceFils / 100,
        discount,
      });
    }
    if (variants.length === 0) {
      setProblem("Add at least one size.");
      return;
    }
    setProblem("");
    const payload = {
      name: text("name"),
      slug: text("slug"),
      description: text("description"),
      category: text("category"),
      type: text("type"),
      fabric: text("fabric"),
      colors: text("colors")
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean),
      bestseller: form.get("bestseller") === "on",
      isNew: form.get("isNew") === "on",
      isSale: form.get("isSale") === "on",
      variants,
    };
    if (product) {
      void run(() => adminSend("PUT", `/api/admin/products/${product.id}`, payload), "Product saved.");
      return;
    }
    void run(
      () => adminSend<{ product: { id: string } }>("POST", "/api/admin/products", payload),
      "Product created.",
    ).then((answer) => {
      if (answer) navigate(`/admin/products/${answer.product.id}?created=1`);
    });
  }

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="underline underline-offset-4">
          Products
        </Link>
      </p>
      <PageHeader title={product ? product.name : "New product"}>
        {product ? (
          <>
            <StatusBadge status={product.archived ? "archived" : "active"} />
            {!product.archived ? (
              <a
                href={`/product/${product.slug}`}
                className={buttonClass.ghost}
                target="_blank"
                rel="noreferrer"
              >
                View in the shop
              </a>
            ) : null}
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    adminSend(
                      "POST",
                      `/api/admin/products/${product.id}/${product.archived ? "unarchive" : "archive"}`,
                    ),
                  product.archived ? "Back in the shop." : "Archived: the shop no longer shows it.",
                )
              }
            >
              {product.archived ? "Unarchive" : "Archive"}
            </button>
          </>
        ) : null}
      </PageHeader>
      <div className="mb-4">
        <Notice
          result={
            result ?? (created ? { ok: true, message: "Product created. Add its images below." } : null)
          }
        />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" key={product?.id ?? "new"}>
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
            <Field
              id="product-type"
              label="Type"
              hint="e.g. Abaya, Jalabiya, Kaftan; 'Unstitched' shows a badge"
            >
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
        </Card>
        <Card title="Sizes and prices">
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Sizes</caption>
              <thead>
                <tr className="text-start text-xs text-neutral-700 uppercase">
                  <th scope="col" className="px-1 py-2 text-start">
                    Size
                  </th>
                  <th scope="col" className="px-1 py-2 text-start">
                    SKU
                  </th>
                  <th scope="col" className="px-1 py-2 text-start">
                    Price (AED)
                  </th>
                  <th scope="col" className="px-1 py-2 text-start">
                    Discount %
                  </th>
                  <th scope="col" className="px-1 py-2 text-start">
                    Stock
                  </th>
                  <th scope="col" className="px-1 py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => {
                  const saved = product?.variants.find((v) => v.id === row.id);
                  return (
                    <tr key={row.key} data-testid="variant-row">
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`Size ${i + 1}`}
                          value={row.size}
                          onChange={(e) => updateRow(row.key, "size", e.target.value)}
                          className={`${inputBase} w-24`}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`SKU ${i + 1}`}
                          value={row.sku}
                          onChange={(e) => updateRow(row.key, "sku", e.target.value)}
                          className={`${inputBase} w-36`}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`Price ${i + 1}`}
                          inputMode="decimal"
                          value={row.price}
                          onChange={(e) => updateRow(row.key, "price", e.target.value)}
                          className={`${inputBase} w-24`}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`Discount ${i + 1}`}
                          type="number"
                          min={0}
                          max={95}
                          value={row.discount}
                          onChange={(e) => updateRow(row.key, "discount", e.target.value)}
                          className={`${inputBase} w-20`}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        {saved ? (
                          <StockAdjuster productId={product?.id ?? ""} variant={saved} />
                        ) : (
                          <input
                            aria-label={`Opening stock ${i + 1}`}
                            type="number"
                            min={0}
                            value={row.stock}
                            onChange={(e) => updateRow(row.key, "stock", e.target.value)}
                            className={`${inputBase} w-20`}
                          />
                        )}
                      </td>
                      <td className="px-1 py-1.5">
                        <button
                          type="button"
                          className={buttonClass.ghost}
                          aria-label={`Remove size ${i + 1}`}
                          disabled={rows.length === 1}
                          onClick={() => setRows((now) => now.filter((r) => r.key !== row.key))}
                        >
                          <TrashIcon aria-hidden className="size-4" />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className={`${buttonClass.secondary} mt-3`}
            onClick={() => setRows((now) => [...now, emptyRow()])}
          >
            <PlusIcon aria-hidden className="size-4" />
            Add a size
          </button>
        </Card>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Saving…" : product ? "Save product" : "Create product"}
          </button>
        </div>
      </form>
      {product ? (
        <Card title="Images" className="mt-6">
          <ImageManager productId={product.id} images={product.images} />
        </Card>
      ) : (
        <p className="mt-6 text-sm text-neutral-700">Images can be added once the product is created.</p>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
