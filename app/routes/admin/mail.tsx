import { mailKindLabel, resentText } from "#core/admin-mail-text.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { UndeliveredMail } from "../../components/admin/types";
import { buttonClass, Notice, PageHeader, StatusBadge } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/mail";

export function meta() {
  return [{ title: "Mail · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/mail", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const STATUS_LABELS: Record<UndeliveredMail["status"], string> = {
  stored: "Waiting for mail to be configured",
  failed: "Failed",
  pending: "Not sent yet",
};

/**
 * Issue 21, finding 5 (owner): the mails that reached nobody, stored without SMTP_URL or refused by the
 * mail server, and Resend, which queues one again (sent by the next pass once mail is configured).
 */
export default function Mail({ loaderData }: Route.ComponentProps) {
  const { configured, mails, total } = loaderData;
  const { busy, result, run } = useChange();

  const columns: AdminColumn<UndeliveredMail>[] = [
    { id: "created", header: "Created", cell: ({ row }) => formatDateTime(row.original.createdAt) },
    { id: "to", header: "To", cell: ({ row }) => row.original.to },
    { id: "subject", header: "Subject", cell: ({ row }) => row.original.subject },
    { id: "kind", header: "Kind", cell: ({ row }) => mailKindLabel(row.original.kind) },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <StatusBadge status={row.original.status} label={STATUS_LABELS[row.original.status]} />
      ),
    },
    { id: "attempts", header: "Attempts", cell: ({ row }) => row.original.attempts },
    { id: "error", header: "Last error", cell: ({ row }) => row.original.error ?? "–" },
    {
      id: "resend",
      header: "Action",
      cell: ({ row }) =>
        row.original.status === "pending" ? null : (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            aria-label={`Resend “${row.original.subject}” to ${row.original.to}`}
            onClick={() =>
              run(
                () => adminSend("POST", `/api/admin/mail/${encodeURIComponent(row.original.id)}/resend`),
                (answer) => resentText(answer.mail),
              )
            }
          >
            Resend
          </button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Mail" />
      <div className="mb-4 flex flex-col gap-3">
        <p className="text-sm text-neutral-800" data-testid="mail-configuration">
          {configured
            ? "Mail is configured (SMTP_URL): these mails failed or are still being sent. Failed mail is retried with growing pauses; Resend tries again now."
            : "Mail is not configured: SMTP_URL is not set, so no e-mail leaves the store. Each mail is kept here and printed to the server's log. Once SMTP_URL is set, Resend sends it."}
        </p>
        <Notice result={result} />
      </div>
      <DataTable
        caption={`Undelivered mail (${total})`}
        columns={columns}
        data={mails}
        empty="Every mail has been sent."
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
