import "../zod-setup.ts";
import { z } from "zod";
import { PagedSchema } from "./fields.ts";
import { InboxItemAnswerSchema } from "./inbox.ts";
import { AdminOrderAnswerSchema } from "./orders.ts";
import { StaffAnswerSchema } from "./staff.ts";

/**
 * The owner's mail screen (issue 21, finding 5; docs/decisions/0019-mail-without-smtp.md):
 * GET /api/admin/mail lists the mails that reached nobody, POST /api/admin/mail/:id/resend queues one
 * again. And the answers of the changes that queue a mail, saying what became of it (core/admin-mail-text.ts).
 */

/** "sent": handed to SMTP; "waiting": stored until mail is configured; "none": no mail was queued. */
export const MailOutcomeSchema = z.enum(["sent", "waiting", "none"]);

export const MailListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** stored: waiting for SMTP_URL; failed: the SMTP server refused it (retried with backoff); pending: not tried yet. */
export const UndeliveredMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(["stored", "failed", "pending"]),
  createdAt: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
});
export type UndeliveredMail = z.infer<typeof UndeliveredMailSchema>;

export const MailListAnswerSchema = PagedSchema.pick({ total: true }).extend({
  success: z.literal(true),
  /** SMTP_URL is set: mails are sent (else stored and printed to the server's log). */
  configured: z.boolean(),
  mails: z.array(UndeliveredMailSchema),
});
export type MailListAnswer = z.infer<typeof MailListAnswerSchema>;

export const MailResendAnswerSchema = z.object({
  success: z.literal(true),
  mail: MailOutcomeSchema,
  message: z.string(),
});

/** A status change's answer: the order, and what became of the shopper's mail. */
export const AdminOrderMailAnswerSchema = AdminOrderAnswerSchema.extend({ mail: MailOutcomeSchema });
/** A reply's answer: the request, and what became of the reply's mail. */
export const InboxReplyAnswerSchema = InboxItemAnswerSchema.extend({ mail: MailOutcomeSchema });
/** A staff change's answer: the member, and what became of the invitation (none for an existing account). */
export const StaffInviteAnswerSchema = StaffAnswerSchema.extend({ mail: MailOutcomeSchema });
