import { Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect, KeepParam } from "../../components/admin/filters";
import { formatDateTime, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { PhoneLink } from "../../components/admin/phone-link";
import { SortHeader } from "../../components/admin/sort-header";
import { type AdminOrderSummary, ORDER_STATUS_OPTIONS } from "../../components/admin/types";
import { PageHeader, Pager, StatusBadge, TestBadge } from "../../components/admin/ui";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Orders · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet(
    `/api/admin/orders${listQuery(url, ["status", "search", "test", "customer", "sort", "page"])}`,
    request.signal,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AdminOrderSummary>[] = [
  {
    id: "number",
    label: "Order",
    header: () => <SortHeader label="Order" column="number" />,
    cell: ({ row }) => (
      <span className="flex items-center gap-1.5">
        <Link to={`/admin/orders/${row.original.id}`} className="font-medium underline underline-offset-4">
          {row.original.orderNumber}
        </Link>
        {row.original.isTest ? <TestBadge /> : null}
      </span>
    ),
  },
  {
    id: "date",
    label: "Placed",
    header: () => <SortHeader label="Placed" column="placed" />,
    cell: ({ row }) => formatDateTime(row.original.placedAt),
  },
  {
    id: "customer",
    label: "Customer",
    header: () => <SortHeader label="Customer" column="customer" />,
    cell: ({ row }) => (
      <span>
        {row.original.customerName}
        <PhoneLink phone={row.original.phone} className="block text-xs text-neutral-700" />
      </span>
    ),
  },
  { id: "items", header: "Items", cell: ({ row }) => row.original.itemCount },
  {
    id: "total",
    label: "Total",
    header: () => <SortHeader label="Total" column="total" />,
    cell: ({ row }) => formatFils(row.original.totalFils),
  },
  {
    id: "payment",
    header: "Payment",
    cell: ({ row }) => (
      <span className="flex items-center gap-1.5">
        <span className="uppercase text-xs text-neutral-700">{row.original.paymentMode}</span>
        <StatusBadge status={row.original.paymentStatus} />
      </span>
    ),
  },
  {
    id: "status",
    label: "Status",
    header: () => <SortHeader label="Status" column="status" />,
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={row.original.status} />
        {row.original.needsAttention ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            Needs attention
          </span>
        ) : null}
      </span>
    ),
  },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { orders, page, limit, total } = loaderData;
  return (
    <>
      <PageHeader title="Orders" />
      <FilterForm label="Find orders">
        <FilterInput
          id="orders-search"
          name="search"
          label="Number, name, phone, e-mail or product"
          type="search"
          wide
        />
        <FilterSelect
          id="orders-status"
          name="status"
          label="Status"
          options={[
            { value: "", label: "All statuses" },
            ...ORDER_STATUS_OPTIONS.map((status) => ({ value: status, label: status })),
          ]}
        />
        <FilterSelect
          id="orders-test"
          name="test"
          label="Test orders"
          options={[
            { value: "", label: "Shown" },
            { value: "hide", label: "Hidden" },
            { value: "only", label: "Only test orders" },
          ]}
        />
        <KeepParam name="sort" />
        <KeepParam name="customer" />
      </FilterForm>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "order" : "orders"}
      </p>
      <DataTable caption="Orders" columns={columns} data={orders} empty="No orders match." />
      <Pager page={page} total={total} limit={limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
