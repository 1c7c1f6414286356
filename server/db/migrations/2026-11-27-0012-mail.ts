import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Mail without SMTP (issue 21, finding 5; docs/decisions/0019-mail-without-smtp.md): when a stored mail
// was printed to the server's log, so each is printed exactly once whichever process queued it. Mails
// stored before this migration count as printed (the ones that were, and the ones that never will be:
// the owner's mail screen shows them), so upgrading never floods the log with old mail.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("logged_at", "text").execute();
  await db
    .updateTable("outbox")
    .set((eb: any) => ({ logged_at: eb.ref("created_at") }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("logged_at").execute();
}
