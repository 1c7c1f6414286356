import "../zod-setup.ts";
import { z } from "zod";
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
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AuditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().max(64).optional(),
  page,
  limit: limit(200, 50),
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
});
