import { ArrowLeft, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { DELIVERY_TYPES } from "#core/constants.ts";
import { courierName, SHOP_DELIVERY } from "#core/couriers.ts";
import { formatNumber } from "#core/i18n/format.ts";
import type { Locale } from "#core/i18n/locale.ts";

type DeliveryType = (typeof DELIVERY_TYPES)[number];

import type { OrderDto } from "#core/order.ts";
import { AddressLines } from "./address-view";
import AfterSale from "./after-sale";
import { OrderCancel } from "./order-cancel";
import { formatOrderDate, StatusBadge } from "./orders-tab";
import "./order-detail.css";
import { typedLang } from "#core/i18n/typed-lang.ts";
import { Link, useFormat, useT } from "../../lib/i18n";
import { Panel, panelClass } from "../ui/panel";

type Address = Parameters<typeof AddressLines>[0]["address"];

function toAddress(value: Record<string, string>): Address {
  return {
    _id: "",
    first_name: value.first_name ?? "",
    last_name: value.last_name ?? "",
    address: value.address ?? "",
    landmark: value.landmark ?? "",
    city: value.city ?? "",
    state: value.state ?? "",
    postcode: value.postcode ?? "",
    country: value.country ?? "",
    email: value.email ?? "",
    phone: value.phone ?? "",
  };
}

/** An amount on the invoice: AED figures with two decimals, the currency named once in the headings. */
/**
 * A line's product name as it was bought (decision 0025): on an Arabic page the Arabic name kept at
 * placement, else the English one marked `lang="en"`; a later edit of the product changes neither.
 */
function LineName({
  line,
  locale,
  className,
}: {
  line: OrderDto["line_items"][number];
  locale: Locale;
  className: string;
}) {
  const arabic = locale === "ar" ? line.nameAr : null;
  return (
    <span className={className} lang={locale === "ar" && !arabic ? "en" : undefined}>
      {arabic ?? line.name}
    </span>
  );
}

/** A line's colour: on an Arabic page its Arabic name, else the English one marked `lang="en"`. */
function LineColor({ line, locale }: { line: OrderDto["line_items"][number]; locale: Locale }) {
  const arabic = locale === "ar" ? line.colorAr : null;
  return <span lang={locale === "ar" && !arabic ? "en" : undefined}>{arabic ?? line.color}</span>;
}

const aed = (fils: number, locale: Locale) =>
  formatNumber(fils / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
              <img
                src={line.image}
                alt=""
                width={56}
                height={70}
                loading="lazy"
                className="h-17.5 w-14 shrink-0 rounded-lg bg-cream object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col text-sm">
                <LineName line={line} locale={locale} className="block font-medium text-ink" />
                <p className="text-stone">
                  {t("orders.size")}: {line.size} · {t("orders.colour")}:{" "}
                  <LineColor line={line} locale={locale} />
                </p>
                <p className="text-stone">
                  {t("orders.quantity", { n: line.quantity })} × {money(line.unitPriceFils)}
                </p>
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

/**
 * The tax invoice (issue 11, UAE VAT): seller's name, address and TRN, invoice number and date, each
 * line's VAT-inclusive price, and the VAT included in the total at the configured rate, in AED. With
 * no TRN configured it is a 'Receipt' and shows no VAT line.
 */
function Invoice({ order, headingId }: { order: OrderDto; headingId?: string }) {
  const t = useT();
  const { locale } = useFormat();
  const { invoice, totals } = order;
  const withVat = invoice.trn !== null && invoice.trn !== "";
  // The document as it was issued when the order was placed (decision 0015), in the page's language.
  const ar = locale === "ar";
  const title = ar ? invoice.titleAr : invoice.title;
  const notice = invoice.notice ? (ar ? invoice.notice.ar : invoice.notice.en) : null;
  return (
    <div className="min-w-72 text-sm text-ink" data-testid="invoice" data-invoice-title={invoice.title}>
      <div className="flex flex-wrap items-start justify-between gap-6 border-b border-sand pb-5">
        <div>
          <h4 id={headingId} className="font-display text-3xl" data-testid="invoice-heading">
            {title}
          </h4>
          {notice ? (
            <p className="mt-2 font-semibold text-red-800" data-testid="invoice-test-notice">
              {notice}
            </p>
          ) : null}
          <p className="mt-3 text-xs tracking-wider text-stone uppercase">{t("invoice.seller")}</p>
          <p className="font-semibold">{ar ? invoice.sellerNameAr : invoice.sellerName}</p>
          <p className="whitespace-pre-line text-charcoal" lang={typedLang(invoice.sellerAddress, locale)}>
            {invoice.sellerAddress}
          </p>
          {withVat ? (
            <p className="mt-1 font-medium" data-testid="invoice-trn">
              {t("invoice.trn", { trn: invoice.trn ?? "" })}
            </p>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:text-end">
          <dt className="text-stone">{t("invoice.number")}</dt>
          <dd className="font-semibold" data-testid="invoice-number">
            <bdi dir="ltr">{invoice.number}</bdi>
          </dd>
          <dt className="text-stone">{t("invoice.date")}</dt>
          <dd>{formatOrderDate(invoice.date, locale)}</dd>
          <dt className="text-stone">{t("invoice.order")}</dt>
          <dd>
            <bdi dir="ltr">{order.orderNumber}</bdi>
          </dd>
          <dt className="text-stone">{t("invoice.payment")}</dt>
          <dd>
            {order.price.payment_mode === "online" ? t("orders.payment.online") : t("orders.payment.cod")}
          </dd>
        </dl>
      </div>

      <div className="border-b border-sand py-4">
        <p className="text-xs tracking-wider text-stone uppercase">{t("invoice.billTo")}</p>
        <AddressLines address={toAddress(order.address)} />
      </div>

      <table className="mt-4 w-full border-collapse">
        <thead>
          <tr className="border-b border-sand text-start text-xs tracking-wider text-stone uppercase">
            <th scope="col" className="py-2 pe-2 text-start sm:pe-3 font-medium">
              {t("invoice.description")}
            </th>
            <th scope="col" className="px-1.5 py-2 text-end sm:px-3 font-medium">
              {t("invoice.qty")}
            </th>
            <th scope="col" className="px-1.5 py-2 text-end sm:px-3 font-medium">
              {t("invoice.unitPrice")}
            </th>
            <th scope="col" className="py-2 ps-1.5 text-end sm:ps-3 font-medium">
              {t("invoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.line_items.map((line, index) => (
            <tr
              key={`${line.sku_id}-${index}`}
              className="border-b border-sand/70"
              data-testid="invoice-line"
            >
              <td className="py-2.5 pe-2 sm:pe-3">
                <LineName line={line} locale={locale} className="block font-medium" />
                <span className="block text-xs text-stone">
                  {/* The sentence around the colour, which is an element of its own (it may be English). */}
                  {t("invoice.lineDetail", { size: line.size, color: "\u0000" })
                    .split("\u0000")
                    .flatMap((part, i) =>
                      i === 0 ? [part] : [<LineColor key={i} line={line} locale={locale} />, part],
                    )}
                </span>
              </td>
              <td className="px-1.5 py-2.5 text-end sm:px-3 tabular-nums">{line.quantity}</td>
              <td className="px-1.5 py-2.5 text-end sm:px-3 tabular-nums">
                {aed(line.unitPriceFils, locale)}
              </td>
              <td className="py-2.5 ps-1.5 text-end sm:ps-3 tabular-nums">
                {aed(line.lineTotalFils, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ms-auto mt-4 flex max-w-xs flex-col gap-1.5">
        <div className="flex justify-between gap-6">
          <dt className="text-stone">{t("invoice.subtotal")}</dt>
          <dd className="tabular-nums">{aed(totals.subtotalFils, locale)}</dd>
        </div>
        <div className="flex justify-between gap-6">
          <dt className="text-stone">{t("invoice.shipping")}</dt>
          <dd className="tabular-nums">{aed(totals.shippingFils, locale)}</dd>
        </div>
        <div className="flex justify-between gap-6 border-t border-sand pt-2 font-semibold">
          <dt>{t("invoice.total")}</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {aed(totals.totalFils, locale)}
          </dd>
        </div>
        {withVat ? (
          <div className="flex justify-between gap-6">
            <dt className="text-stone">{t("invoice.vatIncluded", { rate: invoice.vatRate })}</dt>
            <dd className="tabular-nums" data-testid="invoice-vat">
              {aed(totals.vatFils, locale)}
            </dd>
          </div>
        ) : null}
      </dl>

      <p className="mt-6 text-xs text-stone">
        {withVat ? t("invoice.pricesInclusive", { rate: invoice.vatRate }) : t("invoice.pricesAed")}
      </p>
    </div>
  );
}
