import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("category_slug", "text", (c) => c.notNull().references("categories.slug"))
    .addColumn("fabric", "text", (c) => c.notNull())
    .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bestseller", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_new", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_sale", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("date", "text", (c) => c.notNull())
    // Derived from the first variant (SPEC §3 list view) and kept in step by the catalog repository,
    // so the shop can filter and sort 10,000 products by price in SQL.
    .addColumn("price_fils", "integer", (c) => c.notNull())
    .addColumn("sale_price_fils", "integer")
    .addColumn("effective_price_fils", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("products_effective_price")
    .on("products")
    .column("effective_price_fils")
    .execute();
  await db.schema
    .createIndex("products_category_date")
    .on("products")
    .columns(["category_slug", "date"])
    .execute();
  await db.schema.createIndex("products_date").on("products").column("date").execute();
  await db.schema.createIndex("products_popularity").on("products").column("popularity").execute();

  await db.schema
    .createTable("product_colors")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_colors_pk", ["product_id", "color"])
    .execute();
  await db.schema
    .createIndex("product_colors_color")
    .on("product_colors")
    .columns(["color", "product_id"])
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addUniqueConstraint("product_images_position", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("product_variants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("retail_price_fils", "integer", (c) => c.notNull().check(sqlCheck("retail_price_fils >= 0")))
    .addColumn("discount_percent", "integer", (c) =>
      c.notNull().defaultTo(0).check(sqlCheck("discount_percent >= 0 and discount_percent <= 100")),
    )
    .addColumn("stock", "integer", (c) => c.check(sqlCheck("stock is null or stock >= 0")))
    .addUniqueConstraint("product_variants_position", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("content_html", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("read_time_minutes", "integer", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_posts_published").on("blog_posts").column("published_at").execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("user_id", "text")
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sqlCheck("rating between 1 and 5")))
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("is_verified_purchase", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reviews_product")
    .on("reviews")
    .columns(["product_id", "created_at"])
    .execute();
}

function sqlCheck(expression: string) {
  return sql.raw(expression);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "reviews",
    "blog_posts",
    "product_variants",
    "product_images",
    "product_colors",
    "products",
    "categories",
    "app_meta",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
