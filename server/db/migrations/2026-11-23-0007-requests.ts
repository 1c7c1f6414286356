import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Contact messages and stitching requests (SPEC §3; issue 12): stored before any mail is sent, so nothing
// a shopper sends is lost when mail is down, and the back office finds them in one place.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    // What the shopper quotes to the shop (MSG-XXXXXX).
    .addColumn("reference", "text", (c) => c.notNull().unique())
    // The signed-in shopper who sent it (beyond SPEC, for My Account later); null for a visitor.
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("new").check(sql.raw("status in ('new', 'answered', 'closed')")),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created")
    .on("contact_messages")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("contact_messages_user")
    .on("contact_messages")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("stitching_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    // ST-XXXXXX.
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    // E.164 (+9715XXXXXXXX).
    .addColumn("phone", "text", (c) => c.notNull())
    // The signed-in account's e-mail when it was verified, for the acknowledgement; else null.
    .addColumn("email", "text")
    .addColumn("address_type", "text", (c) =>
      c.notNull().check(sql.raw("address_type in ('Home', 'Office', 'Other')")),
    )
    .addColumn("full_address", "text", (c) => c.notNull())
    .addColumn("landmark", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("pin_code", "text", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull().check(sql.raw("item_count >= 1")))
    .addColumn("message", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("new").check(sql.raw("status in ('new', 'answered', 'closed')")),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stitching_requests_created")
    .on("stitching_requests")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("stitching_requests_user")
    .on("stitching_requests")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stitching_requests").execute();
  await db.schema.dropTable("contact_messages").execute();
}
