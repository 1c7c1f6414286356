import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// The Arabic storefront (issue 14). Catalog and blog texts get an Arabic twin beside the English column
// (null: not translated yet, the reader falls back to English per field). The short words products share
// (types, fabrics, colours, sizes, blog categories) are translated once, in `catalog_terms`, keyed by the
// English value the rows already hold, so filters keep working on the English value. The shopper's
// language is kept on the account, on each order and on each request, so mails go out in it.

const LANGUAGE_CHECK = sql.raw("language in ('en', 'ar')");

export async function up(db: Kysely<any>): Promise<void> {
  const addNullableText = async (table: string, column: string) => {
    await db.schema.alterTable(table).addColumn(column, "text").execute();
  };
  const addLanguage = async (table: string) => {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (c) => c.notNull().defaultTo("en").check(LANGUAGE_CHECK))
      .execute();
  };

  await addNullableText("categories", "name_ar");
  await addNullableText("categories", "description_ar");
  await addNullableText("products", "name_ar");
  await addNullableText("products", "description_ar");
  await addNullableText("product_images", "alt_ar");
  await addNullableText("blog_posts", "title_ar");
  await addNullableText("blog_posts", "excerpt_ar");
  await addNullableText("blog_posts", "content_html_ar");
  // The Arabic product name at the time of the order, for the shopper's Arabic mails and order pages.
  await addNullableText("order_lines", "name_ar");

  await db.schema
    .createTable("catalog_terms")
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql.raw("kind in ('type', 'fabric', 'color', 'size', 'blog_category')")),
    )
    // The English value as products, variants and posts hold it (e.g. 'Crepe').
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("catalog_terms_pk", ["kind", "value"])
    .execute();

  await addLanguage("users");
  await addLanguage("orders");
  await addLanguage("contact_messages");
  await addLanguage("stitching_requests");
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["stitching_requests", "contact_messages", "orders", "users"]) {
    await db.schema.alterTable(table).dropColumn("language").execute();
  }
  await db.schema.dropTable("catalog_terms").execute();
  const columns: [string, string][] = [
    ["order_lines", "name_ar"],
    ["blog_posts", "content_html_ar"],
    ["blog_posts", "excerpt_ar"],
    ["blog_posts", "title_ar"],
    ["product_images", "alt_ar"],
    ["products", "description_ar"],
    ["products", "name_ar"],
    ["categories", "description_ar"],
    ["categories", "name_ar"],
  ];
  for (const [table, column] of columns) await db.schema.alterTable(table).dropColumn(column).execute();
}
