import { Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { FilterForm, FilterSelect } from "../../components/admin/filters";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { type InboxSummary, REQUEST_STATUS_LABELS } from "../../components/admin/types";
import { PageHeader, Pager, StatusBadge } from "../../components/admin/ui";
import type { Route } from "./+types/inbox";

export function meta() {
  return [{ title: "Requests & messages · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet(`/api/admin/inbox${listQuery(url, ["kind", "status", "page"])}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<InboxSummary>[] = [
  {
    id: "reference",
    header: "Reference",
    cell: ({ row }) => (
      <Link
        to={`/admin/inbox/${row.original.kind}/${row.original.id}`}
        className="font-medium underline underline-offset-4"
      >
        {row.original.reference}
      </Link>
    ),
  },
  {
    id: "kind",
    header: "Kind",
    cell: ({ row }) => (row.original.kind === "stitching" ? "Stitching request" : "Message"),
  },
  { id: "from", header: "From", cell: ({ row }) => row.original.name },
  { id: "subject", header: "Subject", cell: ({ row }) => row.original.subject },
  { id: "received", header: "Received", cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <StatusBadge status={row.original.status} label={REQUEST_STATUS_LABELS[row.original.status]} />
    ),
  },
];

/** Issue 15: stitching requests and contact messages in one inbox, newest first. */
export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { items, page, limit, total } = loaderData;
  return (
    <>
      <PageHeader title="Requests & messages" />
      <FilterForm label="Filter the inbox">
        <FilterSelect
          id="inbox-kind"
          name="kind"
          label="Kind"
          options={[
            { value: "", label: "Everything" },
            { value: "stitching", label: "Stitching requests" },
            { value: "contact", label: "Messages" },
          ]}
        />
        <FilterSelect
          id="inbox-status"
          name="status"
          label="Status"
          options={[
            { value: "", label: "Any status" },
            ...Object.entries(REQUEST_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </FilterForm>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "item" : "items"}
      </p>
      <DataTable caption="Requests and messages" columns={columns} data={items} empty="Nothing here." />
      <Pager page={page} total={total} limit={limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
