import { ChevronRight, Package } from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ORDER_STATUSES } from "#core/constants.ts";
import { formatDate } from "#core/i18n/format.ts";
import type { Locale } from "#core/i18n/locale.ts";
import type { OrderDto } from "#core/order.ts";
import { Link, useFormat, useT, useTc } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { forgetPrivate, readPrivate } from "../../state/private-read";
import { panelClass } from "../ui/panel";
import { LoadError, PanelSkeleton } from "./panel";

// The detail view and its printable invoice load when a shopper opens an order, not with the list.
const OrderDetail = lazy(() => import("./order-detail"));

/** SPEC §4 order status values, each with its own style; anything else is neutral. */
type OrderStatus = (typeof ORDER_STATUSES)[number];
const STATUS_STYLES: Record<OrderStatus, string> = {
  "Order Placed": "bg-accent-soft text-accent-dark",
  Packing: "bg-amber-100 text-amber-900",
  Shipped: "bg-sky-100 text-sky-900",
  "Out for Delivery": "bg-violet-100 text-violet-900",
  Delivered: "bg-emerald-100 text-emerald-900",
};
const NEUTRAL_STYLE = "bg-sand text-charcoal";

export function statusStyle(status: string | undefined): string {
  return (STATUS_STYLES as Record<string, string>)[status ?? ""] ?? NEUTRAL_STYLE;
}

/** An order's date as a shopper in the UAE reads it, e.g. "23 Nov 2026" / "23 نوفمبر 2026". */
export function formatOrderDate(value: string | number | undefined, locale: Locale = "en"): string {
  if (value === undefined || value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ""
    : formatDate(date, locale, { day: "numeric", month: "short", year: "numeric" });
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${statusStyle(status)}`}
      data-testid="order-status"
    >
      <span className="sr-only">{t("orders.status")}: </span>
      {status in STATUS_STYLES ? t(`orders.state.${status as OrderStatus}`) : status}
    </span>
  );
}

function itemCount(order: OrderDto): number {
  return order.line_items.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
}

/**
 * SPEC §2 /account My Orders: the shopper's placed orders (POST /api/order/userorders), newest first,
 * each with its number, date, status style and total; `?order=<id>` opens one with its lines, address,
 * payment and printable invoice, so the detail can be bookmarked and Back returns to the list.
 */
export function OrdersTab({ userId }: { userId: string | undefined }) {
  const t = useT();
  const tc = useTc();
  const { money, locale } = useFormat();
  const [orders, setOrders] = useState<OrderDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [params] = useSearchParams();
  const openId = params.get("order");

  const load = useCallback(async () => {
    setFailed(false);
    // SPEC §7: POST /api/order/userorders { userId }; the server answers for the token's user only.
    const result = await readPrivate("/api/order/userorders", {
      body: { userId: userId ?? "" },
      loading: true,
    });
    if (result.success) {
      const list = Array.isArray(result.orders) ? [...result.orders] : [];
      // Newest first, whatever order the answer came in.
      list.sort((a, b) => Date.parse(b.createdAt || b.date) - Date.parse(a.createdAt || a.date));
      setOrders(list);
    } else if (result.status !== 401) setFailed(true);
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <LoadError onRetry={load} />;
  if (!orders) return <PanelSkeleton rows={2} />;

  if (openId) {
    return (
      <Suspense fallback={<PanelSkeleton rows={2} />}>
        <OrderDetail
          order={orders.find((order) => order._id === openId) ?? null}
          onChange={(changed) => {
            forgetPrivate("/api/order/userorders");
            if (!changed) void load();
            else setOrders((list) => list?.map((o) => (o._id === changed._id ? changed : o)) ?? null);
          }}
        />
      </Suspense>
    );
  }

  if (orders.length === 0) {
    return (
      <div
        className="rounded-2xl border border-dashed border-sand-dark px-6 py-12 text-center"
        data-testid="orders-empty"
      >
        <Package className="mx-auto size-10 text-accent" aria-hidden="true" />
        <h3 className="mt-4 text-2xl text-ink">{t("orders.empty")}</h3>
        <p className="mt-2 text-sm text-stone">{t("orders.emptyText")}</p>
        <Link to="/shop" className="btn-primary mt-6">
          {t("orders.shop")}
        </Link>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-4" data-testid="orders-list">
      {orders.map((order) => {
        const count = itemCount(order);
        return (
          <li
            key={order._id}
            className={panelClass()}
            data-testid="order"
            data-order-number={order.orderNumber}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="font-sans text-base font-semibold text-ink" data-testid="order-number">
                  {t("orders.number", { number: order.orderNumber })}
                </h3>
                <p className="text-sm text-stone">
                  {t("orders.placedOn", { date: formatOrderDate(order.createdAt || order.date, locale) })}
                </p>
              </div>
              <StatusBadge status={order.status} />
            </div>
            <div className="mt-4 flex items-center gap-2" aria-hidden="true">
              {order.line_items.slice(0, 4).map((line, index) => (
                <img
                  key={`${line.sku_id}-${index}`}
                  src={line.image}
                  alt=""
                  width={40}
                  height={50}
                  loading="lazy"
                  className="h-12.5 w-10 rounded-lg bg-cream object-cover"
                />
              ))}
            </div>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-sand pt-4 text-sm">
              <p>
                <span className="text-stone">{t("orders.total")} </span>
                <span className="font-semibold text-ink" data-testid="order-total">
                  {money(order.totals.totalFils)}
                </span>
                <span className="text-stone">
                  {" · "}
                  {tc("orders.itemCount", count)}
                </span>
                {order.paymentStatus === "refunded" || order.paymentStatus === "partly_refunded" ? (
                  <span className="text-stone" data-testid="order-list-payment">
                    {" · "}
                    {t(`orders.paymentStatus.${order.paymentStatus}`)}
                  </span>
                ) : null}
              </p>
              <Link
                to={`?tab=orders&order=${encodeURIComponent(order._id)}`}
                className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-medium text-accent-dark hover:bg-accent-soft"
                aria-label={t("orders.viewDetailsNamed", { number: order.orderNumber })}
                data-testid="order-open"
              >
                {t("orders.viewDetails")}
                <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
