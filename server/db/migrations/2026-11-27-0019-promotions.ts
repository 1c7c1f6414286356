import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Promotions (issue 28; docs/decisions/0038-promotions.md). Discount codes the owner makes, one row per
// use (reserved at payment start like a stock hold, used once the order is placed, released when the
// attempt ends without an order or the order is cancelled), and on the order its code, its discount and
// each line's share of it. `taken` counts the reserved and used rows, so the last use is taken by one
// conditional update (`taken < usage_limit`), the same compare-and-set as stock on both engines.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("promotions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Stored upper-case: the unique index makes codes case-insensitive.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw("kind in ('percent', 'fixed')")))
    // percent: 1..100; fixed: fils.
    .addColumn("value", "integer", (c) => c.notNull().check(sql.raw("value > 0")))
    .addColumn("scope", "text", (c) =>
      c.notNull().check(sql.raw("scope in ('all', 'collections', 'products')")),
    )
    // JSON arrays of category slugs and product ids.
    .addColumn("collections", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("product_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("min_spend_fils", "integer", (c) => c.notNull().defaultTo(0))
    // UTC instants (entered as Dubai time); null: open.
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("usage_limit", "integer")
    .addColumn("per_customer_limit", "integer")
    .addColumn("include_sale_items", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    // Reserved and used rows of promotion_uses; a late confirmation may take it past usage_limit.
    .addColumn("taken", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("promotion_uses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("promotion_id", "text", (c) => c.notNull().references("promotions.id"))
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('reserved', 'used', 'released')")),
    )
    .addColumn("discount_fils", "integer", (c) => c.notNull())
    // Confirmed after the use had been released and the code was used up meanwhile (flagged to the owner).
    .addColumn("overshoot", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("promotion_uses_customer")
    .on("promotion_uses")
    .columns(["promotion_id", "user_id", "status"])
    .execute();

  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_fils", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Each line's share of the order's discount (pro rata, the remainder on the largest line).
  await db.schema
    .alterTable("order_lines")
    .addColumn("discount_fils", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_lines").dropColumn("discount_fils").execute();
  await db.schema.alterTable("orders").dropColumn("discount_fils").execute();
  await db.schema.alterTable("orders").dropColumn("discount_code").execute();
  await db.schema.dropTable("promotion_uses").execute();
  await db.schema.dropTable("promotions").execute();
}
