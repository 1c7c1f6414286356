import "../zod-setup.ts";
import { z } from "zod";
import { optionalText, text } from "./fields.ts";
import { ADMIN_ROLES } from "./session.ts";

// Staff (owner only)

export const StaffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  role: z.enum(ADMIN_ROLES),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListAnswerSchema = z.object({
  success: z.literal(true),
  staff: z.array(StaffMemberSchema),
});
export const StaffAnswerSchema = z.object({ success: z.literal(true), member: StaffMemberSchema });

/**
 * POST /api/admin/staff: promotes the account with this e-mail; when there is none, `name` and `phone`
 * create one (no password: the invitation mail sends them to /forgot-password to choose one).
 */
export const StaffInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  role: z.enum(ADMIN_ROLES).default("staff"),
  name: text(100, "Name").optional(),
  phone: optionalText(40, "Phone").optional(),
});
/** PATCH /api/admin/staff/:id */
export const StaffRoleSchema = z.object({ role: z.enum(ADMIN_ROLES) });
