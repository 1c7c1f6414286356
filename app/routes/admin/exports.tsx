import { DownloadIcon } from "@radix-ui/react-icons";
import { useRouteLoaderData } from "react-router";
import { buttonClass, Card, inputClass, PageHeader } from "../../components/admin/ui";
import type { Route as LayoutRoute } from "./+types/layout";

export function meta() {
  return [{ title: "Exports · Back office" }];
}

/** Today and the first of its month, as a Dubai calendar reads them (YYYY-MM-DD). */
function thisMonth(): { from: string; to: string } {
  const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Issue 26 (owner only; decision 0026): the orders of a date range for the accountant's VAT return and
 * the courier, and the products with their stock, as CSV files Excel opens with the Arabic intact. Plain
 * GET forms: the browser downloads the file the server streams, with or without JavaScript.
 */
export default function Exports() {
  const layout = useRouteLoaderData<LayoutRoute.ComponentProps["loaderData"]>("routes/admin/layout");
  const { from, to } = thisMonth();
  if (layout?.user.role !== "owner")
    return (
      <>
        <PageHeader title="Exports" />
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          Only the shop's owner can export: a file carries every customer's details.
        </p>
      </>
    );
  return (
    <>
      <PageHeader title="Exports" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Orders">
          <p className="mb-3 text-sm text-neutral-700">
            One row per line with its net, VAT and gross amounts and the invoice number. Days are Dubai days,
            both included; test orders are left out.
          </p>
          <form
            method="get"
            action="/api/admin/exports/orders.csv"
            className="flex flex-wrap items-end gap-3"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="export-from" className="text-sm font-medium">
                From
              </label>
              <input
                id="export-from"
                name="from"
                type="date"
                required
                defaultValue={from}
                className={inputClass}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="export-to" className="text-sm font-medium">
                To
              </label>
              <input id="export-to" name="to" type="date" required defaultValue={to} className={inputClass} />
            </div>
            <button type="submit" className={buttonClass.primary}>
              <DownloadIcon aria-hidden className="size-4" />
              Download orders (CSV)
            </button>
          </form>
        </Card>
        <Card title="Products and stock">
          <p className="mb-3 text-sm text-neutral-700">
            Every size of every product with its price, stock, units held for payments in progress and what is
            left to sell.
          </p>
          <a href="/api/admin/exports/products.csv" download className={buttonClass.primary}>
            <DownloadIcon aria-hidden className="size-4" />
            Download products (CSV)
          </a>
        </Card>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
