import { Link, useSearchParams } from "react-router";
import type { AdminReturnRow } from "#core/schemas/returns.ts";
import { AlterationsCard } from "../../components/admin/alterations";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { REASON_LABELS, RETURN_STATUS_LABELS } from "../../components/admin/order-returns";
import { PageHeader, Pager, StatusBadge } from "../../components/admin/ui";
import type { Route } from "./+types/returns";

export function meta() {
  return [{ title: "Returns · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const [answer, { alterations }] = await Promise.all([
    adminGet(`/api/admin/returns${listQuery(url, ["status", "page"])}`, request.signal),
    // Issue 29 (decision 0043): alteration requests follow returns' pattern on the same screen.
    adminGet("/api/admin/alterations", request.signal),
  ]);
  return { ...answer, alterations, page: Number(url.searchParams.get("page") ?? 1) || 1, limit: 50 };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AdminReturnRow>[] = [
  {
    id: "number",
    header: "Request",
    cell: ({ row }) => (
      <Link to={`/admin/orders/${row.original.orderId}`} className="font-medium underline underline-offset-4">
        {row.original.kind === "exchange" ? "Exchange" : "Return"} {row.original.number}
      </Link>
    ),
  },
  { id: "customer", header: "Customer", cell: ({ row }) => row.original.customerName },
  {
    id: "items",
    header: "Items",
    cell: ({ row }) =>
      row.original.lines
        .map((l) => `${l.quantity} × ${l.name} (${l.size})${l.exchangeSize ? ` → ${l.exchangeSize}` : ""}`)
        .join(", "),
  },
  {
    id: "reason",
    header: "Reason",
    cell: ({ row }) => REASON_LABELS[row.original.reason] ?? row.original.reason,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <StatusBadge status={row.original.status} label={RETURN_STATUS_LABELS[row.original.status]} />
    ),
  },
  { id: "at", header: "Asked", cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

const FILTERS = ["", "requested", "approved", "received", "refunded", "shipped", "refused"] as const;

/** Issue 24: the customers' return and exchange requests, newest first; each opens its order. */
export default function Returns({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { returns, total, page, limit, alterations } = loaderData;
  const current = params.get("status") ?? "";
  return (
    <>
      <PageHeader title="Returns and exchanges" />
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2 text-sm">
        {FILTERS.map((s) => (
          <Link
            key={s || "all"}
            to={s ? `?status=${s}` : "?"}
            aria-current={current === s ? "page" : undefined}
            className={`rounded-md border px-3 py-1.5 ${current === s ? "border-neutral-900 bg-neutral-900 text-white" : "border-neutral-300"}`}
          >
            {s ? RETURN_STATUS_LABELS[s] : "All"}
          </Link>
        ))}
      </nav>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "request" : "requests"}
      </p>
      <DataTable caption="Returns and exchanges" columns={columns} data={returns} empty="No requests." />
      <Pager page={page} total={total} limit={limit} search={params} />
      <AlterationsCard alterations={alterations} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
