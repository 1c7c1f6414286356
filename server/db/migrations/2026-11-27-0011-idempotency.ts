import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Idempotency keys of the order calls (issue 21 finding 8; docs/decisions/0017-idempotency.md): one row
// per shopper and key, claimed before the order is made, committed with the order, holding the answer
// a repeat of the same request gets.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    // SHA-256 of the call's path and its order as the server reads it (canonical JSON).
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c.notNull().check(sql.raw("state in ('in_progress', 'committed', 'done')")),
    )
    // Whose claim it is: the commit and the release are conditional on it.
    .addColumn("claim", "text", (c) => c.notNull())
    // An in-progress claim older than this is abandoned (its process died before the order committed).
    .addColumn("claimed_until", "text")
    .addColumn("order_id", "text")
    .addColumn("payment_id", "text")
    .addColumn("answer_status", "integer")
    .addColumn("answer_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_expires")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
