import { Link } from "react-router";
import { adminGet } from "../../components/admin/api";
import { formatDate, formatDateTime, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { PhoneLink } from "../../components/admin/phone-link";
import { buttonClass, Card, PageHeader, StatusBadge, TestBadge } from "../../components/admin/ui";
import type { Route } from "./+types/customer";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.customer.name ?? "Customer"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminGet(`/api/admin/customers/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function Empty({ children }: { children: string }) {
  return <p className="text-sm text-neutral-600">{children}</p>;
}

/**
 * Issue 26: one customer's page: her figures, a tap to call her or write to her on WhatsApp, and her
 * orders, addresses, contact messages, stitching requests and reviews, each linking to its own screen.
 */
export default function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const { customer, orders, addresses, messages, stitchingRequests, reviews } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="underline underline-offset-4">
          Customers
        </Link>
      </p>
      <PageHeader title={customer.name}>
        <a href={customer.telHref} className={buttonClass.secondary}>
          Call {customer.phone}
        </a>
        <a href={customer.whatsappHref} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
          WhatsApp
        </a>
        {customer.email ? (
          <a href={`mailto:${customer.email}`} className={buttonClass.ghost}>
            {customer.email}
          </a>
        ) : null}
      </PageHeader>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="customer-figures">
        {[
          ["Orders", String(customer.ordersCount)],
          ["Spent", formatFils(customer.totalSpentFils)],
          ["Last order", customer.lastOrderAt ? formatDate(customer.lastOrderAt) : "None yet"],
          ["COD refusals", String(customer.codRefusals)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-neutral-200 bg-white p-3">
            <dt className="text-xs text-neutral-600 uppercase">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 xl:grid-cols-3">
        <Card title="Orders" className="xl:col-span-2">
          {orders.length === 0 ? (
            <Empty>No orders yet.</Empty>
          ) : (
            <ul className="divide-y divide-neutral-100 text-sm" data-testid="customer-orders">
              {orders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <Link to={`/admin/orders/${o.id}`} className="font-medium underline underline-offset-4">
                    {o.orderNumber}
                  </Link>
                  {o.isTest ? <TestBadge /> : null}
                  <span className="text-neutral-700">{formatDateTime(o.placedAt)}</span>
                  <StatusBadge status={o.status} />
                  <span className="ms-auto">{formatFils(o.totalFils)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Addresses">
          {addresses.length === 0 ? (
            <Empty>No saved addresses.</Empty>
          ) : (
            <ul className="flex flex-col gap-3 text-sm">
              {addresses.map((a) => (
                <li key={a.id}>
                  <address className="not-italic">
                    <span className="font-medium">{a.name}</span>
                    {a.isPrimary ? <span className="ms-2 text-xs text-neutral-600">(primary)</span> : null}
                    <span className="block">{a.address}</span>
                    <span className="block">{[a.city, a.state, a.country].filter(Boolean).join(", ")}</span>
                    {a.phone ? <PhoneLink phone={a.phone} className="block" /> : null}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Messages">
          {messages.length === 0 ? (
            <Empty>No contact messages.</Empty>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {messages.map((m) => (
                <li key={m.id}>
                  <Link to={`/admin/inbox/contact/${m.id}`} className="underline underline-offset-4">
                    {m.reference}: {m.subject}
                  </Link>
                  <span className="block text-xs text-neutral-600">
                    {formatDateTime(m.createdAt)} · {m.status.replace("_", " ")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Stitching requests">
          {stitchingRequests.length === 0 ? (
            <Empty>No stitching requests.</Empty>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {stitchingRequests.map((r) => (
                <li key={r.id}>
                  <Link to={`/admin/inbox/stitching/${r.id}`} className="underline underline-offset-4">
                    {r.reference}: {r.serviceType} × {r.itemCount}
                  </Link>
                  <span className="block text-xs text-neutral-600">
                    {formatDateTime(r.createdAt)} · {r.status.replace("_", " ")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Reviews">
          {reviews.length === 0 ? (
            <Empty>No reviews.</Empty>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {reviews.map((r) => (
                <li key={r.id}>
                  <span className="font-medium">{r.productName}</span> · {r.rating}/5{" "}
                  <StatusBadge status={r.status} />
                  <span className="block text-neutral-800">{r.comment}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
