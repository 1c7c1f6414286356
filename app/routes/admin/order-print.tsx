import { Link } from "react-router";
import type { IssuedDocument } from "#core/schemas/document.schema.ts";
import { adminGet, notFound } from "../../components/admin/api";
import { formatDate, formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { buttonClass } from "../../components/admin/ui";
import { WorkOrder } from "../../components/admin/work-order";
import type { Route } from "./+types/order-print";

export function meta({ params }: Route.MetaArgs) {
  const titles: Record<string, string> = { slip: "Packing slip", "work-order": "Work order" };
  return [{ title: `${titles[params.document] ?? "Invoice"} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // Issue 24: a credit note prints like the invoice (print/CN-000001).
  const creditNote = /^CN-\d{6,}$/.test(params.document);
  if (
    params.document !== "slip" &&
    params.document !== "invoice" &&
    !creditNote &&
    params.document !== "work-order"
  )
    throw notFound();
  const lang = new URL(request.url).searchParams.get("lang") === "ar" ? "ar" : "en";
  // Issue 29 (decision 0041): the tailor's work order, from the workshop's view of the order.
  if (params.document === "work-order") {
    const workshop = await adminGet(`/api/admin/orders/${params.id}/workshop`, request.signal);
    return { workshop, lang } as const;
  }
  const [detail, issued] = await Promise.all([
    adminGet(`/api/admin/orders/${params.id}`, request.signal),
    params.document === "invoice" || creditNote
      ? adminGet(
          creditNote
            ? `/api/admin/orders/${params.id}/credit-notes/${params.document}`
            : `/api/admin/orders/${params.id}/document`,
          request.signal,
        )
      : undefined,
  ]);
  return { ...detail, document: issued?.document, lang, workshop: undefined } as const;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * A packing slip or the tax invoice (UAE VAT: seller, TRN, number and date, VAT per line), laid out for
 * paper; admin.css's print rules leave only this document on the page.
 */
export default function OrderPrint({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.workshop)
    return <WorkOrder orderId={params.id} workshop={loaderData.workshop} lang={loaderData.lang} />;
  const { order, customer, paymentStatus, document, lang } = loaderData;
  const slip = params.document === "slip";
  if (!slip && document) return <IssuedDocumentPage orderId={order._id} document={document} lang={lang} />;
  const { invoice } = order;
  const withVat = Boolean(invoice.trn);
  const addressee = [order.address.first_name, order.address.last_name].filter(Boolean).join(" ");
  return (
    <>
      <div className="admin-no-print mb-4 flex flex-wrap gap-2">
        <Link to={`/admin/orders/${order._id}`} className={buttonClass.secondary}>
          Back to the order
        </Link>
        <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article className="admin-print-area mx-auto max-w-3xl rounded-lg border border-neutral-200 bg-white p-8 text-sm text-neutral-900">
        <header className="flex flex-wrap justify-between gap-4 border-b border-neutral-300 pb-4">
          <div>
            <h1 className="text-2xl font-semibold">{slip ? "Packing slip" : invoice.title}</h1>
            <p>
              {slip ? "Order" : "Invoice"} {slip ? order.orderNumber : invoice.number}
            </p>
            <p>{formatDate(slip ? order.createdAt : invoice.date)}</p>
          </div>
          <div className="text-end">
            <p className="font-semibold">{invoice.sellerName}</p>
            <p className="whitespace-pre-line">{invoice.sellerAddress}</p>
            {withVat ? <p>TRN {invoice.trn}</p> : null}
          </div>
        </header>
        <section className="mt-4" aria-label="Deliver to">
          <h2 className="text-xs font-semibold text-neutral-600 uppercase">
            {slip ? "Deliver to" : "Bill to"}
          </h2>
          <p className="font-medium">{addressee || customer.name}</p>
          {["address", "landmark", "city", "state", "postcode", "country", "phone"].map((key) =>
            order.address[key] ? <p key={key}>{order.address[key]}</p> : null,
          )}
          {!slip ? <p>Order {order.orderNumber}</p> : null}
        </section>
        <table className="mt-6 w-full border-collapse text-start">
          <caption className="sr-only">{slip ? "Items to pack" : "Invoice lines"}</caption>
          <thead>
            <tr className="border-b border-neutral-300 text-xs uppercase">
              <th scope="col" className="py-2 text-start">
                Item
              </th>
              <th scope="col" className="py-2 text-start">
                SKU
              </th>
              <th scope="col" className="py-2 text-end">
                Qty
              </th>
              {slip ? (
                <th scope="col" className="py-2 text-end">
                  Packed
                </th>
              ) : null}
              {!slip ? (
                <th scope="col" className="py-2 text-end">
                  Unit price
                </th>
              ) : null}
              {!slip && withVat ? (
                <th scope="col" className="py-2 text-end">
                  VAT {invoice.vatRate}%
                </th>
              ) : null}
              {!slip ? (
                <th scope="col" className="py-2 text-end">
                  Amount
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {order.line_items.map((line) => (
              <tr key={`${line.sku_id}-${line.size}`} className="border-b border-neutral-200">
                <td className="py-2">
                  {line.name} · {line.size}
                </td>
                <td className="py-2">{line.sku_id}</td>
                <td className="py-2 text-end">{line.quantity}</td>
                {slip ? <td className="py-2 text-end">☐</td> : null}
                {!slip ? <td className="py-2 text-end">{formatFils(line.unitPriceFils)}</td> : null}
                {!slip && withVat ? <td className="py-2 text-end">{formatFils(line.vatFils)}</td> : null}
                {!slip ? <td className="py-2 text-end">{formatFils(line.lineTotalFils)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
        {slip ? (
          <p className="mt-6">
            Payment:{" "}
            {order.price.payment_mode === "cod"
              ? `cash on delivery, collect ${formatFils(order.totals.totalFils)}`
              : "paid online"}
            {order.price.payment_mode === "cod" && paymentStatus === "paid" ? " (already paid)" : ""}
          </p>
        ) : (
          <dl className="ms-auto mt-6 grid max-w-xs grid-cols-2 gap-1">
            <dt>Subtotal</dt>
            <dd className="text-end">{formatFils(order.totals.subtotalFils)}</dd>
            <dt>Shipping</dt>
            <dd className="text-end">{formatFils(order.totals.shippingFils)}</dd>
            {withVat ? (
              <>
                <dt>VAT included ({invoice.vatRate}%)</dt>
                <dd className="text-end">{formatFils(order.totals.vatFils)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Total (AED)</dt>
            <dd className="text-end font-semibold">{formatFils(order.totals.totalFils)}</dd>
          </dl>
        )}
      </article>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";

/**
 * The order's issued document (decision 0015): the HTML the server drew from the snapshot stored when the
 * order was placed, in English or Arabic; nothing on it comes from today's settings.
 */
function IssuedDocumentPage({
  orderId,
  document,
  lang,
}: {
  orderId: string;
  document: IssuedDocument;
  lang: "en" | "ar";
}) {
  return (
    <>
      <div className="admin-no-print mb-4 flex flex-wrap gap-2">
        <Link to={`/admin/orders/${orderId}`} className={buttonClass.secondary}>
          Back to the order
        </Link>
        <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
          Print
        </button>
        {lang === "en" ? (
          <Link to="?lang=ar" className={buttonClass.ghost}>
            Arabic copy
          </Link>
        ) : (
          <Link to="?" className={buttonClass.ghost}>
            English copy
          </Link>
        )}
      </div>
      <div
        className="admin-print-area mx-auto max-w-3xl rounded-lg border border-neutral-200 bg-white p-8 text-sm text-neutral-900"
        data-testid="issued-document"
        // Drawn by core/document-html.ts from the stored snapshot, every text escaped.
        dangerouslySetInnerHTML={{ __html: document.html[lang] }}
      />
    </>
  );
}
