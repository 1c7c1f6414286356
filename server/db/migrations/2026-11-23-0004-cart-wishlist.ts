import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// A signed-in shopper's cart and wishlist kept on the server (SPEC §3 server-synced cart, issue 10), so
// they follow the shopper across devices. Lines name the size and colour, not only the product.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cart_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    // The variant's size label ('M/54'), as product_variants.size names it.
    .addColumn("size", "text", (c) => c.notNull())
    // '' when the product has no colour to choose.
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    // SPEC §4: the same product, size and colour are one line.
    .addUniqueConstraint("cart_lines_user_line", ["user_id", "product_id", "size", "color"])
    .execute();

  await db.schema
    .createTable("wishlist_items")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    // SPEC §3: no duplicates by _id.
    .addPrimaryKeyConstraint("wishlist_items_pk", ["user_id", "product_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("wishlist_items").execute();
  await db.schema.dropTable("cart_lines").execute();
}
