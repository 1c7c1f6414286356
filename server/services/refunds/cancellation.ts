import type { Transaction } from "kysely";
import { creditNoteCopy } from "#core/i18n/credit-notes.ts";
import { insertOrderEvent } from "../../db/repositories/orders.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { DocumentsService } from "../documents.ts";
import { issueCreditNote } from "./credit-note.ts";
import { creditedFils, paidForUnits } from "./summary.ts";

/**
 * Issue 24: cancelling an order whose sale was invoiced (a tax invoice or receipt was issued when it was
 * placed, paid or not: a refused cash-on-delivery order too) credits the supply: a credit note for what
 * earlier credit notes have not credited yet, inside the cancelling transaction. The money itself is the
 * refund's business (refunds/index.ts): a later refund of this order issues no second credit note.
 */
export async function creditCancelledSupply(
  trx: Transaction<Database>,
  documents: DocumentsService,
  order: OrderTable,
  lines: OrderLineTable[],
  actorName: string,
  /** The timeline's actor: staff by default; 'customer' for a shopper's own cancellation (decision 0031). */
  eventActor = `staff:${actorName}`,
): Promise<string | null> {
  const original = await documents.forOrder(order, lines, trx);
  if (!original) return null;
  const credited = await creditedFils(trx, order.id);
  const amountFils = original.figures.totalFils - credited.total;
  if (amountFils <= 0) return null;
  const at = new Date().toISOString();
  const untouched = credited.total === 0 && Number(order.shipping_fils) === 0;
  const note = await issueCreditNote(trx, {
    order,
    original,
    lines: untouched
      ? lines.map((line) => ({
          line,
          quantity: Number(line.quantity),
          amountFils: paidForUnits(line, Number(line.quantity)),
        }))
      : [],
    amountFils,
    reason: { en: creditNoteCopy.en.cancelled, ar: creditNoteCopy.ar.cancelled },
    method: "cancellation",
    issuedAt: at,
  });
  await insertOrderEvent(trx, {
    id: newId(),
    order_id: order.id,
    at,
    actor: eventActor,
    from_status: "Cancelled",
    to_status: "Cancelled",
    note: `Credit note ${note.snapshot.number} issued for the cancelled supply (AED ${(amountFils / 100).toFixed(2)})`,
  });
  return note.snapshot.number;
}
