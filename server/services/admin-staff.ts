import type { Kysely } from "kysely";
import type { AdminRole, StaffMember } from "#core/admin.ts";
import { normalizeUaeMobile } from "#core/schemas/account.schema.ts";
import { deleteAdminSessionsOfUser } from "../db/repositories/admin-sessions.ts";
import { countOwners, listStaffUsers, setUserRole } from "../db/repositories/admin-users.ts";
import {
  createUser,
  findUserByEmail,
  findUserById,
  type UserRow,
  uniqueViolation,
} from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { escapeHtml, type Mailer, type MailOutcome } from "../integrations/mail.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import type { SettingsService } from "./admin-settings.ts";

function toMember(user: UserRow): StaffMember {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role === "owner" ? "owner" : "staff",
    createdAt: user.created_at,
  };
}

/**
 * Staff management (owner only; issue 15). A role change or a removal ends the person's back-office
 * sessions at once; the shop always keeps at least one owner.
 */
export function createAdminStaff(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  siteUrl: string;
}) {
  const { db, mailer, settings, siteUrl } = options;

  async function changeRole(
    id: string,
    role: UserRow["role"] & string,
    audit: AuditRecorder,
  ): Promise<UserRow> {
    return db.transaction().execute(async (trx) => {
      const user = await findUserById(trx, id);
      if (!user || (user.role !== "staff" && user.role !== "owner")) throw notFound("Staff member");
      if (user.role === role) return user;
      if (user.role === "owner" && (await countOwners(trx)) <= 1)
        throw new AdminError(
          "conflict",
          "last_owner",
          "The shop needs at least one owner: make someone else owner first",
        );
      await setUserRole(trx, id, role);
      await deleteAdminSessionsOfUser(trx, id);
      await audit(trx, {
        action: "user.role",
        entity: "user",
        entityId: id,
        label: user.email ?? user.name,
        changes: [{ field: "role", before: user.role, after: role }],
      });
      return { ...user, role };
    });
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await listStaffUsers(db)).map(toMember);
    },

    /**
     * Gives the account with this e-mail a back-office role. Without an account, `name` and `phone`
     * create one without a password, and a mail asks the person to choose one at /forgot-password.
     */
    async invite(
      input: { email: string; role: AdminRole; name?: string; phone?: string },
      audit: AuditRecorder,
    ): Promise<StaffMember & { mail: MailOutcome }> {
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await db.transaction().execute(async (trx) => {
          if (existing.role === input.role) return;
          if (existing.role === "owner" && (await countOwners(trx)) <= 1)
            throw new AdminError(
              "conflict",
              "last_owner",
              "The shop needs at least one owner: make someone else owner first",
            );
          await setUserRole(trx, existing.id, input.role);
          await deleteAdminSessionsOfUser(trx, existing.id);
          await audit(trx, {
            action: "user.role",
            entity: "user",
            entityId: existing.id,
            label: input.email,
            changes: [{ field: "role", before: existing.role ?? "customer", after: input.role }],
          });
        });
        return { ...toMember({ ...existing, role: input.role }), mail: "none" };
      }
      if (!input.name)
        throw new AdminError(
          "invalid",
          "validation",
          "No account has this e-mail: give a name and a phone number to create one",
        );
      const phone = input.phone ? normalizeUaeMobile(input.phone) : undefined;
      if (!phone)
        throw new AdminError("invalid", "validation", "Enter a UAE mobile number for the new account");
      const now = new Date().toISOString();
      const user: UserRow = {
        id: newId(),
        name: input.name,
        email: input.email,
        email_verified: false,
        phone,
        password_hash: null,
        google_sub: null,
        session_version: 0,
        language: "en",
        created_at: now,
        updated_at: now,
        role: input.role,
      };
      const shop = await settings.current();
      try {
        await db.transaction().execute(async (trx) => {
          await createUser(trx, user);
          await audit(trx, {
            action: "user.invite",
            entity: "user",
            entityId: user.id,
            label: input.email,
            changes: [{ field: "role", before: null, after: input.role }],
          });
          const base = siteUrl.replace(/\/$/, "");
          const text = `${shop.shopName} has given you access to its back office as ${input.role}.\n\nChoose your password at ${base}/forgot-password with this e-mail address, then sign in at ${base}/admin/login.\n\n${shop.shopName}\n`;
          await mailer.enqueue(trx, {
            kind: "staff-invite",
            to: input.email,
            subject: `You are invited to the ${shop.shopName} back office`,
            text,
            html: `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif">${text
              .split("\n\n")
              .map((p) => `<p>${escapeHtml(p)}</p>`)
              .join("")}</body></html>`,
          });
        });
      } catch (error) {
        const taken = uniqueViolation(error);
        if (taken === "phone")
          throw new AdminError("conflict", "validation", "Another account already has this phone number");
        if (taken === "email")
          throw new AdminError("conflict", "validation", "Another account already has this e-mail");
        throw error;
      }
      mailer.flush().catch(() => undefined);
      return { ...toMember(user), mail: mailer.outcome };
    },

    async setRole(id: string, role: AdminRole, audit: AuditRecorder): Promise<StaffMember> {
      return toMember(await changeRole(id, role, audit));
    },

    /** Back to a customer: the storefront account stays, the back office closes to it. */
    async remove(id: string, audit: AuditRecorder): Promise<void> {
      await changeRole(id, "customer", audit);
    },
  };
}

export type AdminStaff = ReturnType<typeof createAdminStaff>;
