import { Package } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ORDER_STATUSES } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";
import { aedToFils, formatAed } from "#core/money.ts";
import { api } from "../../state/session";
import { LoadError, PanelSkeleton } from "./panel";

/** SPEC §3 Order, as the screens use it. */
export interface Order {
  _id: string;
  date?: string | number;
  createdAt?: string;
  status?: string;
  line_items?: {
    sku_id?: string;
    name?: string;
    quantity?: number | string;
    price?: number | string;
    image?: string;
  }[];
  price?: { currency_code?: string; payment_mode?: string };
  address?: { first_name?: string; last_name?: string; city?: string; state?: string };
}

/** SPEC §4 order status values, each with its own style; anything else is neutral. */
const STATUS_STYLES: Record<(typeof ORDER_STATUSES)[number], string> = {
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

function toNumber(value: number | string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

function orderTotalFils(order: Order): number {
  return (order.line_items ?? []).reduce(
    (sum, item) => sum + aedToFils(toNumber(item.price)) * toNumber(item.quantity),
    0,
  );
}

const dateFormat = new Intl.DateTimeFormat("en-AE", { day: "numeric", month: "short", year: "numeric" });

function formatDate(value: string | number | undefined): string {
  if (value === undefined) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** SPEC §2 /account My Orders: the shopper's orders, newest first, each with its status style. */
export function OrdersTab({ userId }: { userId: string | undefined }) {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    // SPEC §7: POST /api/order/userorders { userId }; the server answers for the token's user only.
    const result = await api<{ orders: Order[] }>("/api/order/userorders", {
      body: { userId: userId ?? "" },
      loading: true,
    });
    if (result.success) setOrders(Array.isArray(result.orders) ? result.orders : []);
    else if (result.status !== 401) setFailed(true);
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <LoadError onRetry={load} />;
  if (!orders) return <PanelSkeleton rows={2} />;
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
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-sand bg-white/70 p-5" data-testid="order">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h3 className="font-sans text-base font-semibold text-ink">
                {t("orders.order", { id: order._id.slice(-8).toUpperCase() })}
              </h3>
              <p className="text-sm text-stone">
                {t("orders.placedOn", { date: formatDate(order.date ?? order.createdAt) })}
              </p>
            </div>
            <span
              className={`rounded-full px-3 py-1 text-xs font-semibold ${statusStyle(order.status)}`}
              data-testid="order-status"
            >
              <span className="sr-only">{t("orders.status")}: </span>
              {order.status}
            </span>
          </div>
          <ul className="mt-4 flex flex-wrap gap-3" aria-label={t("orders.items")}>
            {(order.line_items ?? []).map((item, index) => (
              <li
                key={`${item.sku_id}-${index}`}
                className="flex items-center gap-3 rounded-xl bg-cream p-2 pe-4"
              >
                {item.image ? (
                  <img
                    src={item.image}
                    alt={item.name ?? t("orders.itemImage", { sku: item.sku_id ?? "" })}
                    width={48}
                    height={60}
                    loading="lazy"
                    className="h-15 w-12 rounded-lg object-cover"
                  />
                ) : null}
                <div className="text-sm">
                  <p className="font-medium text-ink">{item.name ?? item.sku_id}</p>
                  <p className="text-stone">
                    {t("orders.quantity", { n: toNumber(item.quantity) })} ·{" "}
                    {formatAed(aedToFils(toNumber(item.price)))}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 border-t border-sand pt-4 text-sm">
            <div className="flex gap-2">
              <dt className="text-stone">{t("orders.total")}</dt>
              <dd className="font-semibold text-ink">{formatAed(orderTotalFils(order))}</dd>
            </div>
            {order.price?.payment_mode ? (
              <div className="flex gap-2">
                <dt className="text-stone">{t("orders.payment")}</dt>
                <dd className="text-ink">
                  {order.price.payment_mode === "cod" ? t("orders.payment.cod") : t("orders.payment.online")}
                </dd>
              </div>
            ) : null}
            {order.address?.city ? (
              <div className="flex gap-2">
                <dt className="text-stone">{t("orders.deliverTo")}</dt>
                <dd className="text-ink">
                  {[order.address.first_name, order.address.city, order.address.state]
                    .filter(Boolean)
                    .join(", ")}
                </dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
