import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Accounts (SPEC §3 User, Address, Order; §4 sign-up, log-in, codes), the mail outbox and the rate-limit
// counters that must hold across app processes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    // Lower-cased; null for an account signed up with a phone number only.
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    // E.164 (+9715XXXXXXXX).
    .addColumn("phone", "text", (c) => c.notNull().unique())
    // scrypt$N$r$p$salt$hash; null for an account that signs in with Google only.
    .addColumn("password_hash", "text")
    .addColumn("google_sub", "text", (c) => c.unique())
    // Carried in every session token; raising it ends every session the account holds.
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The address's place in the shopper's list (SPEC §3: addresses are referred to by index).
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text")
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("landmark", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("is_primary", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_user").on("addresses").columns(["user_id", "position"]).execute();

  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql.raw("purpose in ('verify-email', 'reset-password')")),
    )
    // The e-mail address the code went to.
    .addColumn("identifier", "text", (c) => c.notNull())
    // HMAC-SHA256 of the code under the app secret; the code itself is never stored.
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consumed_at", "text")
    .addColumn("last_sent_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // One live code per purpose and address: a new code replaces the old one.
    .addUniqueConstraint("one_time_codes_purpose_identifier", ["purpose", "identifier"])
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Order Placed"))
    .addColumn("date", "text", (c) => c.notNull())
    // SPEC §3 Order: line_items, price and address as JSON text, the shape the screens read.
    .addColumn("line_items", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "created_at"]).execute();

  // Fixed-window counters for the log-in and code endpoints, per client address and per identifier.
  await db.schema
    .createTable("auth_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_throttle_window").on("auth_throttle").column("window_start").execute();

  // Every e-mail is stored here first, then sent (or only stored and logged without SMTP_URL).
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('pending', 'sent', 'failed', 'stored')")),
    )
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_created").on("outbox").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["outbox", "auth_throttle", "orders", "one_time_codes", "addresses", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
