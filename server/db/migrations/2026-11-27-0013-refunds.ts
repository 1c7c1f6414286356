import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Refunds (issue 24; docs/decisions/0023-refunds.md). A refund row is written, pending, before the payment
// provider is asked, and counts against what can still be refunded at once; the provider's answer settles
// it (confirmed, or refused: released). Manual refunds (cash, bank transfer, done in Paymennt's dashboard)
// are written confirmed. A confirmed refund has its credit note (documents.kind = 'credit_note', series
// CN-, counter `document_credit_note` from 0010). The sandbox keeps the refunds it was asked for.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // Our reference sent to the provider (Paymennt's referenceId); every retry reuses it.
    .addColumn("request_id", "text", (c) => c.notNull().unique())
    // The back office's Idempotency-Key, with the hash of the body it came with (decision 0017's rule).
    .addColumn("idempotency_key", "text")
    .addColumn("request_hash", "text")
    .addColumn("amount_fils", "integer", (c) => c.notNull().check(sql.raw("amount_fils > 0")))
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql.raw("method in ('paymennt', 'paymennt_dashboard', 'cash', 'bank_transfer')")),
    )
    .addColumn("reference", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    // JSON: [{ lineId, quantity, amountFils }] when refunded by lines; [] for an amount.
    .addColumn("lines", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('pending', 'confirmed', 'refused')")),
    )
    .addColumn("provider_checkout_id", "text")
    .addColumn("provider_status", "text")
    .addColumn("failure", "text")
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("credit_note_id", "text")
    .addColumn("checks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_check_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").columns(["order_id", "status"]).execute();
  await db.schema
    .createIndex("refunds_idempotency")
    .on("refunds")
    .columns(["order_id", "idempotency_key"])
    .unique()
    .execute();
  await db.schema.createIndex("refunds_settled").on("refunds").columns(["status", "settled_at"]).execute();
  await db.schema.createIndex("refunds_due").on("refunds").columns(["status", "next_check_at"]).execute();

  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("checkout_id", "text", (c) => c.notNull())
    .addColumn("reference_id", "text", (c) => c.notNull().unique())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_refunds_checkout")
    .on("sandbox_refunds")
    .column("checkout_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sandbox_refunds").execute();
  await db.schema.dropTable("refunds").execute();
}
