import type { Kysely } from "kysely";
import { z } from "zod";
import { normalizeUaeMobile, PASSWORD_MAX, PASSWORD_MIN } from "#core/schemas/account.schema.ts";
import { hashPassword } from "../auth/passwords.ts";
import { insertAuditRow } from "../db/repositories/admin-audit.ts";
import { deleteAdminSessionsOfUser } from "../db/repositories/admin-sessions.ts";
import { createUser, findUserByEmail, updateUser } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";

/** The demo store's owner (only with SEED_DEMO; README says how to log in as it). */
export const DEMO_OWNER = {
  email: "owner@nooratelier.ae",
  name: "Noor Atelier Owner",
  phone: "+971500000001",
  password: "noor-owner-demo",
} as const;

export class OwnerInputError extends Error {}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/**
 * Creates an owner account, or makes the account with this e-mail an owner (issue 15: `npm run
 * admin:create`). The password is set either way, hashed as accounts' are; the account's storefront and
 * back-office sessions end. A new account needs a UAE mobile number: every account has a unique one.
 */
export async function createOrPromoteOwner(
  db: Kysely<Database>,
  input: { email: string; name: string; phone?: string; password: string },
  cost: number,
): Promise<{ id: string; created: boolean }> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new OwnerInputError("--email must be an e-mail address");
  const email = parsedEmail.data;
  const name = input.name.trim();
  if (!name) throw new OwnerInputError("--name must not be empty");
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX)
    throw new OwnerInputError(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  const passwordHash = await hashPassword(input.password, cost);
  const existing = await findUserByEmail(db, email);
  const now = new Date().toISOString();
  const audit = (id: string, before: string | null) =>
    insertAuditRow(db, {
      id: newId(),
      at: now,
      actor_id: null,
      actor_name: "admin:create (command line)",
      action: "user.role",
      entity: "user",
      entity_id: id,
      label: email,
      changes: JSON.stringify([{ field: "role", before, after: "owner" }]),
    });
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await updateUser(
        trx,
        existing.id,
        { name, role: "owner", password_hash: passwordHash, email_verified: true },
        { endSessions: true },
      );
      await deleteAdminSessionsOfUser(trx, existing.id);
    });
    if (existing.role !== "owner") await audit(existing.id, existing.role ?? "customer");
    return { id: existing.id, created: false };
  }
  const phone = input.phone ? normalizeUaeMobile(input.phone) : undefined;
  if (!phone)
    throw new OwnerInputError(
      input.phone
        ? "--phone must be a UAE mobile number, e.g. 050 123 4567"
        : "No account has this e-mail: add --phone (a UAE mobile number) to create one",
    );
  const id = newId();
  await createUser(db, {
    id,
    name,
    email,
    email_verified: true,
    phone,
    password_hash: passwordHash,
    google_sub: null,
    session_version: 0,
    created_at: now,
    updated_at: now,
    role: "owner",
    language: "en",
  });
  await audit(id, null);
  return { id, created: true };
}
