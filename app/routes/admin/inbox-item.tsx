import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { adminGet, adminSend, attempt } from "../../components/admin/api";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { type InboxItem, REQUEST_STATUS_LABELS as LABELS } from "../../components/admin/types";
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
  return [{ title: `${loaderData?.item.reference ?? "Request"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminGet<{ item: InboxItem }>(`/api/admin/inbox/${params.kind}/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const base = `/api/admin/inbox/${params.kind}/${params.id}`;
  const text = (name: string) => String(form.get(name) ?? "").trim();
  switch (form.get("intent")) {
    case "status":
      return attempt(() => adminSend("PATCH", base, { status: text("status") }), "Status changed.");
    case "notes":
      return attempt(() => adminSend("PATCH", base, { notes: text("notes") }), "Notes saved.");
    default:
      return attempt(
        () => adminSend("POST", `${base}/reply`, { subject: text("subject"), message: text("message") }),
        "Reply sent by e-mail.",
      );
  }
}

/** Issue 15: one stitching request or message, its status, the staff's notes and a reply by e-mail. */
export default function InboxItemPage({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  const replyForm = useRef<HTMLFormElement>(null);
  const lastIntent = useRef<string | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && lastIntent.current === "reply")
      replyForm.current?.reset();
  }, [fetcher.state, fetcher.data]);
  if (fetcher.formData) lastIntent.current = String(fetcher.formData.get("intent"));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/inbox" className="underline underline-offset-4">
          Requests & messages
        </Link>
      </p>
      <PageHeader title={`${item.kind === "stitching" ? "Stitching request" : "Message"} ${item.reference}`}>
        <StatusBadge status={item.status} label={LABELS[item.status]} />
      </PageHeader>
      <div className="mb-4">
        <Notice result={fetcher.data} />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="flex flex-col gap-4">
          <Card title="From the shopper">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-neutral-700">Name</dt>
              <dd>{item.name}</dd>
              {item.email ? (
                <>
                  <dt className="text-neutral-700">E-mail</dt>
                  <dd>{item.email}</dd>
                </>
              ) : null}
              {item.phone ? (
                <>
                  <dt className="text-neutral-700">Phone</dt>
                  <dd>{item.phone}</dd>
                </>
              ) : null}
              <dt className="text-neutral-700">Received</dt>
              <dd>{formatDateTime(item.createdAt)}</dd>
              {item.fields.map((field) => (
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
                  defaultValue={item.status}
                  className={inputClass}
                  key={item.status}
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
          <Card title="Notes (only staff see them)">
            <fetcher.Form method="post" className="flex flex-col gap-2">
              <input type="hidden" name="intent" value="notes" />
              <Field id="request-notes" label="Notes">
                <textarea
                  id="request-notes"
                  name="notes"
                  rows={4}
                  maxLength={5000}
                  defaultValue={item.notes}
                  key={item.notes}
                  className={inputClass}
                />
              </Field>
              <button type="submit" className={buttonClass.secondary} disabled={busy}>
                Save notes
              </button>
            </fetcher.Form>
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title="Reply by e-mail">
            {item.email ? (
              <fetcher.Form method="post" className="flex flex-col gap-3" ref={replyForm}>
                <input type="hidden" name="intent" value="reply" />
                <Field id="reply-subject" label="Subject">
                  <input
                    id="reply-subject"
                    name="subject"
                    maxLength={200}
                    defaultValue={`Re: ${item.subject} (${item.reference})`}
                    className={inputClass}
                  />
                </Field>
                <Field id="reply-message" label="Message">
                  <textarea
                    id="reply-message"
                    name="message"
                    required
                    rows={6}
                    maxLength={10000}
                    className={inputClass}
                  />
                </Field>
                <button type="submit" className={buttonClass.primary} disabled={busy}>
                  Send reply to {item.email}
                </button>
              </fetcher.Form>
            ) : (
              <p className="text-sm text-neutral-700">
                The shopper left no e-mail address{item.phone ? `: call or message ${item.phone}` : ""}.
              </p>
            )}
          </Card>
          <Card title="Replies sent">
            {item.replies.length === 0 ? (
              <p className="text-sm text-neutral-700">No reply yet.</p>
            ) : (
              <ul className="flex flex-col gap-3 text-sm" data-testid="request-replies">
                {item.replies.map((reply) => (
                  <li key={reply.id} className="rounded-md bg-neutral-50 p-3">
                    <p className="font-medium">{reply.subject}</p>
                    <p className="mt-1 whitespace-pre-line">{reply.message}</p>
                    <p className="mt-1 text-xs text-neutral-600">
                      {reply.author} to {reply.to} · {formatDateTime(reply.at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
