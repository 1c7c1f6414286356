import type { Kysely, Transaction } from "kysely";
import type { Config } from "../../config.ts";
import { findOrder, insertOrderEvent } from "../../db/repositories/orders.ts";
import { listRefunds, setOrderPaymentStatus, settleRefund } from "../../db/repositories/refunds.ts";
import type { Database, OrderLineTable, OrderTable, RefundTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import { auditRecorder } from "../admin-audit.ts";
import { notFound } from "../admin-errors.ts";
import type { DocumentsService } from "../documents.ts";
import { issueCreditNote } from "./credit-note.ts";
import { refundMail } from "./mail.ts";
import { creditedFils, creditNoteRows, paidFils } from "./summary.ts";

/**
 * Settling a refund (issue 24; decision 0023): confirmed (its credit note, the payment status, the
 * order's timeline, the shopper's mail, in one transaction) or refused (released, on the timeline and in
 * the audit log). Both are conditional on the row still being pending, so two answers settle it once.
 */

export interface RefundActor {
  id: string;
  name: string;
  /** Who asks: the back office's staff, the shopper (a cancellation), or the system. */
  kind: "staff" | "shopper" | "system";
}

export const money = (fils: number) => `AED ${(fils / 100).toFixed(2)}`;
const METHOD_WORDS: Record<RefundTable["method"], string> = {
  paymennt: "card, through Paymennt",
  paymennt_dashboard: "card, refunded in Paymennt's dashboard",
  cash: "cash",
  bank_transfer: "bank transfer",
};

export const eventActor = (a: { kind: RefundActor["kind"]; name: string }) =>
  a.kind === "staff" ? `staff:${a.name}` : a.kind === "shopper" ? "customer" : "system";

export function createRefundSettlement(o: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  documents: DocumentsService;
}) {
  const { db, config, mailer, documents } = o;

  /** Confirms a refund inside `trx`: credit note, payment status, timeline, the shopper's mail. */
  async function confirmIn(
    trx: Transaction<Database>,
    row: RefundTable,
    order: OrderTable,
    lines: OrderLineTable[],
    how: "recorded" | "paymennt",
    providerStatus?: string,
  ): Promise<boolean> {
    const at = new Date().toISOString();
    if (
      !(await settleRefund(trx, row.id, {
        status: "confirmed",
        settled_at: at,
        provider_status: providerStatus ?? null,
      }))
    )
      return false;
    const original = await documents.forOrder(order, lines, trx);
    if (!original) throw new Error(`order ${order.id} has no sale document`);
    const wanted = JSON.parse(row.lines) as { lineId: string; quantity: number; amountFils: number }[];
    const creditedLines = wanted.flatMap((w) => {
      const line = lines.find((l) => l.id === w.lineId);
      return line ? [{ line, quantity: w.quantity, amountFils: w.amountFils }] : [];
    });
    // A supply already credited (the order's cancellation) is not credited twice: the refund then points
    // at the credit note that covers it.
    const credited = await creditedFils(trx, order.id);
    const creditable = Math.min(row.amount_fils, original.figures.totalFils - credited.total);
    let noteNumber: string | null = null;
    if (creditable > 0) {
      const note = await issueCreditNote(trx, {
        order,
        original,
        lines: creditable === row.amount_fils ? creditedLines : [],
        amountFils: creditable,
        reason: row.reason,
        method: row.method,
        issuedAt: at,
      });
      noteNumber = note.snapshot.number;
      await trx.updateTable("refunds").set({ credit_note_id: note.id }).where("id", "=", row.id).execute();
    } else if (credited.lastId) {
      await trx
        .updateTable("refunds")
        .set({ credit_note_id: credited.lastId })
        .where("id", "=", row.id)
        .execute();
      noteNumber = (await creditNoteRows(trx, order.id)).at(-1)?.number ?? null;
    }
    const confirmed = (await listRefunds(trx, order.id))
      .filter((r) => r.status === "confirmed")
      .reduce((s, r) => s + r.amount_fils, 0);
    if (confirmed >= paidFils(order)) await setOrderPaymentStatus(trx, order.id, "refunded", at);
    await insertOrderEvent(trx, {
      id: newId(),
      order_id: order.id,
      at,
      actor: how === "paymennt" ? "paymennt" : eventActor({ kind: "staff", name: row.actor_name }),
      from_status: order.status,
      to_status: order.status,
      note: `Refunded ${money(row.amount_fils)} (${METHOD_WORDS[row.method]}${row.reference ? `, ${row.reference}` : ""}): ${row.reason} · credit note ${noteNumber ?? "none"}`,
    });
    const mail = refundMail({
      order,
      amountFils: row.amount_fils,
      method: row.method,
      reason: row.reason,
      creditNote: noteNumber ?? "",
      isTest: original.isTest,
      shopName: order.language === "ar" ? original.sellerName.ar : original.sellerName.en,
      currencyAr: config.CURRENCY_LABEL_AR,
    });
    if (mail) await mailer.enqueue(trx, mail);
    return true;
  }

  async function refuse(row: RefundTable, failure: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      if (!(await settleRefund(trx, row.id, { status: "refused", failure, settled_at: at }))) return;
      const order = await findOrder(trx, row.order_id);
      if (!order) throw notFound("Order");
      await insertOrderEvent(trx, {
        id: newId(),
        order_id: order.id,
        at,
        actor: "paymennt",
        from_status: order.status,
        to_status: order.status,
        note: `Paymennt refused the refund of ${money(row.amount_fils)}: ${failure}`,
      });
      await auditRecorder({ id: row.actor_id, name: row.actor_name })(trx, {
        action: "order.refund_refused",
        entity: "order",
        entityId: order.id,
        label: order.order_number,
        changes: [{ field: "refund", before: money(row.amount_fils), after: `refused: ${failure}` }],
      });
    });
  }

  return { confirmIn, refuse };
}
