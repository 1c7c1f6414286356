import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Invalidation by what changed (issue 27; docs/decisions/0037-invalidation-by-what-changed.md): every
// write that changes what shoppers can buy of some products (a sale, a hold, a release, a cancellation, a
// return) adds one row naming those products, numbered in commit order by the `stock_seq` row of
// app_meta. Each process reads the rows after the last it knows and drops only the cached answers that
// show those products. Old rows are deleted as new ones come.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_stock_changes")
    .addColumn("seq", "integer", (c) => c.primaryKey())
    .addColumn("product_ids", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_stock_changes").execute();
  await db.deleteFrom("app_meta").where("key", "=", "stock_seq").execute();
}
