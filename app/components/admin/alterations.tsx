import { Link } from "react-router";
import { ALTERATION_NEXT, type AlterationDto } from "#core/schemas/quotes.ts";
import { adminSend } from "./api";
import { formatDateTime } from "./format";
import { buttonClass, Card, Notice, StatusBadge } from "./ui";
import { useChange } from "./use-change";

export const ALTERATION_LABELS: Record<string, string> = {
  requested: "Requested",
  accepted: "Accepted",
  refused: "Refused",
  in_progress: "In progress",
  ready: "Ready",
  returned: "Returned",
};
const ACTIONS: Record<string, string> = {
  accepted: "Accept",
  refused: "Refuse",
  in_progress: "Start work",
  ready: "Mark ready",
  returned: "Mark returned to the customer",
};
const WHAT: Record<string, string> = { length: "Length", width: "Width", sleeves: "Sleeves", other: "Other" };

/**
 * Alteration requests in the back office (issue 29; decision 0043), beside returns: each with its item,
 * what to alter and the customer's note, and the buttons of its next steps (the customer is mailed).
 */
export function AlterationsCard({ alterations }: { alterations: AlterationDto[] }) {
  const { busy, result, run } = useChange();
  return (
    <Card title="Alterations" className="mt-6">
      <Notice result={result} />
      {alterations.length === 0 ? (
        <p className="text-sm text-neutral-700">No alteration requests.</p>
      ) : (
        <ul className="flex flex-col gap-3 text-sm" data-testid="alterations">
          {alterations.map((a) => (
            <li
              key={a.id}
              className="rounded-md bg-neutral-50 p-3"
              data-testid="alteration"
              data-status={a.status}
            >
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Link to={`/admin/orders/${a.orderId}`} className="underline underline-offset-4">
                  Alteration {a.number}
                </Link>
                <StatusBadge status={a.status} label={ALTERATION_LABELS[a.status] ?? a.status} />
              </p>
              <p>
                {a.lineName} · {WHAT[a.what]}
                {a.note ? ` · “${a.note}”` : ""}
              </p>
              <p className="text-xs text-neutral-600">{formatDateTime(a.createdAt)}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {ALTERATION_NEXT[a.status].map((step) => (
                  <button
                    key={step}
                    type="button"
                    className={step === "refused" ? buttonClass.secondary : buttonClass.primary}
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => adminSend("POST", `/api/admin/alterations/${a.id}/step`, { step }),
                        `${a.number}: ${ALTERATION_LABELS[step]}.`,
                      )
                    }
                  >
                    {ACTIONS[step]} {a.number}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
