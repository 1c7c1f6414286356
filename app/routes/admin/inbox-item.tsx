import { type FormEvent, Suspense } from "react";
import { Link } from "react-router";
import { replyText } from "#core/admin-mail-text.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { PhoneLink } from "../../components/admin/phone-link";
import { RequestQuotes } from "../../components/admin/request-quotes";
import { type InboxStatus, REQUEST_STATUS_LABELS as LABELS } from "../../components/admin/types";
import {
  buttonClass,
  Card,
  Field,
  inputClass,
  Notice,
  PageHeader,
  StatusBadge,
} from "../../components/admin/ui";
import { field, useChange } from "../../components/admin/use-change";
import { lazy } from "../../lib/lazy";
import type { Route } from "./+types/inbox-item";

// Issue 29's home visit: its form and checks load with a stitching request only.
const HomeVisitCard = lazy(() =>
  import("../../components/admin/home-visit-card").then((m) => ({ default: m.HomeVisitCard })),
);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.item.reference ?? "Request"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const [{ item }, quotes] = await Promise.all([
    adminGet(`/api/admin/inbox/${params.kind}/${params.id}`, request.signal),
    // Issue 29 (decision 0043): a stitching request's quotes.
    params.kind === "stitching"
      ? adminGet(`/api/admin/inbox/stitching/${params.id}/quotes`, request.signal)
      : null,
  ]);
  return { item, quotes };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** A reply whose mail has not gone (the owner's Mail screen lists it and can resend it). */
const REPLY_MAIL_STATUS = {
  stored: "not sent yet: waiting for mail to be configured",
  failed: "not sent yet: the mail server refused it, retrying",
  pending: "being sent",
} as const;

/** Issue 15: one stitching request or message, its status, the staff's notes and a reply by e-mail. */
export default function InboxItemPage({ loaderData }: Route.ComponentProps) {
  const { item, quotes } = loaderData;
  const change = useChange();
  const { busy, result, run } = change;
  const base = `/api/admin/inbox/${item.kind}/${item.id}` as const;

  function submitted(event: FormEvent<HTMLFormElement>): FormData {
    event.preventDefault();
    return new FormData(event.currentTarget);
  }

  async function reply(event: FormEvent<HTMLFormElement>) {
    const formElement = event.currentTarget;
    const form = submitted(event);
    const body = { subject: field(form, "subject"), message: field(form, "message") };
    const answer = await run(
      () => adminSend("POST", `${base}/reply`, body),
      (done) => replyText(done.mail),
    );
    if (answer) formElement.reset();
  }

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
        <Notice result={result} />
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
                  <dd>
                    <PhoneLink phone={item.phone} />
                  </dd>
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
            <form
              onSubmit={(event) => {
                const status = field(submitted(event), "status") as InboxStatus;
                void run(() => adminSend("PATCH", base, { status }), "Status changed.");
              }}
              className="mt-4 flex flex-wrap items-end gap-2"
            >
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
            </form>
          </Card>
          <Card title="Notes (only staff see them)">
            <form
              onSubmit={(event) => {
                const notes = field(submitted(event), "notes");
                void run(() => adminSend("PATCH", base, { notes }), "Notes saved.");
              }}
              className="flex flex-col gap-2"
            >
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
            </form>
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          {item.kind === "stitching" ? (
            <Suspense fallback={<Card title="Home visit measurements">Loading…</Card>}>
              <HomeVisitCard requestId={item.id} />
            </Suspense>
          ) : null}
          <Card title="Reply by e-mail">
            {item.email ? (
              <form onSubmit={reply} className="flex flex-col gap-3">
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
              </form>
            ) : (
              <p className="text-sm text-neutral-700">
                The shopper left no e-mail address{item.phone ? `: call or message ${item.phone}` : ""}.
              </p>
            )}
          </Card>
          {quotes ? <RequestQuotes requestId={item.id} data={quotes} change={change} /> : null}
          <Card title="Replies">
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
                      {reply.mailStatus && reply.mailStatus !== "sent" ? (
                        <> · {REPLY_MAIL_STATUS[reply.mailStatus]}</>
                      ) : null}
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

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
