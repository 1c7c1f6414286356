import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// The owner's daily work (issue 26; docs/decisions/0026-owner-daily-work.md): the courier and tracking
// number an order was shipped with (shown to the shopper), and the shop's internal notes on an order
// (staff only, never shown to the shopper).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("courier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
  await db.schema
    .createTable("order_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // Kept as it was, so the note still says who after the account is gone.
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order").on("order_notes").columns(["order_id", "at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_notes").execute();
  await db.schema.alterTable("orders").dropColumn("tracking_number").execute();
  await db.schema.alterTable("orders").dropColumn("courier").execute();
}
