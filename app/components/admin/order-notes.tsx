import { useRef } from "react";
import { adminSend } from "./api";
import { formatDateTime } from "./format";
import { buttonClass, Card, inputClass, Notice } from "./ui";
import { useChange } from "./use-change";

/** The shop's internal notes on an order (issue 26): staff only, never shown or mailed to the shopper. */
export function OrderNotes({
  orderId,
  notes,
}: {
  orderId: string;
  notes: { id: string; at: string; author: string; body: string }[];
}) {
  const { busy, result, run } = useChange();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Card title="Internal notes" className="mt-4">
      <p className="mb-3 text-xs text-neutral-600">Only the shop sees these; the shopper never does.</p>
      {notes.length > 0 ? (
        <ul className="mb-3 flex flex-col gap-2 text-sm" data-testid="order-notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 p-2">
              <span className="block whitespace-pre-line">{note.body}</span>
              <span className="block text-xs text-neutral-600">
                {formatDateTime(note.at)} · {note.author}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        ref={formRef}
        className="flex flex-col gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const body = String(new FormData(event.currentTarget).get("body") ?? "").trim();
          const answer = await run(
            () => adminSend("POST", `/api/admin/orders/${orderId}/notes`, { body }),
            "Note added.",
          );
          if (answer) formRef.current?.reset();
        }}
      >
        <label htmlFor="order-internal-note" className="text-sm font-medium">
          Add a note
        </label>
        <textarea
          id="order-internal-note"
          name="body"
          rows={2}
          maxLength={2000}
          required
          className={inputClass}
        />
        <Notice result={result} />
        <div>
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            Add note
          </button>
        </div>
      </form>
    </Card>
  );
}
