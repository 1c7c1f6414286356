import type { Kysely, Transaction } from "kysely";
import type { RefundEntry, RefundMethodName, RefundSummary } from "#core/schemas/admin/refunds.ts";
import { DocumentSnapshotSchema } from "#core/schemas/document.schema.ts";
import { listRefunds } from "../../db/repositories/refunds.ts";
import type { Database, OrderLineTable, OrderTable, RefundTable } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What a refund row says of its lines. */
export interface RefundLine {
  lineId: string;
  quantity: number;
  amountFils: number;
}

export function refundLines(row: RefundTable): RefundLine[] {
  try {
    const parsed = JSON.parse(row.lines) as unknown;
    return Array.isArray(parsed) ? (parsed as RefundLine[]) : [];
  } catch {
    return [];
  }
}

/** The money the order took: its total once paid (card) or collected (cash on delivery), else nothing. */
export function paidFils(order: OrderTable): number {
  return order.payment_status === "paid" || order.payment_status === "refunded"
    ? Number(order.total_fils)
    : 0;
}

export function methodsFor(order: OrderTable): RefundMethodName[] {
  return order.payment_mode === "online" ? ["paymennt", "paymennt_dashboard"] : ["cash", "bank_transfer"];
}

/** A pending or confirmed refund counts against what may still be refunded; a refused one does not. */
export const counts = (r: RefundTable) => r.status !== "refused";

export function displayedPaymentStatus(order: OrderTable, refunds: RefundTable[]): string {
  const refunded = refunds.filter((r) => r.status === "confirmed").reduce((s, r) => s + r.amount_fils, 0);
  const paid = paidFils(order);
  if (paid > 0 && refunded >= paid) return "refunded";
  if (refunded > 0) return "partly_refunded";
  return order.payment_status;
}

/** Units of each line already in a pending or confirmed refund. */
export function refundedUnits(refunds: RefundTable[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of refunds.filter(counts))
    for (const l of refundLines(r)) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
  return units;
}

export function entryOf(row: RefundTable, creditNotes: Map<string, string>): RefundEntry {
  return {
    id: row.id,
    amountFils: row.amount_fils,
    method: row.method,
    reference: row.reference,
    reason: row.reason,
    status: row.status,
    failure: row.failure,
    actorName: row.actor_name,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    lines: refundLines(row),
    creditNote: row.credit_note_id ? { number: creditNotes.get(row.credit_note_id) ?? "" } : null,
  };
}

export async function creditNoteRows(db: Db, orderId: string) {
  return db
    .selectFrom("documents")
    .select(["id", "number", "issued_at", "snapshot"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit_note")
    .orderBy("series_number")
    .execute();
}

export async function buildSummary(
  db: Db,
  order: OrderTable,
  lines: OrderLineTable[],
): Promise<RefundSummary> {
  const refunds = await listRefunds(db, order.id);
  const notes = await creditNoteRows(db, order.id);
  const numbers = new Map(notes.map((n) => [n.id, n.number]));
  const paid = paidFils(order);
  const refunded = refunds.filter((r) => r.status === "confirmed").reduce((s, r) => s + r.amount_fils, 0);
  const pending = refunds.filter((r) => r.status === "pending").reduce((s, r) => s + r.amount_fils, 0);
  const units = refundedUnits(refunds);
  return {
    paymentStatus: displayedPaymentStatus(order, refunds),
    paidFils: paid,
    refundedFils: refunded,
    pendingFils: pending,
    refundableFils: Math.max(0, paid - refunded - pending),
    methods: methodsFor(order),
    lines: lines.map((l) => ({
      lineId: l.id,
      name: l.name,
      size: l.size,
      quantity: Number(l.quantity),
      // What one unit was paid: a code's share off (issue 28); the catalog's price without one.
      unitPriceFils: paidForUnits(l, 1),
      refundableQuantity: Math.max(0, Number(l.quantity) - (units.get(l.id) ?? 0)),
    })),
    refunds: refunds.map((r) => entryOf(r, numbers)),
    creditNotes: notes.map((n) => ({
      number: n.number,
      issuedAt: n.issued_at,
      totalFils: DocumentSnapshotSchema.parse(JSON.parse(n.snapshot)).figures.totalFils,
    })),
  };
}

/**
 * What `units` of a line were paid (issue 28; decision 0038), after `before` of its units were refunded:
 * the line's total less its share of the code's discount, pro rata to the units in whole fils; exactly
 * the unit price × units without a code. Rounded on the running count (what the first n units paid), so
 * refunds of a line in several parts add up to exactly what the whole line paid.
 */
export function paidForUnits(
  line: Pick<OrderLineTable, "line_total_fils" | "quantity" | "discount_fils">,
  units: number,
  before = 0,
): number {
  const quantity = Number(line.quantity);
  const paid = Number(line.line_total_fils) - Number(line.discount_fils ?? 0);
  const firstUnits = (n: number) => (n >= quantity ? paid : Math.round((paid * n) / quantity));
  return firstUnits(before + units) - firstUnits(before);
}

/** What the order's credit notes have credited so far (never more than its sale document's total). */
export async function creditedFils(
  db: Db,
  orderId: string,
): Promise<{ total: number; lastId: string | null }> {
  const rows = await creditNoteRows(db, orderId);
  return {
    total: rows.reduce(
      (s, r) => s + DocumentSnapshotSchema.parse(JSON.parse(r.snapshot)).figures.totalFils,
      0,
    ),
    lastId: rows.at(-1)?.id ?? null,
  };
}
