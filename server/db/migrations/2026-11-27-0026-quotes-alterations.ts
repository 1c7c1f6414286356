import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Quotes on stitching requests and alterations of made-to-measure lines (issue 29, part 4;
// docs/decisions/0043-quotes-and-alterations.md): the owner's priced answer to a request, its lines and
// the order it became; a shopper's alteration request on a delivered made-to-measure line and its steps.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stitching_quotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("stitching_requests.id"))
    // The request's reference and a count, e.g. ST-4F2A9C-Q1.
    .addColumn("number", "text", (c) => c.notNull().unique())
    // Copied from the request: only a request sent signed in can be accepted online.
    .addColumn("user_id", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('open', 'accepted', 'withdrawn')")),
    )
    .addColumn("total_fils", "integer", (c) => c.notNull().check(sql.raw("total_fils > 0")))
    // A calendar date (YYYY-MM-DD, Dubai) the owner promises the work ready.
    .addColumn("ready_date", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("note", "text")
    // The order accepting made (the latest one: a card attempt that ended unpaid may be replaced).
    .addColumn("order_id", "text", (c) => c.references("orders.id"))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stitching_quotes_request")
    .on("stitching_quotes")
    .columns(["request_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("stitching_quotes_user")
    .on("stitching_quotes")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("stitching_quote_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quote_id", "text", (c) => c.notNull().references("stitching_quotes.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql.raw("quantity > 0")))
    .addColumn("unit_price_fils", "integer", (c) => c.notNull().check(sql.raw("unit_price_fils >= 0")))
    .execute();
  await db.schema
    .createIndex("stitching_quote_lines_quote")
    .on("stitching_quote_lines")
    .columns(["quote_id", "position"])
    .execute();

  await db.schema
    .createTable("alteration_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("order_line_id", "text", (c) => c.notNull().references("order_lines.id"))
    // The order number and a count, e.g. NA-100231-A1.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("what", "text", (c) =>
      c.notNull().check(sql.raw("what in ('length', 'width', 'sleeves', 'other')")),
    )
    .addColumn("note", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(sql.raw("status in ('requested', 'accepted', 'refused', 'in_progress', 'ready', 'returned')")),
    )
    // The shop's last message to the shopper.
    .addColumn("message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("alteration_requests_order")
    .on("alteration_requests")
    .columns(["order_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("alteration_requests_status")
    .on("alteration_requests")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("alteration_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) =>
      c.notNull().references("alteration_requests.id").onDelete("cascade"),
    )
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("step", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .execute();
  await db.schema
    .createIndex("alteration_events_order")
    .on("alteration_events")
    .columns(["order_id", "at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alteration_events").execute();
  await db.schema.dropTable("alteration_requests").execute();
  await db.schema.dropTable("stitching_quote_lines").execute();
  await db.schema.dropTable("stitching_quotes").execute();
}
