import { ArrowLeft, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { DELIVERY_TYPES } from "#core/constants.ts";
import { courierName, SHOP_DELIVERY } from "#core/couriers.ts";

type DeliveryType = (typeof DELIVERY_TYPES)[number];

import type { OrderDto } from "#core/order.ts";
import { AddressLines } from "./address-view";
import AfterSale from "./after-sale";
import { Invoice, LineColor, LineName, toAddress } from "./invoice";
import { LineSteps } from "./line-steps";
import { OrderCancel } from "./order-cancel";
import { formatOrderDate, StatusBadge } from "./orders-tab";
import "./order-detail.css";
import { Link, useFormat, useT } from "../../lib/i18n";
import { Panel, panelClass } from "../ui/panel";
import { StitchedOrderLine } from "./stitched-order-line";

/**
 * One order in My Orders (issue 11): its lines (name, size, colour, quantity, price), the delivery
 * address, payment mode and status, delivery type, totals, and the invoice, printable on its own.
 */
export default function OrderDetail({
  order,
  onChange,
}: {
  order: OrderDto | null;
  /** The order as a change answered it (a cancellation), or undefined: read the list again. */
  onChange: (order?: OrderDto) => void;
}) {
  const t = useT();
  const { money, locale } = useFormat();
  if (!order) {
    return (
      <div className="rounded-2xl bg-cream px-6 py-10 text-center" role="alert" data-testid="order-missing">
        <p className="text-charcoal">{t("orders.notFound")}</p>
        <Link to="?tab=orders" className="btn-outline mt-5">
          {t("orders.back")}
        </Link>
      </div>
    );
  }
  const online = order.price.payment_mode === "online";
  return (
    <article className="flex flex-col gap-6" aria-labelledby="order-detail-title" data-testid="order-detail">
      <Link
        to="?tab=orders"
        className="inline-flex min-h-11 w-fit items-center gap-2 rounded-full pe-3 text-sm font-medium text-charcoal hover:text-accent-dark"
        preventScrollReset
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("orders.back")}
      </Link>

      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="order-detail-title" className="text-2xl text-ink sm:text-3xl">
            {t("orders.detailTitle", { number: order.orderNumber })}
          </h3>
          <p className="mt-1 text-sm text-stone">
            {t("orders.placedOn", { date: formatOrderDate(order.createdAt || order.date, locale) })}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>

      {order.shipping ? (
        <p className="rounded-xl bg-cream px-4 py-3 text-sm text-ink" data-testid="order-tracking">
          {order.shipping.courier === SHOP_DELIVERY
            ? t("orders.ownDelivery")
            : t("orders.shippedWith", { courier: courierName(locale, order.shipping.courier) })}
          {order.shipping.trackingNumber ? (
            <span className="block font-medium">
              {t("orders.tracking", { number: order.shipping.trackingNumber })}
            </span>
          ) : null}
        </p>
      ) : null}

      <OrderCancel order={order} onChange={onChange} />

      <Panel labelledBy="order-lines">
        <h4 id="order-lines" className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">
          {t("orders.lines")}
        </h4>
        <ul className="mt-3 flex flex-col divide-y divide-sand">
          {order.line_items.map((line, index) => (
            <li key={`${line.sku_id}-${index}`} className="flex gap-3 py-3" data-testid="order-line">
              {line.image ? (
                <img
                  src={line.image}
                  alt=""
                  width={56}
                  height={70}
                  loading="lazy"
                  className="h-17.5 w-14 shrink-0 rounded-lg bg-cream object-cover"
                />
              ) : (
                <span className="h-17.5 w-14 shrink-0 rounded-lg bg-cream" aria-hidden="true" />
              )}
              <div className="flex min-w-0 flex-1 flex-col text-sm">
                <LineName line={line} locale={locale} className="block font-medium text-ink" />
                {/* A stitching quote's line (decision 0043) has no size or colour. */}
                {line.size ? (
                  <p className="text-stone">
                    {t("orders.size")}: {line.size} · {t("orders.colour")}:{" "}
                    <LineColor line={line} locale={locale} />
                  </p>
                ) : null}
                <p className="text-stone">
                  {t("orders.quantity", { n: line.quantity })} × {money(line.unitPriceFils)}
                </p>
                <LineSteps line={line} />
                <StitchedOrderLine line={line} locale={locale} />
              </div>
              <p className="shrink-0 text-sm font-semibold text-ink">{money(line.lineTotalFils)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 flex flex-col gap-1.5 border-t border-sand pt-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-stone">{t("orders.subtotal")}</dt>
            <dd className="text-ink">{money(order.totals.subtotalFils)}</dd>
          </div>
          {order.discount ? (
            <div className="flex justify-between gap-4">
              <dt className="text-stone">{t("invoice.discount", { code: order.discount.code })}</dt>
              <dd className="text-success" data-testid="order-detail-discount">
                −{money(order.discount.discountFils)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-stone">{t("orders.shipping")}</dt>
            <dd className="text-ink">
              {order.totals.shippingFils === 0 ? t("orders.free") : money(order.totals.shippingFils)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 text-base">
            <dt className="font-semibold text-ink">{t("orders.total")}</dt>
            <dd className="font-semibold text-ink" data-testid="order-detail-total">
              {money(order.totals.totalFils)}
            </dd>
          </div>
        </dl>
      </Panel>

      <dl className={`grid gap-4 ${panelClass()} text-sm sm:grid-cols-2`}>
        <div>
          <dt className="text-stone">{t("orders.payment")}</dt>
          <dd className="font-medium text-ink" data-testid="order-payment">
            {online ? t("orders.payment.online") : t("orders.payment.cod")}
          </dd>
        </div>
        <div>
          <dt className="text-stone">{t("orders.paymentStatus")}</dt>
          <dd className="font-medium text-ink" data-testid="order-payment-status">
            {t(`orders.paymentStatus.${order.paymentStatus}`)}
          </dd>
        </div>
        <div>
          <dt className="text-stone">{t("orders.deliveryType")}</dt>
          <dd className="font-medium text-ink" data-testid="order-delivery-type">
            {t(`checkout.deliveryType.${order.price.delivery_type as DeliveryType}`)}
          </dd>
        </div>
        <div>
          <dt className="text-stone">{t("orders.address")}</dt>
          <dd>
            <AddressLines address={toAddress(order.address)} />
          </dd>
        </div>
      </dl>

      <AfterSale orderId={order._id} />

      <div className="flex flex-col gap-3" data-testid="invoice-section">
        <div className="flex justify-end">
          <button
            type="button"
            className="btn-outline"
            onClick={() => window.print()}
            data-testid="print-invoice"
          >
            <Printer className="size-4" aria-hidden="true" />
            {t("invoice.print")}
          </button>
        </div>
        {/* A keyboard user can scroll a wide invoice on a narrow phone (axe: scrollable-region-focusable). */}
        <section
          className="overflow-x-auto rounded-2xl border border-sand bg-white p-4 shadow-soft sm:p-8"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
          tabIndex={0}
          aria-labelledby="invoice-heading"
        >
          <Invoice order={order} headingId="invoice-heading" />
        </section>
        <PrintCopy order={order} />
      </div>
    </article>
  );
}

/** The invoice again as a direct child of <body>, hidden on screen, the only thing printed. */
function PrintCopy({ order }: { order: OrderDto }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => setTarget(document.body), []);
  if (!target) return null;
  return createPortal(
    <div className="invoice-print-copy" data-testid="invoice-print-copy">
      <Invoice order={order} />
    </div>,
    target,
  );
}
