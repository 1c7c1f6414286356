import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// The back office (issue 15; docs/decisions/0013-back-office.md): roles on users, its own revocable
// sessions, the audit log, shop settings stored over the environment's, archived products, unpublished
// blog posts, and the inbox's statuses, notes and replies on contact messages and stitching requests.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) =>
      c.notNull().defaultTo("customer").check(sql.raw("role in ('customer', 'staff', 'owner')")),
    )
    .execute();
  // Staff management lists the few non-customers.
  await db.schema.createIndex("users_role").on("users").column("role").execute();

  // An archived product is gone from the storefront but kept for the orders that refer to it.
  await db.schema.alterTable("products").addColumn("archived_at", "text").execute();
  // Posts already stored (the demo's) were public: they stay published.
  await db.schema
    .alterTable("blog_posts")
    .addColumn("published", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  // The inbox's statuses replace 0007's ('new', 'answered', 'closed'): answered → in_progress, closed →
  // done. A column's own CHECK goes with it on both engines, so the new column takes the old one's name.
  for (const table of ["contact_messages", "stitching_requests"]) {
    await db.schema
      .alterTable(table)
      .addColumn("inbox_status", "text", (c) =>
        c.notNull().defaultTo("new").check(sql.raw("inbox_status in ('new', 'in_progress', 'done')")),
      )
      .execute();
    await db
      .updateTable(table)
      .set({
        inbox_status: sql`case status when 'answered' then 'in_progress' when 'closed' then 'done' else 'new' end`,
      })
      .execute();
    await db.schema.alterTable(table).dropColumn("status").execute();
    await db.schema.alterTable(table).renameColumn("inbox_status", "status").execute();
    await db.schema
      .alterTable(table)
      .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex(`${table}_status`).on(table).columns(["status", "created_at"]).execute();
  }

  await db.schema
    .createTable("request_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_kind", "text", (c) =>
      c.notNull().check(sql.raw("request_kind in ('contact', 'stitching')")),
    )
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("outbox_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("request_replies_request")
    .on("request_replies")
    .columns(["request_kind", "request_id", "created_at"])
    .execute();

  // The cookie holds a random token; only its SHA-256 is kept, so a copy of the table opens no session.
  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("admin_sessions_user").on("admin_sessions").column("user_id").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // Kept as it was, so the log still says who after the account is gone.
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    // JSON: [{ field, before, after }].
    .addColumn("changes", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("audit_log_entity")
    .on("audit_log")
    .columns(["entity", "entity_id", "at"])
    .execute();

  // One row per overridden setting (JSON value); a setting without a row takes the environment's.
  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shop_settings").execute();
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("request_replies").execute();
  for (const table of ["contact_messages", "stitching_requests"]) {
    await db.schema.dropIndex(`${table}_status`).execute();
    await db.schema.alterTable(table).dropColumn("notes").execute();
  }
  await db.schema.alterTable("blog_posts").dropColumn("published").execute();
  await db.schema.alterTable("products").dropColumn("archived_at").execute();
  await db.schema.dropIndex("users_role").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
