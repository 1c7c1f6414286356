import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { RefundEntry, RefundRequest, RefundSummary } from "#core/schemas/admin/refunds.ts";
import type { IssuedDocument } from "#core/schemas/document.schema.ts";
import type { Config } from "../../config.ts";
import { findOrder, insertOrderEvent, orderLines } from "../../db/repositories/orders.ts";
import {
  claimRefundCheck,
  duePendingRefunds,
  findRefund,
  findRefundByKey,
  insertRefund,
  listRefunds,
  lockOrderForRefund,
} from "../../db/repositories/refunds.ts";
import type { Database, OrderLineTable, OrderTable, RefundTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import { type PaymenntClient, PaymenntError } from "../../integrations/paymennt.ts";
import { auditRecorder } from "../admin-audit.ts";
import { AdminError, notFound } from "../admin-errors.ts";
import { type DocumentsService, issuedDocument, parseSnapshot } from "../documents.ts";
import type { CreditedLine } from "./credit-note.ts";
import { createRefundSettlement, eventActor, money, type RefundActor } from "./settle.ts";
import {
  buildSummary,
  counts,
  creditNoteRows,
  entryOf,
  methodsFor,
  paidFils,
  paidForUnits,
  refundedUnits,
} from "./summary.ts";

/**
 * Refunds (issue 24; docs/decisions/0023-refunds.md). One entry point, refund(orderId, request, actor),
 * for the back office today and a shopper's cancellation or a return tomorrow:
 *
 * 1. in one transaction that first locks the order's row, the amount is checked against what was paid
 *    less every pending or confirmed refund, and the refund row is written: pending for Paymennt,
 *    confirmed for one recorded by hand (cash, bank transfer, done in Paymennt's dashboard);
 * 2. committed, Paymennt is asked (`POST checkout/{id}/refund`, our request id as `referenceId`);
 * 3. its answer settles the row: confirmed (credit note, payment status, timeline, audit, the shopper's
 *    mail, in one transaction) or refused (released: counts no more). No answer leaves it pending; the
 *    reconciliation job reads the checkout's `totalRefunded` and confirms it, or asks again with the same
 *    request id.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type { RefundActor };

export type RefundOutcome = "confirmed" | "pending" | "refused";

const RECHECK_MS = 60_000;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e?.code === "23505" || (typeof e?.message === "string" && /UNIQUE constraint failed/i.test(e.message))
  );
}

/** A refusal Paymennt decided (4xx other than 408/429); anything else may not have reached it. */
const refusedByProvider = (error: unknown) =>
  error instanceof PaymenntError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

export function createRefundsService(options: {
  db: Kysely<Database>;
  config: Config;
  paymennt: PaymenntClient;
  mailer: Mailer;
  documents: DocumentsService;
  log: FastifyBaseLogger;
}) {
  const { db, paymennt, mailer, log } = options;
  const { confirmIn, refuse } = createRefundSettlement(options);

  async function placedOrder(executor: Db, id: string): Promise<OrderTable> {
    const order = await findOrder(executor, id);
    if (!order?.placed_at) throw notFound("Order");
    return order;
  }

  async function summary(orderId: string): Promise<RefundSummary> {
    const order = await placedOrder(db, orderId);
    return buildSummary(db, order, await orderLines(db, [orderId]));
  }

  /** The amount and lines a request asks for, checked against the order's lines and earlier refunds. */
  function amountOf(
    request: RefundRequest,
    lines: OrderLineTable[],
    earlier: RefundTable[],
  ): { amountFils: number; credited: CreditedLine[] } {
    if (!request.lines) return { amountFils: request.amountFils ?? 0, credited: [] };
    const units = refundedUnits(earlier);
    const credited: CreditedLine[] = [];
    for (const want of request.lines) {
      const line = lines.find((l) => l.id === want.lineId);
      if (!line) throw new AdminError("invalid", "validation", "A chosen line is not on this order");
      if (credited.some((c) => c.line.id === line.id))
        throw new AdminError("invalid", "validation", "A line is chosen twice");
      const left = Number(line.quantity) - (units.get(line.id) ?? 0);
      if (want.quantity > left)
        throw new AdminError(
          "conflict",
          "refund_exceeds_paid",
          `Only ${left} of '${line.name}' (${line.size}) can still be refunded`,
        );
      credited.push({
        line,
        quantity: want.quantity,
        // The discounted price the shopper paid (issue 28), never more.
        amountFils: paidForUnits(line, want.quantity, units.get(line.id) ?? 0),
      });
    }
    return { amountFils: credited.reduce((s, c) => s + c.amountFils, 0), credited };
  }

  const hashOf = (request: RefundRequest) =>
    createHash("sha256").update(JSON.stringify(request)).digest("hex");

  /** Step 1: the pending (or, by hand, confirmed) row, committed. Returns it and whether it is new. */
  async function record(
    orderId: string,
    request: RefundRequest,
    actor: RefundActor,
    idempotencyKey: string | undefined,
  ): Promise<{ row: RefundTable; fresh: boolean }> {
    const hash = hashOf(request);
    try {
      return await db.transaction().execute(async (trx) => {
        await lockOrderForRefund(trx, orderId);
        const order = await placedOrder(trx, orderId);
        if (idempotencyKey) {
          const earlier = await findRefundByKey(trx, orderId, idempotencyKey);
          if (earlier) return { row: replayed(earlier, hash), fresh: false };
        }
        if (!methodsFor(order).includes(request.method))
          throw new AdminError(
            "conflict",
            "refund_method",
            order.payment_mode === "online"
              ? "A card order is refunded through Paymennt (or recorded as refunded in Paymennt's dashboard)"
              : "A cash-on-delivery order is refunded by hand: cash or bank transfer",
          );
        if (request.method === "bank_transfer" && !request.reference)
          throw new AdminError("invalid", "validation", "Give the bank transfer's reference");
        const paid = paidFils(order);
        if (paid === 0)
          throw new AdminError(
            "conflict",
            "nothing_to_refund",
            "No money was taken for this order: nothing to refund",
          );
        const refunds = await listRefunds(trx, orderId);
        const lines = await orderLines(trx, [orderId]);
        const { amountFils, credited } = amountOf(request, lines, refunds);
        const taken = refunds.filter(counts).reduce((s, r) => s + r.amount_fils, 0);
        const left = paid - taken;
        if (left <= 0)
          throw new AdminError(
            "conflict",
            "nothing_to_refund",
            "Everything paid is already refunded or being refunded",
          );
        if (amountFils > left)
          throw new AdminError(
            "conflict",
            "refund_exceeds_paid",
            `At most ${money(left)} can still be refunded (paid ${money(paid)}, refunded or pending ${money(taken)})`,
          );
        let checkoutId: string | null = null;
        if (request.method === "paymennt") {
          const payment = await trx
            .selectFrom("payments")
            .select("provider_checkout_id")
            .where("order_id", "=", orderId)
            .where("status", "=", "paid")
            .executeTakeFirst();
          checkoutId = payment?.provider_checkout_id ?? null;
          if (!checkoutId)
            throw new AdminError("conflict", "refund_method", "This order has no Paymennt payment to refund");
        }
        const now = new Date().toISOString();
        const row: RefundTable = {
          id: newId(),
          order_id: orderId,
          request_id: `rf_${newId()}`,
          idempotency_key: idempotencyKey ?? null,
          request_hash: hash,
          amount_fils: amountFils,
          method: request.method,
          reference: request.reference || null,
          reason: request.reason,
          lines: JSON.stringify(
            credited.map((c) => ({ lineId: c.line.id, quantity: c.quantity, amountFils: c.amountFils })),
          ),
          status: "pending",
          provider_checkout_id: checkoutId,
          provider_status: null,
          failure: null,
          actor_id: actor.id,
          actor_name: actor.name,
          credit_note_id: null,
          checks: 0,
          next_check_at:
            request.method === "paymennt" ? new Date(Date.now() + RECHECK_MS).toISOString() : null,
          created_at: now,
          settled_at: null,
        };
        await insertRefund(trx, row);
        await auditRecorder(actor)(trx, {
          action: "order.refund",
          entity: "order",
          entityId: orderId,
          label: order.order_number,
          changes: [
            {
              field: "refund",
              before: null,
              after: `${money(amountFils)} ${request.method}: ${request.reason}`,
            },
          ],
        });
        if (request.method !== "paymennt") {
          // Recorded by hand: the money has left already.
          await confirmIn(trx, row, order, lines, "recorded");
          return { row: (await findRefund(trx, row.id)) ?? row, fresh: true };
        }
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at: now,
          actor: eventActor(actor),
          from_status: order.status,
          to_status: order.status,
          note: `Refund of ${money(amountFils)} asked of Paymennt: ${request.reason}`,
        });
        return { row, fresh: true };
      });
    } catch (error) {
      // The same Idempotency-Key raced in at the same moment: the other request wrote it; answer that one.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await findRefundByKey(db, orderId, idempotencyKey);
        if (earlier) return { row: replayed(earlier, hash), fresh: false };
      }
      throw error;
    }
  }

  function replayed(earlier: RefundTable, hash: string): RefundTable {
    if (earlier.request_hash !== hash)
      throw new AdminError(
        "conflict",
        "idempotency_mismatch",
        "This Idempotency-Key was used for another refund",
      );
    return earlier;
  }

  async function confirm(row: RefundTable, providerStatus: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const order = await placedOrder(trx, row.order_id);
      await confirmIn(trx, row, order, await orderLines(trx, [order.id]), "paymennt", providerStatus);
    });
    mailer.flush().catch((error: unknown) => log.error({ err: error }, "refund mail delivery failed"));
  }

  /** Step 2 and 3: asks Paymennt (again, with the same request id) and settles the row by its answer. */
  async function askProvider(row: RefundTable): Promise<RefundOutcome> {
    try {
      const checkout = await paymennt.refundCheckout(row.provider_checkout_id ?? "", {
        amount: row.amount_fils / 100,
        currency: "AED",
        note: row.reason,
        referenceId: row.request_id,
      });
      await confirm(row, String(checkout.status));
      return "confirmed";
    } catch (error) {
      if (refusedByProvider(error)) {
        const reason = (error as Error).message.replace(/^Paymennt refused [^:]+: /, "");
        await refuse(row, reason);
        return "refused";
      }
      log.warn({ err: error, refundId: row.id }, "Paymennt did not answer a refund: it stays pending");
      return "pending";
    }
  }

  async function outcomeOf(
    row: RefundTable,
  ): Promise<{ outcome: RefundOutcome; entry: RefundEntry; summary: RefundSummary }> {
    const fresh = (await findRefund(db, row.id)) ?? row;
    const notes = new Map((await creditNoteRows(db, row.order_id)).map((n) => [n.id, n.number]));
    return {
      outcome: fresh.status as RefundOutcome,
      entry: entryOf(fresh, notes),
      summary: await summary(row.order_id),
    };
  }

  return {
    summary,

    /**
     * Refunds an order, fully or in part, by lines or by an amount (see above). `idempotencyKey`: a
     * repeat with the same key and body answers the first refund (retrying Paymennt with its request
     * id if it is still pending); with another body it is refused.
     */
    async refund(
      orderId: string,
      request: RefundRequest,
      actor: RefundActor,
      idempotencyKey?: string,
    ): Promise<{ outcome: RefundOutcome; entry: RefundEntry; summary: RefundSummary }> {
      const { row } = await record(orderId, request, actor, idempotencyKey);
      if (row.status === "pending" && row.method === "paymennt") await askProvider(row);
      else if (row.status === "confirmed")
        mailer.flush().catch((error: unknown) => log.error({ err: error }, "refund mail delivery failed"));
      return outcomeOf(row);
    },

    /**
     * The reconciliation job's part: each pending Paymennt refund whose check is due is claimed, then
     * the checkout's `totalRefunded` says whether Paymennt made it (confirmed); otherwise it is asked
     * again with the same request id.
     */
    async reconcile(now = new Date()): Promise<number> {
      const due = await duePendingRefunds(db, now.toISOString(), 50);
      let handled = 0;
      for (const row of due) {
        if (!(await claimRefundCheck(db, row, new Date(now.getTime() + RECHECK_MS).toISOString()))) continue;
        handled += 1;
        try {
          const checkout = await paymennt.getCheckout(row.provider_checkout_id ?? "");
          const confirmedOthers = (await listRefunds(db, row.order_id))
            .filter((r) => r.status === "confirmed" && r.method === "paymennt" && r.id !== row.id)
            .reduce((s, r) => s + r.amount_fils, 0);
          const total = Math.round(Number(checkout.totalRefunded ?? 0) * 100);
          if (total >= confirmedOthers + row.amount_fils) await confirm(row, String(checkout.status));
          else await askProvider(row);
        } catch (error) {
          log.warn({ err: error, refundId: row.id }, "a pending refund could not be checked");
        }
      }
      return handled;
    },

    /** A credit note of the order, drawn from its snapshot in English and Arabic. */
    async creditNote(orderId: string, number: string): Promise<IssuedDocument> {
      const row = await db
        .selectFrom("documents")
        .selectAll()
        .where("order_id", "=", orderId)
        .where("kind", "=", "credit_note")
        .where("number", "=", number)
        .executeTakeFirst();
      if (!row) throw notFound("Credit note");
      return issuedDocument(parseSnapshot(row));
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
