import { useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AuditEntry, Paged } from "../../components/admin/types";
import { PageHeader, Pager } from "../../components/admin/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet<{ entries: AuditEntry[] } & Paged>(
    `/api/admin/audit${listQuery(url, ["page"])}`,
    request.signal,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AuditEntry>[] = [
  { id: "at", header: "When", cell: ({ row }) => formatDateTime(row.original.at) },
  { id: "who", header: "Who", cell: ({ row }) => row.original.actorName },
  { id: "action", header: "Action", cell: ({ row }) => row.original.action },
  { id: "what", header: "What", cell: ({ row }) => `${row.original.entity} ${row.original.entityId}` },
  { id: "summary", header: "Change", cell: ({ row }) => row.original.summary },
];

/** Issue 15 (owner): who changed what and when: prices, stock, order status, publication. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Audit log" />
      <DataTable
        caption="Audit log"
        columns={columns}
        data={loaderData.entries}
        empty="Nothing has changed yet."
      />
      <Pager page={loaderData.page} pages={loaderData.pages} search={params} />
    </>
  );
}
