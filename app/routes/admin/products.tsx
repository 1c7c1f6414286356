import { Form, Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { NeedsArabicBadge, TranslationFilter } from "../../components/admin/arabic";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { CategoryName, useAdminSession } from "../../components/admin/session";
import type { AdminProductSummary } from "../../components/admin/types";
import { buttonClass, inputClass, PageHeader, Pager, StatusBadge } from "../../components/admin/ui";
import type { Route } from "./+types/products";

export function meta() {
  return [{ title: "Products · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet(
    `/api/admin/products${listQuery(url, ["search", "category", "flag", "archived", "state", "needsArabic", "page"])}`,
    request.signal,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AdminProductSummary>[] = [
  {
    id: "product",
    header: "Product",
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        {row.original.image ? (
          <img
            src={row.original.image}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded object-cover"
          />
        ) : (
          <span className="size-10 rounded bg-neutral-200" aria-hidden />
        )}
        <Link to={`/admin/products/${row.original.id}`} className="font-medium underline underline-offset-4">
          {row.original.name}
        </Link>
        <NeedsArabicBadge missing={row.original.missingArabic} />
      </span>
    ),
  },
  { id: "category", header: "Category", cell: ({ row }) => <CategoryName slug={row.original.category} /> },
  { id: "type", header: "Type", cell: ({ row }) => row.original.type },
  {
    id: "price",
    header: "Price",
    cell: ({ row }) =>
      row.original.salePriceFils !== null && row.original.salePriceFils < row.original.priceFils ? (
        <span>
          {formatFils(row.original.salePriceFils)}{" "}
          <s className="text-neutral-600">{formatFils(row.original.priceFils)}</s>
        </span>
      ) : (
        formatFils(row.original.priceFils)
      ),
  },
  {
    id: "stock",
    header: "Stock",
    cell: ({ row }) => (
      <span>
        {row.original.available === null ? "Not tracked" : `${row.original.available} available`}
        <span className="block text-xs text-neutral-600">
          {row.original.variantCount} {row.original.variantCount === 1 ? "size" : "sizes"}
          {row.original.lowStockSizes > 0 ? ` · ${row.original.lowStockSizes} low` : ""}
        </span>
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <StatusBadge status={row.original.archived ? "archived" : row.original.draft ? "draft" : "active"} />
    ),
  },
];

/** Issue 15: the catalog with search, filters and paging (on the server), and a way to add a product. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { categories } = useAdminSession();
  const { products, page, limit, total } = loaderData;
  return (
    <>
      <PageHeader title="Products">
        <Link to="/admin/products/new" className={buttonClass.primary}>
          New product
        </Link>
      </PageHeader>
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Find products"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="products-search" className="text-sm font-medium">
            Name, slug or SKU
          </label>
          <input
            id="products-search"
            name="search"
            type="search"
            defaultValue={params.get("search") ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-category" className="text-sm font-medium">
            Category
          </label>
          <select
            id="products-category"
            name="category"
            defaultValue={params.get("category") ?? ""}
            className={inputClass}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-flag" className="text-sm font-medium">
            Flag
          </label>
          <select
            id="products-flag"
            name="flag"
            defaultValue={params.get("flag") ?? ""}
            className={inputClass}
          >
            <option value="">Any</option>
            <option value="bestseller">Bestseller</option>
            <option value="new">New</option>
            <option value="sale">Sale</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-archived" className="text-sm font-medium">
            Status
          </label>
          <select
            id="products-archived"
            name="archived"
            defaultValue={params.get("archived") ?? "active"}
            className={inputClass}
          >
            <option value="active">Active</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-state" className="text-sm font-medium">
            Published
          </label>
          <select
            id="products-state"
            name="state"
            defaultValue={params.get("state") ?? ""}
            className={inputClass}
          >
            <option value="">Drafts and published</option>
            <option value="draft">Drafts only</option>
            <option value="published">Published only</option>
          </select>
        </div>
        <TranslationFilter id="products-translation" value={params.get("needsArabic")} />
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
      </Form>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "product" : "products"}
      </p>
      <DataTable caption="Products" columns={columns} data={products} empty="No products match." />
      <Pager page={page} total={total} limit={limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
