/**
 * A shopper's own cancellation (issue 24; docs/decisions/0031-shopper-cancellation.md): an order still at
 * 'Order Placed' may be cancelled by its shopper within the shop's window (a back-office setting; SPEC's
 * policy: 24 hours of placement). The server decides with this function and says why not; My Account
 * shows the button or the reason from the same answer.
 */

export const DEFAULT_CANCEL_WINDOW_HOURS = 24;
export const MAX_CANCEL_WINDOW_HOURS = 720;

export type CancelRefusal = "cancelled" | "status" | "window";

export interface CancelState {
  /** True while the shopper may cancel it now. */
  allowed: boolean;
  /** When the window closes (ISO), while it is allowed. */
  until: string | null;
  /** The shop's window, in hours, for the sentence that explains a refusal. */
  windowHours: number;
  /** Why not: already cancelled, moved past 'Order Placed', or placed longer ago than the window. */
  reason: CancelRefusal | null;
}

export function cancelState(
  order: { status: string; placedAt: string },
  windowHours: number,
  now: Date = new Date(),
): CancelState {
  const refused = (reason: CancelRefusal): CancelState => ({
    allowed: false,
    until: null,
    windowHours,
    reason,
  });
  if (order.status === "Cancelled") return refused("cancelled");
  if (order.status !== "Order Placed") return refused("status");
  const closes = Date.parse(order.placedAt) + windowHours * 3600_000;
  if (!Number.isFinite(closes) || now.getTime() >= closes) return refused("window");
  return { allowed: true, until: new Date(closes).toISOString(), windowHours, reason: null };
}
