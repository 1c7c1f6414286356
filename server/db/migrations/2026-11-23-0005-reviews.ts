import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Shoppers' reviews (SPEC §5 Review): a status, so reviews without a purchase wait for the shop's approval,
// and one review per shopper and product, held by the database so two racing requests cannot both land.

export async function up(db: Kysely<any>): Promise<void> {
  // The reviews already stored (the demo store's) were shown publicly: they stay published.
  await db.schema
    .alterTable("reviews")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("published").check(sql.raw("status in ('pending', 'published', 'rejected')")),
    )
    .execute();
  // NULL user ids (reviews not written through an account) never collide: both engines treat NULLs
  // as distinct in a unique index.
  await db.schema
    .createIndex("reviews_user_product")
    .on("reviews")
    .columns(["user_id", "product_id"])
    .unique()
    .execute();
  // The product page and its summary read published reviews only.
  await db.schema
    .createIndex("reviews_product_status")
    .on("reviews")
    .columns(["product_id", "status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_product_status").execute();
  await db.schema.dropIndex("reviews_user_product").execute();
  await db.schema.alterTable("reviews").dropColumn("status").execute();
}
