import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Returns and exchanges (issue 24, part B; docs/decisions/0032-returns-and-exchanges.md): a product's
// return policy (returnable, final sale, made to measure), the shopper's requests with their lines, and
// every step of a request as an event (the order's timeline reads them).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("return_policy", "text", (c) =>
      c
        .notNull()
        .defaultTo("returnable")
        .check(sql.raw("return_policy in ('returnable', 'final_sale', 'made_to_measure')")),
    )
    .execute();

  await db.schema
    .createTable("return_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // What the shopper and the shop call it: the order number and a count, e.g. NA-100231-R1.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw("kind in ('return', 'exchange')")))
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql.raw("reason in ('wrong_size', 'wrong_item', 'damaged', 'changed_mind')")),
    )
    .addColumn("comment", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql.raw(
            "status in ('requested', 'approved', 'refused', 'received', 'refunding', 'refunded', 'shipped')",
          ),
        ),
    )
    // The shop's last message to the shopper (approval or refusal).
    .addColumn("message", "text")
    // Said at receipt: whether the returned units went back on the shelf.
    .addColumn("resaleable", "boolean")
    .addColumn("refund_id", "text")
    .addColumn("courier", "text")
    .addColumn("tracking_number", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("return_requests_order")
    .on("return_requests")
    .columns(["order_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("return_requests_status")
    .on("return_requests")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("return_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("return_requests.id").onDelete("cascade"))
    .addColumn("order_line_id", "text", (c) => c.notNull().references("order_lines.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql.raw("quantity > 0")))
    // An exchange's wanted size, and what its reservation is: none yet, held (approved), shipped, released.
    .addColumn("exchange_variant_id", "text")
    .addColumn("exchange_size", "text")
    .addColumn("hold", "text", (c) =>
      c.notNull().defaultTo("none").check(sql.raw("hold in ('none', 'held', 'shipped', 'released')")),
    )
    .execute();
  await db.schema.createIndex("return_lines_request").on("return_lines").column("request_id").execute();

  await db.schema
    .createTable("return_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("return_requests.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("step", "text", (c) => c.notNull())
    // 'shopper' or 'shop'; the person's name stays in the audit log.
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .execute();
  await db.schema
    .createIndex("return_events_order")
    .on("return_events")
    .columns(["order_id", "at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("return_events").execute();
  await db.schema.dropTable("return_lines").execute();
  await db.schema.dropTable("return_requests").execute();
  await db.schema.alterTable("products").dropColumn("return_policy").execute();
}
