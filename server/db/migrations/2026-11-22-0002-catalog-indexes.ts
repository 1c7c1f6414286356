import type { Kysely } from "kysely";

// Frozen. Indexes for the shop's common orderings within a collection (measured by npm run bench).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("products_category_popularity")
    .on("products")
    .columns(["category_slug", "popularity"])
    .execute();
  await db.schema
    .createIndex("products_category_price")
    .on("products")
    .columns(["category_slug", "effective_price_fils"])
    .execute();
  await db.schema.createIndex("products_fabric").on("products").column("fabric").execute();
  await db.schema.createIndex("products_type").on("products").column("type").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "products_category_popularity",
    "products_category_price",
    "products_fabric",
    "products_type",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
