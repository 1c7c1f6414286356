import "../zod-setup.ts";
import { z } from "zod";
import { dubaiDay } from "./dubai-days.ts";
import { limit, PagedSchema, page } from "./fields.ts";

// Audit log (owner only)

export const AUDIT_ENTITIES = [
  "product",
  "variant",
  "image",
  "order",
  "blog_post",
  "review",
  "settings",
  "user",
  "request",
  "mail",
  "promotion",
  "stitching_style",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** GET /api/admin/audit: by kind (entity), person (actor's id), and inclusive Asia/Dubai days. */
export const AuditQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: z.string().max(64).optional(),
    actor: z.string().min(1).max(64).optional(),
    from: dubaiDay("From").optional(),
    to: dubaiDay("To").optional(),
    page,
    limit: limit(200, 50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: "From must be on or before To",
    path: ["to"],
  });
export const AuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** e.g. product.update, variant.stock, order.status, blog_post.publish, settings.update, user.role */
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** A short human label of the entity (product name, order number...). */
  label: z.string(),
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  entries: z.array(AuditEntrySchema),
  /** Everyone who has changed something (the person filter's choices), by name. */
  people: z.array(z.object({ id: z.string(), name: z.string() })),
});
