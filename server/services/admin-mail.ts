import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { mailKindLabel } from "#core/admin-mail-text.ts";
import type { UndeliveredMail } from "#core/schemas/admin/mail.ts";
import { findOutboxMail, listUndeliveredOutboxMails, requeueOutboxMail } from "../db/repositories/outbox.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer, MailOutcome } from "../integrations/mail.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";

/**
 * The owner's mail screen (issue 21, finding 5; docs/decisions/0019-mail-without-smtp.md): the mails that
 * reached nobody (stored without SMTP, failed, not tried yet), and Resend, which queues one again as a
 * new mail (sent by the next pass, or without SMTP printed to the log again), audit-logged.
 */
export function createAdminMail(options: { db: Kysely<Database>; mailer: Mailer; log: FastifyBaseLogger }) {
  const { db, mailer, log } = options;
  return {
    async undelivered(
      limit: number,
    ): Promise<{ configured: boolean; mails: UndeliveredMail[]; total: number }> {
      const { rows, total } = await listUndeliveredOutboxMails(db, limit);
      return {
        configured: mailer.configured,
        total,
        mails: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          status: row.status as UndeliveredMail["status"],
          createdAt: row.created_at,
          attempts: Number(row.attempts),
          error: row.error,
        })),
      };
    },

    async resend(id: string, audit: AuditRecorder): Promise<Exclude<MailOutcome, "none">> {
      const status = mailer.configured ? "pending" : "stored";
      await db.transaction().execute(async (trx) => {
        const row = await findOutboxMail(trx, id);
        if (!row) throw notFound("Mail");
        if (!(await requeueOutboxMail(trx, id, { status, now: new Date().toISOString() })))
          throw new AdminError(
            "conflict",
            "invalid_transition",
            row.status === "sent" ? "This mail was already sent" : "This mail is being sent: reload the list",
          );
        await audit(trx, {
          action: "mail.resend",
          entity: "mail",
          entityId: id,
          label: `${mailKindLabel(row.kind)} to ${row.to_address}`,
          changes: [{ field: "status", before: row.status, after: status }],
        });
      });
      mailer.flush().catch((error: unknown) => log.error({ err: error }, "mail resend failed"));
      return mailer.outcome;
    },
  };
}

export type AdminMail = ReturnType<typeof createAdminMail>;
