import { formatNumber } from "#core/i18n/format.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { stitchText } from "#core/i18n/stitched-lines.ts";
import { typedLang } from "#core/i18n/typed-lang.ts";
import type { OrderDto } from "#core/order.ts";
import { useFormat, useT } from "../../lib/i18n";
import { AddressLines } from "./address-view";
import { formatOrderDate } from "./orders-tab";

type Address = Parameters<typeof AddressLines>[0]["address"];

export function toAddress(value: Record<string, string>): Address {
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

/**
 * A line's product name as it was bought (decision 0025): on an Arabic page the Arabic name kept at
 * placement, else the English one marked `lang="en"`; a later edit of the product changes neither.
 */
export function LineName({
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
export function LineColor({ line, locale }: { line: OrderDto["line_items"][number]; locale: Locale }) {
  const arabic = locale === "ar" ? line.colorAr : null;
  return <span lang={locale === "ar" && !arabic ? "en" : undefined}>{arabic ?? line.color}</span>;
}

/** An amount on the invoice: AED figures with two decimals, the currency named once in the headings. */
const aed = (fils: number, locale: Locale) =>
  formatNumber(fils / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The tax invoice (issue 11, UAE VAT): seller's name, address and TRN, invoice number and date, each
 * line's VAT-inclusive price, and the VAT included in the total at the configured rate, in AED. With
 * no TRN configured it is a 'Receipt' and shows no VAT line.
 */
export function Invoice({ order, headingId }: { order: OrderDto; headingId?: string }) {
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
                {line.stitching ? (
                  <span className="block text-xs text-stone" data-testid="invoice-stitching">
                    {stitchText("plusStitching", locale === "ar" ? "ar" : "en", {
                      style: (locale === "ar" && line.stitching.style.nameAr) || line.stitching.style.name,
                    })}
                  </span>
                ) : null}
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
        {order.discount ? (
          <div className="flex justify-between gap-6">
            <dt className="text-stone">{t("invoice.discount", { code: order.discount.code })}</dt>
            <dd className="tabular-nums" data-testid="invoice-discount">
              −{aed(order.discount.discountFils, locale)}
            </dd>
          </div>
        ) : null}
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
