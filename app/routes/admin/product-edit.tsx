import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ReturnPolicyName } from "#core/schemas/returns.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { ProductArabic } from "../../components/admin/arabic";
import { aedTextToFils } from "../../components/admin/format";
import { ImageManager } from "../../components/admin/image-manager";
import { AdminLoading } from "../../components/admin/loading";
import { ProductDetails } from "../../components/admin/product-details";
import { emptyRow, ProductSizes, toRow, type VariantRow } from "../../components/admin/product-sizes";
import { UNAPPLIED_STOCK } from "../../components/admin/stock-adjuster";
import type { AdminProduct } from "../../components/admin/types";
import { buttonClass, Card, Notice, PageHeader, StatusBadge } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/product-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.product?.name ?? "New product"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!params.id) return { product: null };
  return adminGet(`/api/admin/products/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Issue 15: create or edit a product, its sizes (variants) and images; archive instead of delete. */
export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  // New and edit share this module: a fresh editor (its rows and fields) for each product.
  return <ProductEditForm key={loaderData.product?.id ?? "new"} product={loaderData.product} />;
}

function ProductEditForm({ product }: { product: AdminProduct | null }) {
  const { busy, result: outcome, run } = useChange();
  const navigate = useNavigate();
  const [rows, setRows] = useState<VariantRow[]>(() =>
    product ? product.variants.map(toRow) : [emptyRow()],
  );
  const [problem, setProblem] = useState("");
  const result = problem ? { ok: false, message: problem } : outcome;
  const created = useSearchParams()[0].has("created");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A stock change typed but not applied would be lost: say so instead of saving (issue 26).
    const unapplied = [
      ...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[${UNAPPLIED_STOCK}]`),
    ].find((input) => input.value.trim() !== "");
    if (unapplied) {
      setProblem(
        `Size ${unapplied.dataset.size}: the stock figure ${unapplied.value.trim()} is not applied yet. Press Apply or Set beside it, or clear it, then save.`,
      );
      unapplied.focus();
      return;
    }
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
      // Empty: not translated, /ar shows the English (decision 0025).
      nameAr: text("nameAr") || null,
      descriptionAr: text("descriptionAr") || null,
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
      returnPolicy: (text("returnPolicy") || "returnable") as ReturnPolicyName,
      variants,
    };
    if (product) {
      void run(() => adminSend("PUT", `/api/admin/products/${product.id}`, payload), "Product saved.");
      return;
    }
    void run(() => adminSend("POST", "/api/admin/products", payload), "Product created.").then((answer) => {
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
            <StatusBadge status={product.archived ? "archived" : product.draft ? "draft" : "active"} />
            <button
              type="button"
              className={product.draft ? buttonClass.primary : buttonClass.secondary}
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    adminSend(
                      "POST",
                      `/api/admin/products/${product.id}/${product.draft ? "publish" : "unpublish"}`,
                    ),
                  product.draft
                    ? "Published: the shop shows it."
                    : "Back to draft: the shop no longer shows it.",
                )
              }
            >
              {product.draft ? "Publish" : "Unpublish"}
            </button>
            {!product.archived && !product.draft ? (
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
            result ??
            (created
              ? { ok: true, message: "Product created as a draft. Add its images, then publish it." }
              : null)
          }
        />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" key={product?.id ?? "new"}>
        <ProductDetails product={product} />
        <ProductArabic product={product} />
        <ProductSizes product={product} rows={rows} setRows={setRows} />
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
