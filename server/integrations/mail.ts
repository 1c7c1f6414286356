import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { createTransport, type Transporter } from "nodemailer";
import type { MailOutcome } from "#core/admin-mail-text.ts";
import {
  claimOutboxLogging,
  claimOutboxMail,
  insertOutboxMail,
  listDueOutboxMails,
  listOutboxMails,
  listUnloggedOutboxMails,
  markOutboxFailed,
  markOutboxSent,
  type OutboxRow,
} from "../db/repositories/outbox.ts";
import type { Database, OutboxStatus } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { metrics } from "../operations/metrics.ts";
import { inClientSpan, inJobSpan } from "../telemetry/tracing.ts";

/**
 * What became of a mail a change queued, for the screen that made it: handed to SMTP ("sent"), stored
 * until mail is configured ("waiting"), or no mail at all ("none", e.g. no e-mail address).
 */
export type { MailOutcome };

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
  // The span names the server, never the credentials in SMTP_URL, the recipient or the text (a code).
  const attributes = smtpServer(url);
  return {
    async deliver(message) {
      await inClientSpan("smtp send", attributes, () =>
        transport.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        }),
      );
    },
    close: () => transport.close(),
  };
}

/** The SMTP server's host and port for a span; nothing when nodemailer reads a URL that URL cannot. */
function smtpServer(url: string): Record<string, string | number> {
  try {
    const server = new URL(url);
    return {
      "server.address": server.hostname,
      "server.port": Number(server.port) || (server.protocol === "smtps:" ? 465 : 587),
    };
  } catch {
    return {};
  }
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
  /** True with SMTP_URL: mails are sent; without it they are stored and printed to the log. */
  readonly configured: boolean;
  /** "sent" or "waiting" for a mail just queued: what the screens tell whoever queued it. */
  readonly outcome: Exclude<MailOutcome, "none">;
  /**
   * Stores the mail in the outbox, then hands it to the sender in the background (status sent or failed,
   * with the error). Without a sender it is only stored (status stored) and printed to the log. Resolves
   * with the outbox id once the mail is stored, so nothing is lost if delivery fails.
   */
  send(message: MailMessage): Promise<string>;
  /**
   * Stores the mail in the outbox through `db`, which may be a transaction: the mail then exists exactly
   * when the transaction commits (an order's mails with the order). `flush()` or the retry timer sends it
   * (without a sender: prints it to the log, once).
   */
  enqueue(db: Kysely<Database> | Transaction<Database>, message: MailMessage): Promise<string>;
  /**
   * Sends every due mail of the outbox (new or failed earlier), each claimed in the database first.
   * Without a sender, prints every stored mail not printed yet, each claimed first so it is printed once.
   */
  flush(): Promise<void>;
  /**
   * Every `everyMs` until close(): retries failed mails with backoff, or without a sender prints stored
   * mails no process printed yet. Several processes may run it.
   */
  startRetries(everyMs: number): void;
  /** One pass of the retry timer: `flush()` as a trace of its own (its queries and SMTP sends beneath). */
  retryPass(): Promise<void>;
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
  /**
   * Without a sender, print each mail whole (recipient, subject, text: codes included) rather than only
   * its recipient, subject, kind and outbox id. True only while demo conveniences are on (a local site,
   * server/locality.ts), so a production log never holds a code.
   */
  printInFull?: boolean;
}): Mailer {
  const { db, from, sender, log } = options;
  const printInFull = options.printInFull ?? false;

  /** The one place a mail stored without SMTP reaches the log. */
  function print(id: string, message: MailMessage) {
    const subject = printInFull ? message.subject : subjectForLog(message.kind, message.subject);
    const fields = printInFull
      ? { mailId: id, kind: message.kind, to: message.to, subject, text: message.text }
      : { mailId: id, kind: message.kind, to: message.to, subject };
    log.warn(fields, `mail not sent (SMTP_URL is not set): to ${message.to}: ${subject}`);
  }

  /** Prints the stored mails no process has printed yet, each claimed first (exactly once overall). */
  async function printStored() {
    for (;;) {
      const rows = await listUnloggedOutboxMails(db, 50);
      let printed = 0;
      for (const row of rows) {
        if (!(await claimOutboxLogging(db, row.id, new Date().toISOString()))) continue;
        print(row.id, messageOf(row));
        printed += 1;
      }
      if (rows.length < 50 || printed === 0) return;
    }
  }
  const pending = new Set<Promise<void>>();

  let retryTimer: NodeJS.Timeout | undefined;
  /** The print pass in progress without a sender (passes of one process run one after another). */
  let printing: Promise<unknown> = Promise.resolve();
  /** Attempts made before the current one, for the backoff of mails being retried. */
  const attemptsSoFar = new Map<string, number>();

  async function deliver(id: string, message: MailMessage) {
    if (!sender) return;
    try {
      await sender.deliver({ ...message, from });
      await markOutboxSent(db, id, new Date().toISOString());
      log.info({ mailId: id, kind: message.kind }, "mail sent");
      metrics.mailSent.inc({ kind: message.kind });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log.error({ mailId: id, kind: message.kind, err: error }, "mail delivery failed");
      metrics.mailFailures.inc({ kind: message.kind });
      await markOutboxFailed(db, id, {
        error: text.slice(0, 1000),
        // Backoff: 30 s, 1 min, 2 min… up to an hour between tries.
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attemptsSoFar.get(id) ?? 0)).toISOString(),
      }).catch((e: unknown) => log.error({ err: e }, "could not record the mail failure"));
    }
  }

  return {
    configured: sender !== undefined,
    outcome: sender ? "sent" : "waiting",

    async send(message) {
      const id = newId();
      await insertOutboxMail(db, {
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
        next_attempt_at: new Date().toISOString(),
        // Delivered right below; the retry timer leaves it alone unless this delivery stalls.
        claimed_until: new Date(Date.now() + CLAIM_MS).toISOString(),
        // Printed right below when there is no sender, so no later pass prints it again.
        logged_at: sender ? null : new Date().toISOString(),
      });
      if (!sender) {
        // Without SMTP the server's own log is where a person can read the mail (in full only on a
        // local site); the outbox page stays development-only, so a forgotten setting never publishes
        // anyone's codes.
        print(id, message);
        return id;
      }
      const job = deliver(id, message).finally(() => pending.delete(job));
      pending.add(job);
      return id;
    },

    async enqueue(target, message) {
      const id = newId();
      const now = new Date().toISOString();
      await insertOutboxMail(target, {
        id,
        kind: message.kind,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status: sender ? "pending" : "stored",
        error: null,
        created_at: now,
        sent_at: null,
        next_attempt_at: now,
        claimed_until: null,
        logged_at: null,
      });
      return id;
    },

    async flush() {
      if (!sender) {
        // One pass at a time per process; a flush asked for meanwhile waits for it and runs once more.
        const job = printing.then(printStored);
        printing = job.catch(() => undefined);
        pending.add(job);
        await job.finally(() => pending.delete(job));
        return;
      }
      const now = new Date();
      const due = await listDueOutboxMails(db, {
        now: now.toISOString(),
        maxAttempts: MAX_ATTEMPTS,
        limit: 50,
      });
      for (const row of due) {
        // Claimed with a conditional update, so two processes never send the same mail twice at once.
        const until = new Date(now.getTime() + CLAIM_MS).toISOString();
        if (!(await claimOutboxMail(db, row.id, now.toISOString(), until))) continue;
        attemptsSoFar.set(row.id, Number(row.attempts));
        const job = deliver(row.id, messageOf(row)).finally(() => {
          attemptsSoFar.delete(row.id);
          pending.delete(job);
        });
        pending.add(job);
        await job;
      }
    },

    startRetries(everyMs) {
      if (retryTimer) return;
      retryTimer = setInterval(() => {
        this.retryPass().catch((error: unknown) => log.error({ err: error }, "mail retry failed"));
      }, everyMs);
      retryTimer.unref();
    },

    retryPass() {
      // A timer's pass has no request around it: its own root span (decision 0036), as reconciliation's.
      return inJobSpan("mail retry", {}, () => this.flush());
    },

    async list(limit = 200) {
      const rows = await listOutboxMails(db, limit);
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
      if (retryTimer) clearInterval(retryTimer);
      retryTimer = undefined;
      await this.idle();
      sender?.close();
    },
  };
}

function messageOf(row: OutboxRow): MailMessage {
  return {
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
  };
}

/** The mails whose subject carries a one-time code (SPEC's "123456 is your … code"). */
const CODE_KINDS = new Set(["verify-email", "reset-password"]);

/** A subject as a log line of a public site may show it: a code mail's code is left out. */
export function subjectForLog(kind: string, subject: string): string {
  return CODE_KINDS.has(kind) ? subject.replace(/\d{4,}/g, "••••••") : subject;
}

/** How long a process keeps a mail it is sending before another may try it. */
const CLAIM_MS = 120_000;
/** After this many failed tries a mail stays failed in the outbox for someone to look at. */
const MAX_ATTEMPTS = 8;

function retryDelayMs(attemptsBefore: number): number {
  return Math.min(30_000 * 2 ** attemptsBefore, 3_600_000);
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
