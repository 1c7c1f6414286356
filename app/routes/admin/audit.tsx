import { useSearchParams } from "react-router";
import { AUDIT_ENTITIES } from "#core/schemas/admin/audit.ts";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "../../components/admin/filters";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AuditEntry } from "../../components/admin/types";
import { PageHeader, Pager } from "../../components/admin/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet(
    `/api/admin/audit${listQuery(url, ["actor", "entity", "from", "to", "page"])}`,
    request.signal,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** What changed: field, before and after. */
function Changes({ changes }: { changes: AuditEntry["changes"] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="text-xs">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{change.field}</span>: {show(change.before)} → {show(change.after)}
        </li>
      ))}
    </ul>
  );
}

const columns: AdminColumn<AuditEntry>[] = [
  { id: "at", header: "When", cell: ({ row }) => formatDateTime(row.original.at) },
  { id: "who", header: "Who", cell: ({ row }) => row.original.actor.name },
  { id: "action", header: "Action", cell: ({ row }) => row.original.action },
  {
    id: "what",
    header: "What",
    cell: ({ row }) => `${row.original.entity.replace("_", " ")}: ${row.original.label}`,
  },
  { id: "changes", header: "Change", cell: ({ row }) => <Changes changes={row.original.changes} /> },
];

/**
 * Issue 15 (owner): who changed what and when: prices, stock, order status, publication.
 * Issue 26: filtered by person, kind and Dubai calendar days, paged.
 */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { total } = loaderData;
  return (
    <>
      <PageHeader title="Audit log" />
      <FilterForm label="Filter the audit log">
        <FilterSelect
          id="audit-actor"
          name="actor"
          label="Person"
          wide
          options={[
            { value: "", label: "Everyone" },
            ...loaderData.people.map((person) => ({ value: person.id, label: person.name })),
          ]}
        />
        <FilterSelect
          id="audit-entity"
          name="entity"
          label="Kind"
          wide
          options={[
            { value: "", label: "Every kind" },
            ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: entity.replace("_", " ") })),
          ]}
        />
        <FilterInput id="audit-from" name="from" label="From" type="date" />
        <FilterInput id="audit-to" name="to" label="To" type="date" />
      </FilterForm>
      <p className="mb-2 text-sm text-neutral-700" aria-live="polite">
        {total} {total === 1 ? "change" : "changes"}
      </p>
      <DataTable
        caption="Audit log"
        columns={columns}
        data={loaderData.entries}
        empty="Nothing has changed yet."
      />
      <Pager page={loaderData.page} total={loaderData.total} limit={loaderData.limit} search={params} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
