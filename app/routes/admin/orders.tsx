import { Form, Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDateTime, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { PhoneLink } from "../../components/admin/phone-link";
import { SortHeader } from "../../components/admin/sort-header";
import { type AdminOrderSummary, ORDER_STATUS_OPTIONS, type Paged } from "../../components/admin/types";
import {
  buttonClass,
  inputClass,
  PageHeader,
  Pager,
  StatusBadge,
  TestBadge,
} from "../../components/admin/ui";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Orders · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet<{ orders: AdminOrderSummary[] } & Paged>(
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
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Find orders"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="orders-search" className="text-sm font-medium">
            Number, name, phone, e-mail or product
          </label>
          <input
            id="orders-search"
            name="search"
            type="search"
            defaultValue={params.get("search") ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-status" className="text-sm font-medium">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={params.get("status") ?? ""}
            className={inputClass}
          >
            <option value="">All statuses</option>
            {ORDER_STATUS_OPTIONS.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-test" className="text-sm font-medium">
            Test orders
          </label>
          <select id="orders-test" name="test" defaultValue={params.get("test") ?? ""} className={inputClass}>
            <option value="">Shown</option>
            <option value="hide">Hidden</option>
            <option value="only">Only test orders</option>
          </select>
        </div>
        {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort") ?? ""} /> : null}
        {params.get("customer") ? (
          <input type="hidden" name="customer" value={params.get("customer") ?? ""} />
        ) : null}
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
      </Form>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "order" : "orders"}
      </p>
      <DataTable caption="Orders" columns={columns} data={orders} empty="No orders match." />
      <Pager page={page} total={total} limit={limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
