import { Link } from "react-router";
import { statusMovedText } from "#core/admin-mail-text.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { formatDateTime, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { OrderNotes } from "../../components/admin/order-notes";
import { OrderRefunds, paymentLabel } from "../../components/admin/order-refunds";
import { OrderAfterSale } from "../../components/admin/order-returns";
import { type MoveExtras, OrderMove, ShippingCard } from "../../components/admin/order-shipping";
import { OrderWorkshop } from "../../components/admin/order-workshop";
import { ContactLine, PhoneLink } from "../../components/admin/phone-link";
import type { AdminOrderStatus } from "../../components/admin/types";
import { buttonClass, Card, Notice, PageHeader, StatusBadge, TestBadge } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/order";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.order.orderNumber ?? "Order"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminGet(`/api/admin/orders/${params.id}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const ADDRESS_LINES = ["address", "landmark", "city", "state", "postcode", "country"] as const;

/** Issue 15: one order with its lines, address, payment and events, and the moves it can make next. */
export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, customer, events, nextStatuses, canMarkPaid, paymentStatus, shipping, notes, attention } =
    loaderData;
  const { busy, result, run } = useChange();
  const moveTo = (status: AdminOrderStatus, extras: MoveExtras = {}) =>
    run(
      () =>
        adminSend("POST", `/api/admin/orders/${order._id}/status`, {
          status,
          ...extras,
        }),
      (answer) => statusMovedText(status, answer.mail),
    );
  // The server says where the order may go; the usual move is the next step of SPEC §4's flow.
  const next = nextStatuses.find((status) => status !== "Cancelled");
  const cancellable = nextStatuses.includes("Cancelled");
  const name = [order.address.first_name, order.address.last_name].filter(Boolean).join(" ");
  // Issue 29: made-to-measure lines have the workshop's panel and a printable work order.
  const madeToMeasure = order.line_items.some((line) => line.stitching);
  return (
    <>
      <p className="admin-no-print mb-2 text-sm">
        <Link to="/admin/orders" className="underline underline-offset-4">
          Orders
        </Link>
      </p>
      <PageHeader title={`Order ${order.orderNumber}`}>
        <StatusBadge status={order.status} />
        {order.isTest ? <TestBadge /> : null}
      </PageHeader>
      {attention ? (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="order-attention">
          <strong>Needs attention:</strong> {attention}
        </p>
      ) : null}
      {order.isTest ? (
        <p className="mb-4 rounded-md bg-rose-50 p-3 text-sm text-rose-900" data-testid="test-order-notice">
          Test order: paid through the test payment sandbox (or Paymennt's test mode). No money was taken; it
          is left out of the revenue figures.
        </p>
      ) : null}
      <div className="admin-no-print mb-4 flex flex-col gap-3">
        <Notice result={result} />
        <div className="flex flex-wrap gap-2">
          {next ? <OrderMove next={next} busy={busy} onMove={moveTo} /> : null}
          {canMarkPaid ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() =>
                run(() => adminSend("POST", `/api/admin/orders/${order._id}/mark-paid`), "Marked as paid.")
              }
            >
              Mark cash on delivery paid
            </button>
          ) : null}
          {cancellable ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={buttonClass.secondary} disabled={busy}>
                  Cancel order
                </button>
              }
              title={`Cancel order ${order.orderNumber}?`}
              description="The stock of its lines returns to the shop and an e-mail to the shopper is queued (the next notice says whether it was sent). This cannot be undone."
              confirmLabel="Cancel the order"
              onConfirm={() => moveTo("Cancelled")}
            />
          ) : null}
          <Link to="print/slip" className={buttonClass.ghost}>
            Packing slip
          </Link>
          <Link to="print/invoice" className={buttonClass.ghost}>
            {order.invoice.title}
          </Link>
          {madeToMeasure ? (
            <Link to="print/work-order" className={buttonClass.ghost}>
              Work order
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 xl:grid-cols-3">
        <Card title="Lines" className="xl:col-span-2">
          <ul className="divide-y divide-neutral-100 text-sm">
            {order.line_items.map((line) => (
              <li key={`${line.sku_id}-${line.size}`} className="flex items-center gap-3 py-2">
                {line.image ? (
                  <img
                    src={line.image}
                    alt=""
                    className="size-12 rounded object-cover"
                    width={48}
                    height={48}
                  />
                ) : null}
                <span className="flex-1">
                  <span className="font-medium">{line.name}</span>
                  <span className="block text-xs text-neutral-600">
                    {line.size} · {line.sku_id} · × {line.quantity}
                  </span>
                </span>
                <span>{formatFils(line.lineTotalFils)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-neutral-200 pt-3 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-end">{formatFils(order.totals.subtotalFils)}</dd>
            <dt>Shipping</dt>
            <dd className="text-end">
              {order.totals.shippingFils === 0 ? "Free" : formatFils(order.totals.shippingFils)}
            </dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-end font-semibold">{formatFils(order.totals.totalFils)}</dd>
            <dt className="text-neutral-600">VAT included</dt>
            <dd className="text-end text-neutral-600">{formatFils(order.totals.vatFils)}</dd>
          </dl>
        </Card>
        <div className="flex flex-col gap-4">
          <Card title="Customer and address">
            <p className="text-sm font-medium">
              <Link to={`/admin/customers/${customer.id}`} className="underline underline-offset-4">
                {customer.name}
              </Link>
            </p>
            <p className="text-sm text-neutral-700">
              <ContactLine email={customer.email} phone={customer.phone} />
            </p>
            <address className="mt-2 text-sm not-italic text-neutral-800">
              {name}
              {ADDRESS_LINES.map((key) =>
                order.address[key] ? (
                  <span key={key} className="block">
                    {order.address[key]}
                  </span>
                ) : null,
              )}
              {order.address.phone ? <PhoneLink phone={order.address.phone} className="block" /> : null}
            </address>
          </Card>
          <ShippingCard shipping={shipping} />
          <Card title="Payment">
            <p className="flex items-center gap-2 text-sm">
              {order.price.payment_mode === "cod" ? "Cash on delivery" : "Card (online)"}
              <StatusBadge status={paymentStatus} label={paymentLabel(paymentStatus)} />
            </p>
            <p className="mt-1 text-sm text-neutral-700">Delivery: {order.price.delivery_type}</p>
          </Card>
        </div>
      </div>
      {madeToMeasure ? <OrderWorkshop orderId={order._id} /> : null}
      <OrderNotes orderId={order._id} notes={notes} />
      <OrderRefunds orderId={order._id} />
      <OrderAfterSale orderId={order._id} paymentMode={order.price.payment_mode} />
      <Card title="Events" className="mt-4">
        <ol
          className="relative flex flex-col gap-3 border-s border-neutral-300 ps-4 text-sm"
          data-testid="order-events"
        >
          {events.map((event) => (
            <li key={`${event.at}-${event.toStatus}`}>
              <span className="font-medium">
                {event.fromStatus ? `${event.fromStatus} → ${event.toStatus}` : event.toStatus}
              </span>
              {event.note ? <span className="block">{event.note}</span> : null}
              <span className="block text-xs text-neutral-600">
                {formatDateTime(event.at)} · {event.actor}
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
