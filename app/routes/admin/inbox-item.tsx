import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { adminGet, adminSend, attempt } from "../../components/admin/api";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { type AdminRequest, REQUEST_STATUS_LABELS as LABELS } from "../../components/admin/types";
import {
  buttonClass,
  Card,
  Field,
  inputClass,
  Notice,
  PageHeader,
  StatusBadge,
} from "../../components/admin/ui";
import type { Route } from "./+types/inbox-item";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.request.reference ?? "Request"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminGet<{ request: AdminRequest }>(
    `/api/admin/requests/${params.kind}/${params.id}`,
    request.signal,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const base = `/api/admin/requests/${params.kind}/${params.id}`;
  const text = (name: string) => String(form.get(name) ?? "").trim();
  switch (form.get("intent")) {
    case "status":
      return attempt(
        () => adminSend("POST", `${base}/status`, { status: text("status") }),
        "Status changed.",
      );
    case "note":
      return attempt(() => adminSend("POST", `${base}/notes`, { text: text("text") }), "Note added.");
    default:
      return attempt(
        () => adminSend("POST", `${base}/reply`, { subject: text("subject"), message: text("message") }),
        "Reply sent by e-mail.",
      );
  }
}

/** Issue 15: one request or message, its status, internal notes and a reply by e-mail. */
export default function InboxItem({ loaderData }: Route.ComponentProps) {
  const { request } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  const noteForm = useRef<HTMLFormElement>(null);
  const replyForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      noteForm.current?.reset();
      replyForm.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/inbox" className="underline underline-offset-4">
          Requests & messages
        </Link>
      </p>
      <PageHeader
        title={`${request.kind === "stitching" ? "Stitching request" : "Message"} ${request.reference}`}
      >
        <StatusBadge status={request.status} label={LABELS[request.status]} />
      </PageHeader>
      <div className="mb-4">
        <Notice result={fetcher.data} />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title="From the shopper">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-neutral-700">Name</dt>
            <dd>{request.name}</dd>
            {request.email ? (
              <>
                <dt className="text-neutral-700">E-mail</dt>
                <dd>{request.email}</dd>
              </>
            ) : null}
            {request.phone ? (
              <>
                <dt className="text-neutral-700">Phone</dt>
                <dd>{request.phone}</dd>
              </>
            ) : null}
            <dt className="text-neutral-700">Received</dt>
            <dd>{formatDateTime(request.createdAt)}</dd>
            {request.fields.map((field) => (
              <div key={field.label} className="contents">
                <dt className="text-neutral-700">{field.label}</dt>
                <dd className="whitespace-pre-line">{field.value}</dd>
              </div>
            ))}
          </dl>
          <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="status" />
            <Field id="request-status" label="Status">
              <select
                id="request-status"
                name="status"
                defaultValue={request.status}
                className={inputClass}
                key={request.status}
              >
                {Object.entries(LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className={buttonClass.secondary} disabled={busy}>
              Change status
            </button>
          </fetcher.Form>
        </Card>
        <div className="flex flex-col gap-4">
          <Card title="Reply by e-mail">
            {request.email ? (
              <fetcher.Form method="post" className="flex flex-col gap-3" ref={replyForm}>
                <input type="hidden" name="intent" value="reply" />
                <Field id="reply-subject" label="Subject">
                  <input
                    id="reply-subject"
                    name="subject"
                    required
                    maxLength={200}
                    defaultValue={`Re: ${request.subject} (${request.reference})`}
                    className={inputClass}
                  />
                </Field>
                <Field id="reply-message" label="Message">
                  <textarea
                    id="reply-message"
                    name="message"
                    required
                    rows={6}
                    maxLength={5000}
                    className={inputClass}
                  />
                </Field>
                <button type="submit" className={buttonClass.primary} disabled={busy}>
                  Send reply to {request.email}
                </button>
              </fetcher.Form>
            ) : (
              <p className="text-sm text-neutral-700">
                The shopper left no e-mail address{request.phone ? `: call or message ${request.phone}` : ""}.
              </p>
            )}
          </Card>
          <Card title="Notes">
            <ul className="mb-3 flex flex-col gap-2 text-sm" data-testid="request-notes">
              {request.notes.length === 0 ? <li className="text-neutral-700">No notes yet.</li> : null}
              {request.notes.map((note) => (
                <li key={note._id} className="rounded-md bg-neutral-50 p-2">
                  <p className="whitespace-pre-line">{note.text}</p>
                  <p className="mt-1 text-xs text-neutral-600">
                    {note.actorName} · {formatDateTime(note.at)}
                  </p>
                </li>
              ))}
            </ul>
            <fetcher.Form method="post" className="flex flex-col gap-2" ref={noteForm}>
              <input type="hidden" name="intent" value="note" />
              <Field id="note-text" label="Add a note (only staff see it)">
                <textarea
                  id="note-text"
                  name="text"
                  required
                  rows={3}
                  maxLength={2000}
                  className={inputClass}
                />
              </Field>
              <button type="submit" className={buttonClass.secondary} disabled={busy}>
                Add note
              </button>
            </fetcher.Form>
          </Card>
        </div>
      </div>
    </>
  );
}
