/**
 * The back office's contract (issue 15; docs/decisions/0013-back-office.md): every /api/admin request
 * body, query and answer, shared by the server's routes and the /admin screens. Money travels in integer
 * fils beside the AED amount a form shows; times are ISO-8601 UTC. Every refusal is
 * `{ success: false, message, code }` with a code from ADMIN_ERROR_CODES.
 *
 * The schemas live by area in core/schemas/admin/; this index gathers them.
 */
export * from "./schemas/admin/audit.ts";
export * from "./schemas/admin/catalog.ts";
export * from "./schemas/admin/content.ts";
export * from "./schemas/admin/customers.ts";
export * from "./schemas/admin/dashboard.ts";
export * from "./schemas/admin/exports.ts";
export {
  aedAmount,
  IdParamsSchema,
  OkAnswerSchema,
  PagedSchema,
  SlugSchema,
} from "./schemas/admin/fields.ts";
export * from "./schemas/admin/inbox.ts";
export * from "./schemas/admin/mail.ts";
export * from "./schemas/admin/orders.ts";
export * from "./schemas/admin/session.ts";
export * from "./schemas/admin/settings.ts";
export * from "./schemas/admin/staff.ts";
