import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MailSender } from "../integrations/mail.ts";

/**
 * Sends the outbox's failed mails again (issue 12: a request stored while the mail server was down is
 * mailed once it is back). Each row is claimed first (failed → pending, a conditional update), so two
 * processes never send the same mail twice; it ends as sent, or failed again with the new error.
 * Resolves with how many went out and how many failed again.
 */
export async function retryFailedMail(options: {
  db: Kysely<Database>;
  sender: MailSender;
  from: string;
  log: FastifyBaseLogger;
  /** The most mails one call sends, oldest first. */
  limit?: number;
}): Promise<{ sent: number; failed: number }> {
  const { db, sender, from, log } = options;
  const rows = await db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "failed")
    .orderBy("created_at")
    .orderBy("id")
    .limit(options.limit ?? 50)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const claimed = await db
      .updateTable("outbox")
      .set({ status: "pending" })
      .where("id", "=", row.id)
      .where("status", "=", "failed")
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    try {
      await sender.deliver({
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        from,
      });
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: new Date().toISOString(), error: null })
        .where("id", "=", row.id)
        .execute();
      sent += 1;
      log.info({ mailId: row.id, kind: row.kind }, "failed mail sent on retry");
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("outbox")
        .set({ status: "failed", error: text.slice(0, 1000) })
        .where("id", "=", row.id)
        .execute();
      failed += 1;
      log.warn({ mailId: row.id, kind: row.kind, err: error }, "mail retry failed again");
    }
  }
  return { sent, failed };
}
