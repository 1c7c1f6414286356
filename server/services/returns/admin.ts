import type { Transaction } from "kysely";
import type {
  AdminReturnQuery,
  AdminReturnRow,
  ReturnRequestDto,
  TimelineEvent,
} from "#core/schemas/returns.ts";
import { returnVariantStock } from "../../db/repositories/admin-orders.ts";
import { findOrder, orderLines } from "../../db/repositories/orders.ts";
import {
  findReturnRequest,
  listReturnRows,
  moveReturnStatus,
  returnLinesOf,
  returnRequestsOf,
  setReturnLineHold,
} from "../../db/repositories/returns.ts";
import { noteStockChanged } from "../../db/repositories/stock-changes.ts";
import { applySettledHold, reserveStock } from "../../db/repositories/stock-holds.ts";
import type { ReturnLineTable, ReturnRequestTable, ReturnStatus } from "../../db/schema/returns.ts";
import type { Database, OrderTable } from "../../db/schema.ts";
import { type AuditActor, auditRecorder } from "../admin-audit.ts";
import { AdminError, notFound } from "../admin-errors.ts";
import type { ReturnsContext, returnsKit } from "./index.ts";
import { loadReturnState, requestDto } from "./options.ts";
import { orderTimeline } from "./timeline.ts";

/**
 * The shop's side of a return or exchange (decision 0032): approve (an exchange's new size is reserved:
 * held), refuse with a message (a reservation is released), mark received (the returned units go back on
 * the shelf only when said resaleable), refund a return through refunds.refund (the goods, never the
 * delivery fee; owner only, as every refund), ship an exchange (its held units leave stock). Each move
 * is conditional on the status it was read in; each writes an event, an audit row and the shopper's mail.
 */

type Kit = ReturnType<typeof returnsKit>;
const money = (fils: number) => `AED ${(fils / 100).toFixed(2)}`;

export function createReturnSteps(ctx: ReturnsContext, kit: Kit) {
  const { db } = ctx;

  async function dtoOf(requestId: string): Promise<ReturnRequestDto> {
    const request = await findReturnRequest(db, requestId);
    if (!request) throw notFound("Return request");
    const order = await findOrder(db, request.order_id);
    if (!order) throw notFound("Order");
    const state = await loadReturnState(db, order, await orderLines(db, [order.id]), [request]);
    return requestDto(request, state);
  }

  interface StepContext {
    trx: Transaction<Database>;
    request: ReturnRequestTable;
    order: OrderTable;
    lines: ReturnLineTable[];
    at: string;
  }

  /** One step: the request moved from `from` to `to` (or 409), `work` done, event, audit, mail. */
  async function step(
    requestId: string,
    from: ReturnStatus[],
    to: ReturnStatus,
    actor: AuditActor,
    o: {
      event: "approved" | "refused" | "received" | "refunded" | "shipped";
      message: string | null;
      set?: Parameters<typeof moveReturnStatus>[4];
      kinds?: ("return" | "exchange")[];
      work?: (s: StepContext) => Promise<void>;
      audit: (s: StepContext) => string;
      mail: boolean;
    },
  ): Promise<ReturnRequestDto> {
    await db.transaction().execute(async (trx) => {
      const request = await findReturnRequest(trx, requestId);
      if (!request) throw notFound("Return request");
      if (o.kinds && !o.kinds.includes(request.kind))
        throw new AdminError(
          "conflict",
          "invalid_transition",
          `This is ${request.kind === "return" ? "a return" : "an exchange"}: it cannot be ${o.event}`,
        );
      const order = await findOrder(trx, request.order_id);
      if (!order) throw notFound("Order");
      const at = new Date().toISOString();
      if (!(await moveReturnStatus(trx, request.id, from, to, o.set ?? {}, at)))
        throw new AdminError(
          "conflict",
          "invalid_transition",
          `Request ${request.number} is ${request.status}: it cannot be ${o.event} now (reload it)`,
        );
      const lines = await returnLinesOf(trx, [request.id]);
      const s: StepContext = { trx, request: { ...request, ...o.set, status: to }, order, lines, at };
      if (o.work) await o.work(s);
      await kit.event(trx, {
        request_id: request.id,
        order_id: order.id,
        at,
        step: o.event,
        actor: "shop",
        message: o.message,
      });
      await auditRecorder(actor)(trx, {
        action: `order.return_${o.event}`,
        entity: "order",
        entityId: order.id,
        label: order.order_number,
        changes: [
          {
            field: request.number,
            before: request.status,
            after: `${to}${o.audit(s) ? `: ${o.audit(s)}` : ""}`,
          },
        ],
      });
      if (o.mail && o.event !== "refunded")
        await kit.mail(
          trx,
          order,
          o.event,
          s.request,
          lines
            .map((l) => l.exchange_size)
            .filter(Boolean)
            .join(", "),
          o.message,
        );
    });
    kit.deliver();
    return dtoOf(requestId);
  }

  /** Releases an exchange's reservation (a refusal after approval). */
  async function release(s: StepContext) {
    const changed: string[] = [];
    for (const l of s.lines)
      if (l.hold === "held" && l.exchange_variant_id) {
        await applySettledHold(s.trx, l.exchange_variant_id, l.quantity, "released");
        await setReturnLineHold(s.trx, l.id, "released");
        changed.push(l.exchange_variant_id);
      }
    await noteStockChanged(s.trx, changed);
  }

  return {
    async list(query: AdminReturnQuery): Promise<{ returns: AdminReturnRow[]; total: number }> {
      const { rows, total } = await listReturnRows(db, {
        status: query.status,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const returns: AdminReturnRow[] = [];
      for (const row of rows) {
        const order = await findOrder(db, row.order_id);
        if (!order) continue;
        const state = await loadReturnState(db, order, await orderLines(db, [order.id]), [row]);
        returns.push({
          ...requestDto(row, state),
          orderId: row.order_id,
          orderNumber: row.order_number,
          customerName: `${row.ship_first_name} ${row.ship_last_name}`.trim(),
        });
      }
      return { returns, total };
    },

    /** The back office's order screen: the same timeline as the shopper's, and the order's requests. */
    async orderView(orderId: string): Promise<{ timeline: TimelineEvent[]; requests: ReturnRequestDto[] }> {
      const order = await findOrder(db, orderId);
      if (!order?.placed_at) throw notFound("Order");
      const requests = await returnRequestsOf(db, orderId);
      const state = await loadReturnState(db, order, await orderLines(db, [orderId]), requests);
      return {
        timeline: await orderTimeline(db, order),
        requests: requests.map((r) => requestDto(r, state)),
      };
    },

    approve: (id: string, message: string | null, actor: AuditActor) =>
      step(id, ["requested"], "approved", actor, {
        event: "approved",
        message,
        set: { message },
        mail: true,
        audit: (s) =>
          s.lines
            .filter((l) => l.exchange_size)
            .map((l) => `${l.quantity} × ${l.exchange_size} held`)
            .join(", "),
        // An exchange's new size is reserved now: held, no longer for sale, still on the shelf.
        async work(s) {
          const held: string[] = [];
          for (const l of s.lines) {
            if (!l.exchange_variant_id) continue;
            const variant = await s.trx
              .selectFrom("product_variants")
              .select(["stock", "size"])
              .where("id", "=", l.exchange_variant_id)
              .executeTakeFirst();
            if (!variant)
              throw new AdminError("conflict", "out_of_stock", `Size ${l.exchange_size} no longer exists`);
            if (variant.stock === null) continue;
            if (!(await reserveStock(s.trx, l.exchange_variant_id, l.quantity)))
              throw new AdminError(
                "conflict",
                "out_of_stock",
                `Size ${l.exchange_size} no longer has ${l.quantity} in stock: refuse the exchange or add stock first`,
              );
            await setReturnLineHold(s.trx, l.id, "held");
            held.push(l.exchange_variant_id);
          }
          await noteStockChanged(s.trx, held);
        },
      }),

    refuse: (id: string, message: string, actor: AuditActor) =>
      step(id, ["requested", "approved"], "refused", actor, {
        event: "refused",
        message,
        set: { message },
        mail: true,
        audit: () => message,
        work: release,
      }),

    receive: (id: string, resaleable: boolean, actor: AuditActor) =>
      step(id, ["approved"], "received", actor, {
        event: "received",
        message: null,
        set: { resaleable },
        mail: true,
        audit: () => (resaleable ? "back in stock" : "not resaleable: not back in stock"),
        // Only units the shop can sell again go back on the shelf.
        async work(s) {
          if (!resaleable) return;
          const orderLineRows = await orderLines(s.trx, [s.order.id]);
          const back: string[] = [];
          for (const l of s.lines) {
            const line = orderLineRows.find((o) => o.id === l.order_line_id);
            if (!line?.variant_id) continue;
            await returnVariantStock(s.trx, line.variant_id, l.quantity);
            back.push(line.variant_id);
          }
          await noteStockChanged(s.trx, back);
        },
      }),

    ship: (id: string, shipment: { courier: string; trackingNumber?: string }, actor: AuditActor) =>
      step(id, ["received"], "shipped", actor, {
        event: "shipped",
        message: null,
        kinds: ["exchange"],
        set: { courier: shipment.courier, tracking_number: shipment.trackingNumber || null },
        mail: true,
        audit: () => `${shipment.courier}${shipment.trackingNumber ? ` ${shipment.trackingNumber}` : ""}`,
        // The reserved units leave the shelf: stock and held both drop.
        async work(s) {
          const moved: string[] = [];
          for (const l of s.lines)
            if (l.hold === "held" && l.exchange_variant_id) {
              await applySettledHold(s.trx, l.exchange_variant_id, l.quantity, "converted");
              await setReturnLineHold(s.trx, l.id, "shipped");
              moved.push(l.exchange_variant_id);
            }
          await noteStockChanged(s.trx, moved);
        },
      }),

    /**
     * Refunds a received return's goods through refunds.refund (decision 0023): the lines at the price
     * paid, never the delivery fee. The request is claimed first ('refunding'), so two clicks refund
     * once; a refusal or an error puts it back to 'received'. The refund's own mail tells the shopper.
     */
    async refund(
      id: string,
      how: { method?: "cash" | "bank_transfer"; reference?: string },
      actor: AuditActor,
    ): Promise<ReturnRequestDto> {
      const request = await findReturnRequest(db, id);
      if (!request) throw notFound("Return request");
      if (request.kind !== "return")
        throw new AdminError("conflict", "invalid_transition", "An exchange is shipped, not refunded");
      const order = await findOrder(db, request.order_id);
      if (!order) throw notFound("Order");
      const at = new Date().toISOString();
      if (!(await moveReturnStatus(db, id, ["received"], "refunding", {}, at)))
        throw new AdminError(
          "conflict",
          "invalid_transition",
          `Request ${request.number} is ${request.status}: it is refunded once its items are received`,
        );
      const lines = await returnLinesOf(db, [id]);
      let result: Awaited<ReturnType<typeof ctx.refunds.refund>>;
      try {
        result = await ctx.refunds.refund(
          order.id,
          {
            lines: lines.map((l) => ({ lineId: l.order_line_id, quantity: l.quantity })),
            reason: `Return ${request.number}: ${request.reason.replace(/_/g, " ")}`,
            method: order.payment_mode === "online" ? "paymennt" : (how.method ?? "cash"),
            reference: how.reference,
          },
          { id: actor.id, name: actor.name, kind: "staff" },
        );
      } catch (error) {
        await moveReturnStatus(db, id, ["refunding"], "received", {}, new Date().toISOString());
        throw error;
      }
      if (result.outcome === "refused") {
        await moveReturnStatus(db, id, ["refunding"], "received", {}, new Date().toISOString());
        throw new AdminError(
          "conflict",
          "refund_refused",
          `Paymennt refused the refund: ${result.entry.failure ?? "no reason given"}. Nothing was refunded.`,
        );
      }
      return step(id, ["refunding"], "refunded", actor, {
        event: "refunded",
        message: null,
        set: { refund_id: result.entry.id },
        mail: false,
        audit: () => `${money(result.entry.amountFils)} ${result.outcome}`,
      });
    },
  };
}
