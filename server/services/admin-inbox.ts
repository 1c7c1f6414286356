import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { InboxItem, InboxKind, InboxQuery, InboxStatus, InboxSummary } from "#core/admin.ts";
import {
  findContactRow,
  findStitchingRow,
  insertRequestReply,
  listInboxRows,
  listRequestReplies,
  updateInboxRow,
} from "../db/repositories/admin-inbox.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { escapeHtml, type Mailer, type MailOutcome } from "../integrations/mail.ts";
import type { AuditActor, AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import type { SettingsService } from "./admin-settings.ts";

type Db = Kysely<Database>;

/**
 * The requests and messages inbox (issue 15): contact messages and stitching requests with a status
 * (new, in progress, done), the shop's notes, and replies sent by e-mail through the outbox and kept on
 * the request.
 */
export function createAdminInbox(options: {
  db: Db;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, settings, log } = options;

  async function item(kind: InboxKind, id: string, executor: Db = db): Promise<InboxItem> {
    const replies = (await listRequestReplies(executor, kind, id)).map((r) => ({
      id: r.id,
      at: r.created_at,
      author: r.author_name,
      to: r.to_address,
      subject: r.subject,
      message: r.message,
      mailStatus: r.mail_status,
    }));
    if (kind === "contact") {
      const row = await findContactRow(executor, id);
      if (!row) throw notFound("Message");
      return {
        kind,
        id: row.id,
        reference: row.reference,
        name: row.name,
        subject: row.subject,
        status: row.status,
        createdAt: row.created_at,
        email: row.email,
        phone: null,
        fields: [
          { label: "Subject", value: row.subject },
          { label: "Message", value: row.message },
        ],
        notes: row.notes,
        replies,
      };
    }
    const row = await findStitchingRow(executor, id);
    if (!row) throw notFound("Request");
    return {
      kind,
      id: row.id,
      reference: row.reference,
      name: row.name,
      subject: row.service_type,
      status: row.status,
      createdAt: row.created_at,
      email: row.email,
      phone: row.phone,
      fields: [
        { label: "Phone", value: row.phone },
        { label: "Address type", value: row.address_type },
        { label: "Full address", value: row.full_address },
        { label: "Landmark", value: row.landmark ?? "" },
        { label: "City", value: row.city },
        { label: "Pin code", value: row.pin_code },
        { label: "Service type", value: row.service_type },
        { label: "Item count", value: String(row.item_count) },
        { label: "Message", value: row.message ?? "" },
      ].filter((f) => f.value !== ""),
      notes: row.notes,
      replies,
    };
  }

  return {
    async list(query: InboxQuery): Promise<{ items: InboxSummary[]; total: number }> {
      const { rows, total } = await listInboxRows(db, query);
      return {
        total,
        items: rows.map((r) => ({
          kind: r.kind,
          id: r.id,
          reference: r.reference,
          name: r.name,
          subject: r.subject,
          status: r.status,
          createdAt: r.created_at,
        })),
      };
    },

    get: (kind: InboxKind, id: string) => item(kind, id),

    async update(
      kind: InboxKind,
      id: string,
      patch: { status?: InboxStatus; notes?: string },
      audit: AuditRecorder,
    ): Promise<InboxItem> {
      await db.transaction().execute(async (trx) => {
        const before = await item(kind, id, trx as unknown as Db);
        await updateInboxRow(trx, kind, id, patch);
        const changes = [];
        if (patch.status !== undefined && patch.status !== before.status)
          changes.push({ field: "status", before: before.status, after: patch.status });
        if (patch.notes !== undefined && patch.notes !== before.notes)
          changes.push({ field: "notes", before: before.notes, after: patch.notes });
        if (changes.length > 0)
          await audit(trx, {
            action: "request.update",
            entity: "request",
            entityId: id,
            label: before.reference,
            changes,
          });
      });
      return item(kind, id);
    },

    /** A reply by e-mail: queued in the outbox with the reply row in one transaction, then sent. */
    async reply(
      kind: InboxKind,
      id: string,
      input: { subject?: string; message: string },
      actor: AuditActor,
      audit: AuditRecorder,
    ): Promise<{ item: InboxItem; mail: MailOutcome }> {
      const shop = await settings.current();
      await db.transaction().execute(async (trx) => {
        const request = await item(kind, id, trx as unknown as Db);
        if (!request.email)
          throw new AdminError(
            "conflict",
            "no_email",
            "This request has no e-mail address: call the shopper instead",
          );
        const subject =
          input.subject ||
          (kind === "contact"
            ? `Re: ${request.subject} (${request.reference})`
            : `Your stitching request ${request.reference}`);
        const text = `${input.message}\n\n${shop.shopName}\n${shop.phone}\n`;
        const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#2b2420">
${input.message
  .split(/\n{2,}/)
  .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
  .join("\n")}
<p>${escapeHtml(shop.shopName)}<br>${escapeHtml(shop.phone)}</p>
</body></html>`;
        const outboxId = await mailer.enqueue(trx, {
          kind: `${kind}-reply`,
          to: request.email,
          subject,
          text,
          html,
        });
        const at = new Date().toISOString();
        await insertRequestReply(trx, {
          id: newId(),
          request_kind: kind,
          request_id: id,
          author_id: actor.id,
          author_name: actor.name,
          to_address: request.email,
          subject,
          message: input.message,
          outbox_id: outboxId,
          created_at: at,
        });
        if (request.status === "new") await updateInboxRow(trx, kind, id, { status: "in_progress" });
        await audit(trx, {
          action: "request.reply",
          entity: "request",
          entityId: id,
          label: request.reference,
          changes: [
            { field: "reply", before: null, after: subject },
            ...(request.status === "new" ? [{ field: "status", before: "new", after: "in_progress" }] : []),
          ],
        });
      });
      mailer.flush().catch((error: unknown) => log.error({ err: error }, "reply delivery failed"));
      return { item: await item(kind, id), mail: mailer.outcome };
    },
  };
}

export type AdminInbox = ReturnType<typeof createAdminInbox>;
