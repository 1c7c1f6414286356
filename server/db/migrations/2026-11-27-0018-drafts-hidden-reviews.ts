import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// The owner's daily work, the rest (issue 26; docs/decisions/0026-owner-daily-work.md): products are
// drafts until published (those already stored were public: they stay published), and a published
// review can be hidden (a status of its own, so the list can show and restore it).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("draft", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  // A column's own CHECK goes with it on both engines (as in 0009): the new status column takes the old
  // one's name. The index on the old column goes first (SQLite cannot drop an indexed column).
  await db.schema.dropIndex("reviews_product_status").execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("review_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("published")
        .check(sql.raw("review_status in ('pending', 'published', 'rejected', 'hidden')")),
    )
    .execute();
  await db.updateTable("reviews").set({ review_status: sql`status` }).execute();
  await db.schema.alterTable("reviews").dropColumn("status").execute();
  await db.schema.alterTable("reviews").renameColumn("review_status", "status").execute();
  await db.schema
    .createIndex("reviews_product_status")
    .on("reviews")
    .columns(["product_id", "status", "created_at"])
    .execute();
  // The back office lists reviews by status, newest first.
  await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_status").execute();
  await db.updateTable("reviews").set({ status: "rejected" }).where("status", "=", "hidden").execute();
  await db.schema.alterTable("products").dropColumn("draft").execute();
}
