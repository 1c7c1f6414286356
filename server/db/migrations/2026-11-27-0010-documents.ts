import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Issued documents and test orders (issue 21, findings 1 and 6; docs/decisions/0015-issued-documents.md).
// An order paid through the test sandbox or Paymennt's test mode is a test order (`orders.is_test`). When
// an order is placed its document is issued: kind, a number from its own gapless series, and a snapshot
// (JSON) of every text and figure it shows, in English and Arabic, which every later view, print and mail
// renders instead of today's settings. The series are rows of the 0006 `counters` table.

export const DOCUMENT_SERIES = ["tax_invoice", "receipt", "test", "credit_note"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("is_test", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  // Orders already paid through the store's own sandbox: its checkouts are in this database, matched by the
  // attempt's request id. (Paymennt's test mode left no trace that can be told apart from live.)
  await db
    .updateTable("orders")
    .set({ is_test: true })
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("payments as p")
          .innerJoin("sandbox_checkouts as s", "s.request_id", "p.request_id")
          .select("p.id")
          .whereRef("p.order_id", "=", "orders.id"),
      ),
    )
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql.raw("kind in ('tax_invoice', 'receipt', 'test', 'credit_note')")),
    )
    // The number within its kind's series: 1, 2, 3… without gaps.
    .addColumn("series_number", "integer", (c) => c.notNull())
    // As printed: INV-000001, RCT-000001, TEST-000001, CN-000001.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "text", (c) => c.notNull())
    // JSON: every text and figure the document shows, in English and Arabic (core/schemas/document.schema.ts).
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addUniqueConstraint("documents_kind_series", ["kind", "series_number"])
    .execute();
  // One sale document per order: a tax invoice, a receipt or a test document (credit notes may be many).
  await db.schema
    .createIndex("documents_order_sale")
    .on("documents")
    .column("order_id")
    .unique()
    .where(sql.ref("kind"), "<>", "credit_note")
    .execute();
  await db.schema.createIndex("documents_order").on("documents").columns(["order_id", "kind"]).execute();

  // One counter row per series; it holds the last number handed out.
  await db
    .insertInto("counters")
    .values(DOCUMENT_SERIES.map((kind) => ({ name: `document_${kind}`, value: 0 })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom("counters")
    .where(
      "name",
      "in",
      DOCUMENT_SERIES.map((kind) => `document_${kind}`),
    )
    .execute();
  await db.schema.dropTable("documents").execute();
  await db.schema.alterTable("orders").dropColumn("is_test").execute();
}
