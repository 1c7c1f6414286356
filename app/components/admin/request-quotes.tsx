import type { FormEvent } from "react";
import type { AdminRequestQuotes, QuoteCreate } from "#core/schemas/quotes.ts";
import { adminSend } from "./api";
import { formatDate, formatFils } from "./format";
import { buttonClass, Card, Field, inputClass } from "./ui";
import { field, type useChange } from "./use-change";

const STATUS: Record<string, string> = {
  open: "Open: waiting for the customer",
  accepted: "Accepted",
  withdrawn: "Withdrawn",
  expired: "Expired",
};
const LINES = [0, 1, 2];

/**
 * A stitching request's quotes in the back office (issue 29; decision 0043): the owner's priced answer
 * (lines, ready date; valid for the quoteValidDays setting), mailed to the customer, who accepts it in My
 * Account. A request sent without an account cannot be accepted online: the screen says so.
 */
export function RequestQuotes(props: {
  requestId: string;
  data: AdminRequestQuotes;
  change: ReturnType<typeof useChange>;
}) {
  const { data, change } = props;
  const { busy, run } = change;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const body: QuoteCreate = {
      lines: LINES.flatMap((i) => {
        const description = field(form, `description-${i}`);
        if (!description) return [];
        return [
          {
            description,
            quantity: Number(field(form, `quantity-${i}`) || "1"),
            unitPrice: Number(field(form, `price-${i}`) || "0"),
          },
        ];
      }),
      readyDate: field(form, "readyDate"),
      note: field(form, "note") || undefined,
    };
    const answer = await run(
      () => adminSend("POST", `/api/admin/inbox/stitching/${props.requestId}/quote`, body),
      "Quote sent to the customer.",
    );
    if (answer) element.reset();
  }

  return (
    <Card title="Quote">
      {data.quotes.length > 0 ? (
        <ul className="mb-4 flex flex-col gap-3 text-sm" data-testid="request-quotes">
          {data.quotes.map((q) => (
            <li key={q.id} className="rounded-md bg-neutral-50 p-3">
              <p className="font-medium">
                {q.number} · {formatFils(q.totalFils)} · {STATUS[q.status]}
                {q.orderNumber ? ` (order ${q.orderNumber})` : ""}
              </p>
              <ul className="mt-1">
                {q.lines.map((l) => (
                  <li key={`${q.id}-${l.description}`}>
                    {l.description} × {l.quantity}: {formatFils(l.lineTotalFils)}
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-neutral-600">
                Ready {q.readyDate} · valid until {formatDate(q.expiresAt)}
              </p>
              {q.status === "open" ? (
                <button
                  type="button"
                  className={`${buttonClass.secondary} mt-2`}
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => adminSend("POST", `/api/admin/quotes/${q.id}/withdraw`),
                      "Quote withdrawn.",
                    )
                  }
                >
                  Withdraw {q.number}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {data.acceptOnline ? (
        <form onSubmit={send} className="flex flex-col gap-3" aria-label="Send a quote">
          {LINES.map((i) => (
            <fieldset key={i} className="grid grid-cols-[1fr_5rem_7rem] gap-2">
              <legend className="text-sm font-medium">Line {i + 1}</legend>
              <Field id={`quote-description-${i}`} label="Description">
                <input
                  id={`quote-description-${i}`}
                  name={`description-${i}`}
                  required={i === 0}
                  maxLength={200}
                  className={inputClass}
                />
              </Field>
              <Field id={`quote-quantity-${i}`} label="Quantity">
                <input
                  id={`quote-quantity-${i}`}
                  name={`quantity-${i}`}
                  type="number"
                  min={1}
                  max={99}
                  defaultValue={1}
                  className={inputClass}
                />
              </Field>
              <Field id={`quote-price-${i}`} label="Unit price (AED)">
                <input
                  id={`quote-price-${i}`}
                  name={`price-${i}`}
                  type="number"
                  min={0}
                  step="0.01"
                  required={i === 0}
                  className={inputClass}
                />
              </Field>
            </fieldset>
          ))}
          <Field id="quote-ready" label="Ready by">
            <input id="quote-ready" name="readyDate" type="date" required className={inputClass} />
          </Field>
          <Field id="quote-note" label="Note to the customer (optional)">
            <textarea id="quote-note" name="note" rows={3} maxLength={1000} className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            Send quote
          </button>
        </form>
      ) : (
        <p className="text-sm text-neutral-700" data-testid="quote-not-online">
          This request was sent without an account, so the customer cannot accept a quote online. Reply by
          e-mail or call instead.
        </p>
      )}
    </Card>
  );
}
