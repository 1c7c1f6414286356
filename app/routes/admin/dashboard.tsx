import { Link } from "react-router";
import { adminGet } from "../../components/admin/api";
import { formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { Card, PageHeader } from "../../components/admin/ui";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/dashboard", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: string;
  to?: string;
  testId?: string;
}) {
  const body = (
    <>
      <span className="text-sm text-neutral-700">{label}</span>
      <span className="mt-1 block text-2xl font-semibold text-neutral-900">{value}</span>
    </>
  );
  return (
    <div className="rounded-lg border border-neutral-200 bg-white p-4 shadow-sm" data-testid={testId}>
      {to ? (
        <Link to={to} className="block hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

/**
 * Issue 15: today's and this month's orders and revenue (AED, VAT-inclusive), the work waiting. Issue 24:
 * the revenue is net of the period's refunds, which are shown beside it. Issue 28: each active code's uses
 * and the discount it gave.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData.dashboard;
  const notice = loaderData.paymentsNotice;
  return (
    <>
      <PageHeader title="Dashboard" />
      <p className="-mt-4 mb-4 text-sm text-neutral-600">
        Orders and revenue leave out test orders (paid through the test payment sandbox: no money taken). Net
        revenue is the period's orders less the refunds made in it, each counted on the day it was made.
      </p>
      {notice ? (
        <p
          className={`mb-4 rounded-lg border p-4 text-sm ${
            notice.level === "warning"
              ? "border-amber-300 bg-amber-50 text-amber-950"
              : "border-sky-200 bg-sky-50 text-sky-950"
          }`}
          data-testid="payments-notice"
        >
          <strong>Card payments: </strong>
          {notice.text}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="dashboard-figures">
        <Figure label="Orders today" value={String(d.today.orders)} />
        <Figure label="Net revenue today" value={formatFils(d.today.revenueFils)} testId="net-today" />
        <Figure label="Refunded today" value={formatFils(d.today.refundedFils)} testId="refunded-today" />
        <Figure label="Orders this month" value={String(d.month.orders)} />
        <Figure label="Net revenue this month" value={formatFils(d.month.revenueFils)} testId="net-month" />
        <Figure
          label="Refunded this month"
          value={formatFils(d.month.refundedFils)}
          testId="refunded-month"
        />
        <Figure label="To pack" value={String(d.toPack)} to="/admin/orders?status=Order+Placed" />
        <Figure
          label="New stitching requests"
          value={String(d.newStitchingRequests)}
          to="/admin/inbox?kind=stitching&status=new"
        />
        <Figure
          label="New messages"
          value={String(d.newMessages)}
          to="/admin/inbox?kind=contact&status=new"
        />
        <Figure label="Reviews to approve" value={String(d.pendingReviews)} to="/admin/reviews" />
      </div>
      <Card title="Active codes" className="mt-6">
        {d.promotions.length === 0 ? (
          <p className="text-sm text-neutral-700">
            No active discount code.{" "}
            <Link to="/admin/promotions" className="underline underline-offset-4">
              Promotions
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-neutral-100 text-sm" data-testid="dashboard-promotions">
            {d.promotions.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to="/admin/promotions"
                  className="font-mono font-medium underline-offset-4 hover:underline"
                >
                  {p.code}
                </Link>
                <span className="text-neutral-700">
                  {p.uses} {p.uses === 1 ? "use" : "uses"} · {formatFils(p.discountGivenFils)} given
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Low stock (${d.lowStockThreshold} or fewer available)`} className="mt-6">
        {d.lowStock.length === 0 ? (
          <p className="text-sm text-neutral-700">Every size is above the threshold.</p>
        ) : (
          <ul className="divide-y divide-neutral-100 text-sm">
            {d.lowStock.map((row) => (
              <li key={row.variantId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/admin/products/${row.productId}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.productName} · {row.size}
                </Link>
                <span className="text-neutral-700">
                  {row.sku} ·{" "}
                  <strong className={row.available <= 0 ? "text-red-700" : "text-neutral-900"}>
                    {row.available} available
                  </strong>
                  {row.held > 0 ? ` (${row.held} held)` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
