import type { Kysely, Transaction } from "kysely";
import type { DocumentKind } from "#core/schemas/document.schema.ts";
import type { Database, DocumentTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Issued documents (decision 0015). A series number is taken by bumping the series' counter row inside
 * the transaction that issues the document: on PostgreSQL the row stays locked until that transaction
 * ends, so the next placement waits for it and a rollback gives the number back; SQLite serialises writing
 * transactions anyway. Either way the numbers of a series have no gaps.
 */
export async function takeSeriesNumber(trx: Transaction<Database>, kind: DocumentKind): Promise<number> {
  const row = await trx
    .updateTable("counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", `document_${kind}`)
    .returning("value")
    .executeTakeFirst();
  if (!row) throw new Error(`the document_${kind} counter is missing`);
  return Number(row.value);
}

export async function insertDocument(trx: Transaction<Database>, row: DocumentTable): Promise<void> {
  await trx.insertInto("documents").values(row).execute();
}

/** Each order's sale document (tax invoice, receipt or test document), by order id. */
export async function saleDocumentsFor(db: Db, orderIds: string[]): Promise<Map<string, DocumentTable>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("documents")
    .selectAll()
    .where("order_id", "in", orderIds)
    .where("kind", "<>", "credit_note")
    .execute();
  return new Map(rows.map((r) => [r.order_id, { ...r, series_number: Number(r.series_number) }]));
}
