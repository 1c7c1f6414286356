import type { Kysely, Transaction } from "kysely";
import type { ReturnStep, TimelineEvent } from "#core/schemas/returns.ts";
import { listOrderEvents } from "../../db/repositories/admin-orders.ts";
import { alterationEventsOfOrder, alterationsOfOrder } from "../../db/repositories/alterations.ts";
import { listRefunds } from "../../db/repositories/refunds.ts";
import { returnEventsOf, returnRequestsOf } from "../../db/repositories/returns.ts";
import type { Database, OrderTable } from "../../db/schema.ts";

/**
 * An order's timeline (issue 24, part B; decision 0032): the one function both the shopper's order page
 * and the back office's order screen draw. Placed, paid, every status change (with the courier and
 * tracking number when shipped), refunds (confirmed, or asked of the provider and not answered yet),
 * every step of a return or exchange, and a cancellation. Staff names, internal notes and refusals by
 * the payment provider stay out: the back office shows those in its own panels.
 */

type Db = Kysely<Database> | Transaction<Database>;

const COD_COLLECTED = "Cash on delivery collected";
const BEFORE_PLACED = new Set(["Awaiting payment", "Order Placed"]);

const blank = {
  status: null,
  courier: null,
  trackingNumber: null,
  amountFils: null,
  paymentMode: null,
  returnNumber: null,
  returnKind: null,
  step: null,
  message: null,
} satisfies Omit<TimelineEvent, "at" | "kind" | "actor">;

const actorOf = (actor: string): TimelineEvent["actor"] =>
  actor.startsWith("staff:")
    ? "shop"
    : actor === "customer" || actor === "shopper"
      ? "shopper"
      : actor === "webhook" || actor === "paymennt"
        ? "payment"
        : "system";

export async function orderTimeline(db: Db, order: OrderTable): Promise<TimelineEvent[]> {
  const [events, payments, refunds, requests, steps, alterations, alterationSteps] = await Promise.all([
    listOrderEvents(db, order.id),
    db
      .selectFrom("payments")
      .select(["status", "finalized_at", "updated_at"])
      .where("order_id", "=", order.id)
      .where("status", "=", "paid")
      .execute(),
    listRefunds(db, order.id),
    returnRequestsOf(db, order.id),
    returnEventsOf(db, order.id),
    alterationsOfOrder(db, order.id),
    alterationEventsOfOrder(db, order.id),
  ]);
  const timeline: TimelineEvent[] = [];
  if (order.placed_at)
    timeline.push({
      ...blank,
      at: order.placed_at,
      kind: "placed",
      actor: "shopper",
      paymentMode: order.payment_mode,
    });
  for (const p of payments)
    timeline.push({
      ...blank,
      at: p.finalized_at ?? p.updated_at,
      kind: "paid",
      actor: "payment",
      paymentMode: "online",
      amountFils: Number(order.total_fils),
    });
  for (const e of events) {
    if (e.note === COD_COLLECTED && e.from_status === e.to_status) {
      timeline.push({
        ...blank,
        at: e.at,
        kind: "paid",
        actor: "shop",
        paymentMode: "cod",
        amountFils: Number(order.total_fils),
      });
      continue;
    }
    if (e.from_status === null || e.from_status === e.to_status || BEFORE_PLACED.has(e.to_status)) continue;
    // A payment that failed before the order was placed cancels nobody's order.
    if (e.from_status === "Awaiting payment") continue;
    const shipped = e.to_status === "Shipped" && order.courier;
    timeline.push({
      ...blank,
      at: e.at,
      kind: "status",
      actor: actorOf(e.actor),
      status: e.to_status,
      courier: shipped ? (order.courier ?? null) : null,
      trackingNumber: shipped ? (order.tracking_number ?? null) : null,
    });
  }
  for (const r of refunds) {
    if (r.status === "refused") continue;
    timeline.push({
      ...blank,
      at: r.status === "confirmed" ? (r.settled_at ?? r.created_at) : r.created_at,
      kind: r.status === "confirmed" ? "refund" : "refund_pending",
      actor: "shop",
      amountFils: Number(r.amount_fils),
    });
  }
  for (const s of steps) {
    const request = requests.find((r) => r.id === s.request_id);
    if (!request) continue;
    const shipped = s.step === "shipped";
    timeline.push({
      ...blank,
      at: s.at,
      kind: "return",
      actor: s.actor,
      returnNumber: request.number,
      returnKind: request.kind,
      step: s.step as ReturnStep,
      message: s.message,
      courier: shipped ? request.courier : null,
      trackingNumber: shipped ? request.tracking_number : null,
    });
  }
  // Issue 29 (decision 0043): every step of an alteration of a made-to-measure line.
  for (const s of alterationSteps) {
    const alteration = alterations.find((a) => a.id === s.request_id);
    if (!alteration) continue;
    timeline.push({
      ...blank,
      at: s.at,
      kind: "alteration",
      actor: s.actor,
      returnNumber: alteration.number,
      step: s.step as TimelineEvent["step"],
      message: s.message,
    });
  }
  // Oldest first; events of one moment keep the order they were gathered in.
  return timeline
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.at < b.event.at ? -1 : a.event.at > b.event.at ? 1 : a.index - b.index))
    .map((x) => x.event);
}
