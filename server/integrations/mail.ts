import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { createTransport, type Transporter } from "nodemailer";
import type { Database, OutboxStatus } from "../db/schema.ts";
import { newId } from "../ids.ts";

/** One e-mail: plain text plus a simple HTML version. `kind` names it in the outbox (verify-email…). */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Something that delivers a mail, e.g. an SMTP server. */
export interface MailSender {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/** SMTP via nodemailer, over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(url: string): MailSender {
  const transport: Transporter = createTransport(url);
  return {
    async deliver(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}

export interface OutboxEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface Mailer {
  /**
   * Stores the mail in the outbox, then hands it to the sender in the background (status sent or failed,
   * with the error). Without a sender it is only stored (status stored) and printed to the log. Resolves with the
   * outbox id once the mail is stored, so nothing is lost if delivery fails.
   */
  send(message: MailMessage): Promise<string>;
  /** The outbox, newest first. */
  list(limit?: number): Promise<OutboxEntry[]>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: {
  db: Kysely<Database>;
  from: string;
  sender?: MailSender;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, from, sender, log } = options;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, message: MailMessage) {
    if (!sender) return;
    try {
      await sender.deliver({ ...message, from });
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: new Date().toISOString(), error: null })
        .where("id", "=", id)
        .execute();
      log.info({ mailId: id, kind: message.kind }, "mail sent");
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log.error({ mailId: id, kind: message.kind, err: error }, "mail delivery failed");
      await db
        .updateTable("outbox")
        .set({ status: "failed", error: text.slice(0, 1000) })
        .where("id", "=", id)
        .execute()
        .catch((e: unknown) => log.error({ err: e }, "could not record the mail failure"));
    }
  }

  return {
    async send(message) {
      const id = newId();
      await db
        .insertInto("outbox")
        .values({
          id,
          kind: message.kind,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          status: sender ? "pending" : "stored",
          error: null,
          created_at: new Date().toISOString(),
          sent_at: null,
        })
        .execute();
      if (!sender) {
        // Without SMTP the server's own log is where a person can read the mail (and its code); the
        // outbox page stays development-only, so a forgotten setting never publishes anyone's codes.
        log.warn(
          { mailId: id, kind: message.kind, to: message.to, subject: message.subject, text: message.text },
          `mail not sent (SMTP_URL is not set): to ${message.to}: ${message.subject}`,
        );
        return id;
      }
      const job = deliver(id, message).finally(() => pending.delete(job));
      pending.add(job);
      return id;
    },

    async list(limit = 200) {
      const rows = await db
        .selectFrom("outbox")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        status: row.status,
        error: row.error,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      }));
    },

    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    async close() {
      await this.idle();
      sender?.close();
    },
  };
}

/** Escapes text for HTML bodies and the dev outbox page. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
