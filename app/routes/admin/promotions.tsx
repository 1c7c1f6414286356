import { useState } from "react";
import type { Promotion } from "#core/schemas/promotions.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { PromotionForm } from "../../components/admin/promotion-form";
import { useAdminSession } from "../../components/admin/session";
import { buttonClass, Card, Notice, PageHeader } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/promotions";

export function meta() {
  return [{ title: "Promotions · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/promotions", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** "20% off" or "AED 50 off", and what it is for. */
function discountText(p: Promotion, categories: { slug: string; name: string }[]): string {
  const off = p.kind === "percent" ? `${p.value}% off` : `${formatFils(p.value)} off`;
  const scope =
    p.scope === "all"
      ? "the whole order"
      : p.scope === "collections"
        ? `collections: ${p.collections.map((slug) => categories.find((c) => c.slug === slug)?.name ?? slug).join(", ")}`
        : `${p.productIds.length} product${p.productIds.length === 1 ? "" : "s"}`;
  return `${off} ${scope}${p.includeSaleItems ? "" : ", not sale items"}`;
}

/** Dubai wall-clock time as entered ("2026-12-01T09:00") shown as "2026-12-01 09:00". */
const dubai = (local: string | null) => (local ? local.replace("T", " ") : null);

function whenText(p: Promotion): string {
  const from = dubai(p.startsAt);
  const to = dubai(p.endsAt);
  if (!from && !to) return "Always";
  return `${from ? `From ${from}` : "Now"}${to ? ` until ${to}` : ""} (Dubai)`;
}

function statusText(p: Promotion): { label: string; tone: string } {
  if (!p.active) return { label: "Paused", tone: "bg-neutral-200 text-neutral-800" };
  if (p.live) return { label: "Live", tone: "bg-emerald-100 text-emerald-900" };
  return { label: "Scheduled or ended", tone: "bg-amber-100 text-amber-900" };
}

/**
 * Issue 28: the shop's discount codes with their uses and the discount they gave; the owner creates,
 * edits, pauses and activates them (staff read them).
 */
export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { user, categories } = useAdminSession();
  const owner = user.role === "owner";
  const { busy, result, run, setResult } = useChange();
  const [editing, setEditing] = useState<string | null>(null);
  const promotions = loaderData.promotions;
  const edited = promotions.find((p) => p.id === editing);

  return (
    <>
      <PageHeader title="Promotions" />
      <p className="-mt-4 mb-4 text-sm text-neutral-600">
        A shopper enters one code in the cart or at checkout, or arrives through a link such as{" "}
        <code className="rounded bg-neutral-100 px-1">/?code=EID20</code>. Uses count placed orders that were
        not cancelled; a payment still open holds its use until it ends.
      </p>
      <div className="mb-4">
        <Notice result={result} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
        <Card title="Codes">
          {promotions.length === 0 ? (
            <p className="text-sm text-neutral-700">No codes yet.</p>
          ) : (
            <ul className="divide-y divide-neutral-100" data-testid="promotion-list">
              {promotions.map((p) => {
                const status = statusText(p);
                return (
                  <li key={p.id} className="flex flex-col gap-2 py-3" data-testid="promotion-row">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="flex flex-wrap items-center gap-2">
                        <strong className="font-mono text-base">{p.code}</strong>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>
                          {status.label}
                        </span>
                      </p>
                      {owner ? (
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className={buttonClass.secondary}
                            onClick={() => {
                              setResult(null);
                              setEditing(p.id);
                            }}
                            aria-label={`Edit ${p.code}`}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className={buttonClass.secondary}
                            disabled={busy}
                            onClick={() =>
                              void run(
                                () =>
                                  adminSend("PATCH", `/api/admin/promotions/${p.id}`, { active: !p.active }),
                                p.active ? `${p.code} paused.` : `${p.code} is active again.`,
                              )
                            }
                          >
                            {p.active ? `Pause ${p.code}` : `Activate ${p.code}`}
                          </button>
                        </div>
                      ) : null}
                    </div>
                    <p className="text-sm text-neutral-800">{discountText(p, categories)}</p>
                    <p className="text-sm text-neutral-700">
                      {whenText(p)}
                      {p.minSpendFils > 0 ? ` · minimum spend ${formatFils(p.minSpendFils)}` : ""}
                    </p>
                    <p className="text-sm text-neutral-700" data-testid="promotion-usage">
                      <strong className="text-neutral-900">
                        {p.uses}
                        {p.usageLimit !== null ? ` of ${p.usageLimit}` : ""} used
                      </strong>
                      {p.reserved > 0 ? ` (${p.reserved} held by open payments)` : ""}
                      {p.perCustomerLimit !== null ? ` · ${p.perCustomerLimit} per customer` : ""} ·{" "}
                      {formatFils(p.discountGivenFils)} given
                      {p.overshoot > 0 ? (
                        <span className="font-medium text-red-700">
                          {" "}
                          · {p.overshoot} over the limit (late payments honoured)
                        </span>
                      ) : null}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        {owner ? (
          <Card title={edited ? `Edit ${edited.code}` : "New code"}>
            <PromotionForm
              key={edited?.id ?? "new"}
              {...(edited ? { promotion: edited, onCancel: () => setEditing(null) } : {})}
              busy={busy}
              onInvalid={(message) => setResult({ ok: false, message })}
              onSave={(fields, form) => {
                if (edited) {
                  const { code: _code, ...changes } = fields;
                  void run(
                    () => adminSend("PATCH", `/api/admin/promotions/${edited.id}`, changes),
                    `${edited.code} saved.`,
                  ).then((done) => {
                    if (done) setEditing(null);
                  });
                } else {
                  void run(
                    () => adminSend("POST", "/api/admin/promotions", fields),
                    `${fields.code.toUpperCase()} created.`,
                  ).then((done) => {
                    if (done) form.reset();
                  });
                }
              }}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
