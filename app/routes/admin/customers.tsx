import { Form, Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDate, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { ContactLine } from "../../components/admin/phone-link";
import type { AdminCustomerSummary } from "../../components/admin/types";
import { buttonClass, inputClass, PageHeader, Pager } from "../../components/admin/ui";
import type { Route } from "./+types/customers";

export function meta() {
  return [{ title: "Customers · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet(`/api/admin/customers${listQuery(url, ["search", "page"])}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AdminCustomerSummary>[] = [
  {
    id: "name",
    header: "Customer",
    cell: ({ row }) => (
      <span>
        <Link to={`/admin/customers/${row.original.id}`} className="font-medium underline underline-offset-4">
          {row.original.name}
        </Link>
        <span className="block text-xs text-neutral-600">
          <ContactLine email={row.original.email} phone={row.original.phone} />
        </span>
      </span>
    ),
  },
  { id: "orders", header: "Orders", cell: ({ row }) => row.original.ordersCount },
  { id: "spent", header: "Spent", cell: ({ row }) => formatFils(row.original.totalSpentFils) },
  {
    id: "last",
    header: "Last order",
    cell: ({ row }) => (row.original.lastOrderAt ? formatDate(row.original.lastOrderAt) : "None yet"),
  },
  {
    id: "refusals",
    header: "COD refusals",
    cell: ({ row }) =>
      row.original.codRefusals > 0 ? (
        <span className="font-semibold text-rose-800">{row.original.codRefusals}</span>
      ) : (
        0
      ),
  },
];

/** Issue 26: the shop's customers, found by name, e-mail or phone, with what each has bought. */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { customers, page, limit, total } = loaderData;
  return (
    <>
      <PageHeader title="Customers" />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Find customers"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="customers-search" className="text-sm font-medium">
            Name, e-mail or phone
          </label>
          <input
            id="customers-search"
            name="search"
            type="search"
            defaultValue={params.get("search") ?? ""}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          Find
        </button>
      </Form>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "customer" : "customers"}
      </p>
      <DataTable caption="Customers" columns={columns} data={customers} empty="No customers match." />
      <Pager page={page} total={total} limit={limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
