import "../zod-setup.ts";
import { z } from "zod";
import { limit, optionalText, PagedSchema, page } from "./fields.ts";

// Requests and messages inbox

export const INBOX_KINDS = ["stitching", "contact"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATUSES = ["new", "in_progress", "done"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** GET /api/admin/inbox */
export const InboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS).optional(),
  status: z.enum(INBOX_STATUSES).optional(),
  page,
  limit: limit(100, 25),
});
export type InboxQuery = z.output<typeof InboxQuerySchema>;
export const InboxParamsSchema = z.object({ kind: z.enum(INBOX_KINDS), id: z.string().min(1).max(64) });

export const InboxSummarySchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  /** The contact message's subject, or the stitching request's service type. */
  subject: z.string(),
  status: z.enum(INBOX_STATUSES),
  createdAt: z.string(),
});
export type InboxSummary = z.infer<typeof InboxSummarySchema>;
export const InboxListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  items: z.array(InboxSummarySchema),
});

export const InboxReplySchema = z.object({
  id: z.string(),
  at: z.string(),
  author: z.string(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  /** What became of its mail (the outbox's status): sent, stored (waiting for SMTP_URL), failed, pending. */
  mailStatus: z.enum(["sent", "stored", "failed", "pending"]).nullable().optional(),
});

export const InboxItemSchema = InboxSummarySchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Every field the shopper sent, labelled, in form order (message, address, item count...). */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string(),
  replies: z.array(InboxReplySchema),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;
export const InboxItemAnswerSchema = z.object({ success: z.literal(true), item: InboxItemSchema });

/** PATCH /api/admin/inbox/:kind/:id */
export const InboxUpdateSchema = z
  .object({
    status: z.enum(INBOX_STATUSES).optional(),
    notes: optionalText(5000, "Notes").optional(),
  })
  .refine((u) => u.status !== undefined || u.notes !== undefined, { error: "Nothing to change" });
/** POST /api/admin/inbox/:kind/:id/reply (sent through the mail outbox, kept on the request). */
export const InboxReplyInputSchema = z.object({
  subject: optionalText(200, "Subject").optional(),
  message: z
    .string({ error: "Write a reply" })
    .trim()
    .min(1, { error: "Write a reply" })
    .max(10_000, { error: "A reply is at most 10000 characters" }),
});
