import type { Kysely, Transaction } from "kysely";
import type { CategoryTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

type CategoryFields = Pick<CategoryTable, "slug" | "name" | "description" | "position">;

/** Adds the collections a store lacks; existing ones (and the owner's edits to them) are left alone. */
export async function addMissingCategories(db: Db, categories: readonly CategoryFields[]): Promise<void> {
  await db
    .insertInto("categories")
    .values([...categories])
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

/** The demo store's collections: added, or given the demo's description when they exist. */
export async function upsertDemoCategories(db: Db, categories: readonly CategoryFields[]): Promise<void> {
  await db
    .insertInto("categories")
    .values([...categories])
    .onConflict((oc) =>
      oc.column("slug").doUpdateSet((eb) => ({ description: eb.ref("excluded.description") })),
    )
    .execute();
}

/** Empties the catalog, blog and reviews, children first. */
export async function deleteCatalogContent(db: Db): Promise<void> {
  for (const table of [
    "reviews",
    "product_variants",
    "product_images",
    "product_colors",
    "products",
    "categories",
    "blog_posts",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}
