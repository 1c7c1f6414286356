import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderSummary,
  type Dashboard,
  nextOrderStatuses,
  type OrderStatusChange,
} from "#core/admin.ts";
import type { IssuedDocument } from "#core/schemas/document.schema.ts";
import { countReviewsWithStatus } from "../db/repositories/admin-content.ts";
import { countNewInbox } from "../db/repositories/admin-inbox.ts";
import {
  countOrdersInStatus,
  insertOrderNote,
  listAdminOrderRows,
  listOrderEvents,
  listOrderNotes,
  markCodOrderPaid,
  moveOrderStatus,
  orderFigures,
  returnVariantStock,
  setOrderShipping,
} from "../db/repositories/admin-orders.ts";
import { listLowStockRows } from "../db/repositories/admin-products.ts";
import { findOrder, insertOrderEvent, orderLines } from "../db/repositories/orders.ts";
import { listPromotionsWithFigures } from "../db/repositories/promotions.ts";
import { listRefunds, listRefundsOf, refundedBetween } from "../db/repositories/refunds.ts";
import { noteStockChanged } from "../db/repositories/stock-changes.ts";
import { findUserById } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { Mailer, MailOutcome } from "../integrations/mail.ts";
import type { AuditActor, AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import type { SettingsService } from "./admin-settings.ts";
import { issuedDocument, isTestOrder } from "./documents.ts";
import type { OrdersService } from "./orders.ts";
import { releaseOrderUse } from "./promotions/uses.ts";
import { creditCancelledSupply } from "./refunds/cancellation.ts";
import { displayedPaymentStatus } from "./refunds/summary.ts";
import { assertMadeToMeasureReady } from "./workshop.ts";

/** Asia/Dubai is UTC+4 all year (no daylight saving), so its days and months start at 20:00 UTC. */
const DUBAI_OFFSET_MS = 4 * 3600_000;

/** The start of the Dubai day and month holding `now`, and the starts of the next ones, in UTC ISO. */
export function dubaiPeriods(now: Date) {
  const local = new Date(now.getTime() + DUBAI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const at = (ms: number) => new Date(ms - DUBAI_OFFSET_MS).toISOString();
  return {
    dayStart: at(Date.UTC(y, m, d)),
    dayEnd: at(Date.UTC(y, m, d + 1)),
    monthStart: at(Date.UTC(y, m, 1)),
    monthEnd: at(Date.UTC(y, m + 1, 1)),
  };
}

const CANCELLED = "Cancelled";

/**
 * A period's orders and revenue net of refunds (issue 24; decision 0023): the totals of the orders placed
 * in it less the refunds confirmed in it, each counted on the day it was made.
 */
async function netFigures(db: Kysely<Database>, from: string, to: string) {
  const [orders, refundedFils] = await Promise.all([
    orderFigures(db, from, to),
    refundedBetween(db, from, to),
  ]);
  return { orders: orders.orders, revenueFils: orders.revenueFils - refundedFils, refundedFils };
}

/**
 * Orders as the shop runs them (issue 15): the list, one order with its events, status moves (each with
 * an order event, an audit row and a mail to the shopper, in one transaction; a cancellation puts the
 * stock back), cash collected on delivery, and the dashboard's figures.
 */
export function createAdminOrders(options: {
  db: Kysely<Database>;
  orders: OrdersService;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
}) {
  const { db, orders, mailer, settings, log } = options;

  function deliverMails() {
    mailer.flush().catch((error: unknown) => log.error({ err: error }, "order status mail delivery failed"));
  }

  async function detail(id: string): Promise<AdminOrderDetail> {
    const order = await findOrder(db, id);
    if (!order?.placed_at) throw notFound("Order");
    const [dto, events, user, notes, refunds] = await Promise.all([
      orders.orderDto(id),
      listOrderEvents(db, id),
      findUserById(db, order.user_id),
      listOrderNotes(db, id),
      listRefunds(db, id),
    ]);
    if (!dto) throw notFound("Order");
    return {
      order: dto,
      customer: {
        id: order.user_id,
        name: user?.name ?? `${order.ship_first_name} ${order.ship_last_name}`.trim(),
        email: user?.email ?? (order.ship_email || null),
        phone: user?.phone ?? order.ship_phone,
      },
      // Issue 24: paid → partly refunded → refunded, from the confirmed refunds.
      paymentStatus: displayedPaymentStatus(order, refunds),
      events: events.map((e) => ({
        at: e.at,
        actor: e.actor,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        note: e.note,
      })),
      nextStatuses: nextOrderStatuses(order.status),
      canMarkPaid:
        order.payment_mode === "cod" && order.payment_status === "unpaid" && order.status !== CANCELLED,
      shipping: order.courier
        ? { courier: order.courier, trackingNumber: order.tracking_number ?? null }
        : null,
      notes: notes.map((n) => ({ id: n.id, at: n.at, author: n.author_name, body: n.body })),
      attention: order.needs_attention ? (order.attention_reason ?? "Needs attention") : null,
    };
  }

  return {
    async list(query: AdminOrderQuery): Promise<{ orders: AdminOrderSummary[]; total: number }> {
      const { rows, total } = await listAdminOrderRows(db, query);
      const refunds = await listRefundsOf(
        db,
        rows.map((o) => o.id),
      );
      return {
        total,
        orders: rows.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          placedAt: o.placed_at ?? o.created_at,
          status: o.status,
          paymentMode: o.payment_mode,
          // Issue 24: paid → partly refunded → refunded, from the confirmed refunds.
          paymentStatus: displayedPaymentStatus(
            o,
            refunds.filter((r) => r.order_id === o.id),
          ),
          customerName: `${o.ship_first_name} ${o.ship_last_name}`.trim(),
          phone: o.ship_phone,
          totalFils: Number(o.total_fils),
          itemCount: o.item_count,
          isTest: isTestOrder(o),
          needsAttention: Boolean(o.needs_attention),
        })),
      };
    },

    detail,

    /** The order's issued document, drawn from its snapshot in English and Arabic (decision 0015). */
    async document(id: string): Promise<IssuedDocument> {
      const order = await findOrder(db, id);
      if (!order?.placed_at) throw notFound("Order");
      const snapshot = await orders.documents.forOrder(order);
      if (!snapshot) throw notFound("Order");
      return issuedDocument(snapshot);
    },

    /**
     * Moves an order forward, or cancels it (never after Delivered). The move is conditional on the
     * status it was read in, so two people moving one order at once move it once; a cancellation puts
     * every line's units back on its size's shelf in the same transaction.
     */
    async changeStatus(
      id: string,
      input: OrderStatusChange,
      actor: AuditActor,
      audit: AuditRecorder,
    ): Promise<AdminOrderDetail & { mail: MailOutcome }> {
      // An order from before issued documents gets its document first, in a transaction of its own, so
      // the status change never takes the series' lock after the stock rows (decision 0015).
      const before = await findOrder(db, id);
      if (before?.placed_at) await orders.documents.forOrder(before);
      const mailed = await db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, id);
        if (!order?.placed_at) throw notFound("Order");
        if (!nextOrderStatuses(order.status).includes(input.status))
          throw new AdminError(
            "conflict",
            "invalid_transition",
            `An order in '${order.status}' cannot move to '${input.status}'`,
          );
        await assertMadeToMeasureReady(trx, id, input.status);
        const at = new Date().toISOString();
        if (!(await moveOrderStatus(trx, id, order.status, input.status, at)))
          throw new AdminError("conflict", "invalid_transition", "The order changed meanwhile: reload it");
        const lines = await orderLines(trx, [id]);
        const shipping =
          input.status === "Shipped" && input.courier
            ? { courier: input.courier, trackingNumber: input.trackingNumber || null }
            : undefined;
        if (shipping) await setOrderShipping(trx, id, shipping.courier, shipping.trackingNumber);
        if (input.status === CANCELLED) {
          for (const line of lines)
            if (line.variant_id) await returnVariantStock(trx, line.variant_id, Number(line.quantity));
          // Issue 28: a cancelled order gives its code's use back.
          await releaseOrderUse(trx, id, at);
          await noteStockChanged(
            trx,
            lines.flatMap((l) => (l.variant_id ? [l.variant_id] : [])),
          );
        }
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: id,
          at,
          actor: `staff:${actor.name}`,
          from_status: order.status,
          to_status: input.status,
          note: input.note ?? null,
        });
        // Issue 24: the cancelled supply is credited (a credit note referring to the invoice).
        if (input.status === CANCELLED)
          await creditCancelledSupply(trx, orders.documents, order, lines, actor.name);
        await audit(trx, {
          action: "order.status",
          entity: "order",
          entityId: id,
          label: order.order_number,
          changes: [
            { field: "status", before: order.status, after: input.status },
            ...(shipping
              ? [
                  { field: "courier", before: order.courier ?? null, after: shipping.courier },
                  {
                    field: "trackingNumber",
                    before: order.tracking_number ?? null,
                    after: shipping.trackingNumber,
                  },
                ]
              : []),
          ],
        });
        return orders.queueStatusMail(trx, order, lines, input.status, input.note, shipping);
      });
      deliverMails();
      return { ...(await detail(id)), mail: mailed ? mailer.outcome : "none" };
    },

    /** An internal note on an order: staff only, never shown to the shopper nor mailed. */
    async addNote(
      id: string,
      body: string,
      actor: AuditActor,
      audit: AuditRecorder,
    ): Promise<AdminOrderDetail> {
      await db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, id);
        if (!order?.placed_at) throw notFound("Order");
        await insertOrderNote(trx, {
          id: newId(),
          order_id: id,
          at: new Date().toISOString(),
          author_id: actor.id,
          author_name: actor.name,
          body,
        });
        await audit(trx, {
          action: "order.note",
          entity: "order",
          entityId: id,
          label: order.order_number,
          changes: [{ field: "note", before: null, after: body }],
        });
      });
      return detail(id);
    },

    /** An unpaid cash-on-delivery order whose money the courier collected. */
    async markPaid(id: string, actor: AuditActor, audit: AuditRecorder): Promise<AdminOrderDetail> {
      await db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, id);
        if (!order?.placed_at) throw notFound("Order");
        const at = new Date().toISOString();
        if (!(await markCodOrderPaid(trx, id, at)))
          throw new AdminError(
            "conflict",
            "not_cod",
            "Only an unpaid cash-on-delivery order can be marked paid",
          );
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: id,
          at,
          actor: `staff:${actor.name}`,
          from_status: order.status,
          to_status: order.status,
          note: "Cash on delivery collected",
        });
        await audit(trx, {
          action: "order.payment",
          entity: "order",
          entityId: id,
          label: order.order_number,
          changes: [{ field: "paymentStatus", before: order.payment_status, after: "paid" }],
        });
      });
      return detail(id);
    },

    async dashboard(now = new Date()): Promise<Dashboard> {
      const { lowStockThreshold } = await settings.current();
      const p = dubaiPeriods(now);
      const [today, month, toPack, newStitchingRequests, newMessages, pendingReviews, low] =
        await Promise.all([
          netFigures(db, p.dayStart, p.dayEnd),
          netFigures(db, p.monthStart, p.monthEnd),
          countOrdersInStatus(db, "Order Placed"),
          countNewInbox(db, "stitching"),
          countNewInbox(db, "contact"),
          countReviewsWithStatus(db, "pending"),
          listLowStockRows(db, lowStockThreshold, 50),
        ]);
      // Issue 28: each active code's uses and the discount given, most used first.
      const promotions = (await listPromotionsWithFigures(db, { active: true }))
        .map((r) => ({ id: r.id, code: r.code, uses: r.uses, discountGivenFils: r.discount_given_fils }))
        .sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code));
      return {
        today,
        month,
        toPack,
        newStitchingRequests,
        newMessages,
        pendingReviews,
        lowStockThreshold,
        promotions,
        lowStock: low.map((r) => ({
          productId: r.product_id,
          productName: r.product_name,
          slug: r.slug,
          variantId: r.variant_id,
          size: r.size,
          sku: r.sku,
          stock: r.stock,
          held: r.held,
          available: Math.max(0, r.stock - r.held),
        })),
      };
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
