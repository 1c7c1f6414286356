import type { Kysely, Transaction } from "kysely";
import type { CategoryTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

type CategoryFields = Pick<CategoryTable, "slug" | "name" | "description" | "position"> &
  Partial<Pick<CategoryTable, "name_ar" | "description_ar">>;

/** Adds the collections a store lacks; existing ones (and the owner's edits to them) are left alone. */
export async function addMissingCategories(db: Db, categories: readonly CategoryFields[]): Promise<void> {
  await db
    .insertInto("categories")
    .values([...categories])
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

/**
 * The demo store's collections: added, or given the demo's description (and Arabic name and description,
 * issue 14) when they exist.
 */
export async function upsertDemoCategories(
  db: Db,
  categories: readonly (CategoryFields & Partial<Pick<CategoryTable, "name_ar" | "description_ar">>)[],
): Promise<void> {
  await db
    .insertInto("categories")
    .values([...categories])
    .onConflict((oc) =>
      oc.column("slug").doUpdateSet((eb) => ({
        description: eb.ref("excluded.description"),
        name_ar: eb.ref("excluded.name_ar"),
        description_ar: eb.ref("excluded.description_ar"),
      })),
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
    "catalog_terms",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}
