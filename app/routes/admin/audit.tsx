import { Form, useSearchParams } from "react-router";
import { AUDIT_ENTITIES } from "#core/schemas/admin/audit.ts";
import { adminGet, listQuery } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AuditEntry, Paged } from "../../components/admin/types";
import { buttonClass, inputClass, PageHeader, Pager } from "../../components/admin/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return adminGet<{ entries: AuditEntry[]; people: { id: string; name: string }[] } & Paged>(
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
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Filter the audit log"
      >
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor="audit-actor" className="text-sm font-medium">
            Person
          </label>
          <select
            id="audit-actor"
            name="actor"
            defaultValue={params.get("actor") ?? ""}
            className={inputClass}
          >
            <option value="">Everyone</option>
            {loaderData.people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor="audit-entity" className="text-sm font-medium">
            Kind
          </label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={params.get("entity") ?? ""}
            className={inputClass}
          >
            <option value="">Every kind</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entity.replace("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-from" className="text-sm font-medium">
            From
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            defaultValue={params.get("from") ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-to" className="text-sm font-medium">
            To
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            defaultValue={params.get("to") ?? ""}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
      </Form>
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
