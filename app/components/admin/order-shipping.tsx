import { useState } from "react";
import { COURIERS, type Courier, SHOP_DELIVERY } from "#core/couriers.ts";
import type { AdminOrderStatus } from "./types";
import { buttonClass, Card, inputClass } from "./ui";

export interface MoveExtras {
  note?: string;
  courier?: Courier;
  trackingNumber?: string;
}

/**
 * The order's next move (issue 26): a note to the shopper sent with the status mail, and on 'Shipped'
 * the courier and its tracking number (not needed for the shop's own driver). The server checks the
 * same rules and says what is missing.
 */
export function OrderMove({
  next,
  busy,
  onMove,
}: {
  next: AdminOrderStatus;
  busy: boolean;
  onMove: (status: AdminOrderStatus, extras: MoveExtras) => void;
}) {
  const shipping = next === "Shipped";
  const [courier, setCourier] = useState("");
  const trackingNeeded = shipping && courier !== SHOP_DELIVERY;
  return (
    <form
      className="flex w-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4"
      aria-label={`Move to ${next}`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
        onMove(next, {
          note: text("note"),
          ...(shipping
            ? { courier: text("courier") as Courier | undefined, trackingNumber: text("trackingNumber") }
            : {}),
        });
      }}
    >
      {shipping ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="order-courier" className="text-sm font-medium">
              Courier
            </label>
            <select
              id="order-courier"
              name="courier"
              required
              value={courier}
              onChange={(event) => setCourier(event.target.value)}
              className={inputClass}
            >
              <option value="">Choose…</option>
              {COURIERS.map((name) => (
                <option key={name} value={name}>
                  {name === SHOP_DELIVERY ? "Shop delivery (our own driver)" : name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="order-tracking" className="text-sm font-medium">
              Tracking number{trackingNeeded ? "" : " (not needed)"}
            </label>
            <input
              id="order-tracking"
              name="trackingNumber"
              required={trackingNeeded}
              disabled={!trackingNeeded}
              maxLength={60}
              autoComplete="off"
              className={inputClass}
            />
          </div>
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="order-note" className="text-sm font-medium">
          Note to the shopper (optional, sent in the e-mail)
        </label>
        <textarea id="order-note" name="note" rows={2} maxLength={500} className={inputClass} />
      </div>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          Move to {next}
        </button>
      </div>
    </form>
  );
}

/** How the order travels, as the shopper sees it in her mail and My Account. */
export function ShippingCard({
  shipping,
}: {
  shipping: { courier: string; trackingNumber: string | null } | null;
}) {
  if (!shipping) return null;
  return (
    <Card title="Shipping">
      <p className="text-sm" data-testid="order-shipping">
        {shipping.courier === SHOP_DELIVERY ? "Shop delivery (our own driver)" : shipping.courier}
        {shipping.trackingNumber ? (
          <span className="block font-medium">Tracking number: {shipping.trackingNumber}</span>
        ) : null}
      </p>
    </Card>
  );
}
