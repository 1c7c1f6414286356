import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { normalizeUaeMobile, PASSWORD_MAX, PASSWORD_MIN } from "#core/schemas/account.schema.ts";
import { hashPassword } from "../auth/passwords.ts";
import { insertAuditRow } from "../db/repositories/admin-audit.ts";
import { deleteAdminSessionsOfUser } from "../db/repositories/admin-sessions.ts";
import { deleteAppMeta, insertAppMeta, readAppMeta } from "../db/repositories/app-meta.ts";
import { createUser, findUserByEmail, updateUser } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";

/**
 * The demo store's owner (only with SEED_DEMO). Issue 21: its password is generated when the demo is
 * seeded and printed once to the log (DEMO_OWNER_PASSWORD sets it instead, for tests and staging), and it
 * signs in only from this machine unless ALLOW_PUBLIC_DEMO_OWNER.
 */
export const DEMO_OWNER = {
  email: "owner@nooratelier.ae",
  name: "Noor Atelier Owner",
  phone: "+971500000001",
} as const;

/** The password earlier versions gave the demo owner (and README published): still only for this machine. */
const PUBLISHED_DEMO_PASSWORD = "noor-owner-demo";
/** app_meta: the id of the account the demo seed made its owner. */
const DEMO_OWNER_KEY = "demo_owner_id";

/** Creates the demo store's owner; the password is returned only when it was generated here. */
export async function seedDemoOwner(
  db: Kysely<Database>,
  options: { password?: string; cost: number },
): Promise<{ email: string; generatedPassword?: string }> {
  const generated = options.password ? undefined : randomBytes(15).toString("base64url");
  const password = options.password ?? generated!;
  const { id } = await createOrPromoteOwner(db, { ...DEMO_OWNER, password }, options.cost);
  await deleteAppMeta(db, DEMO_OWNER_KEY);
  await insertAppMeta(db, DEMO_OWNER_KEY, id);
  return { email: DEMO_OWNER.email, ...(generated ? { generatedPassword: generated } : {}) };
}

/**
 * Is this log-in the demo owner's? The account the demo seed made (until admin:create gives it a password
 * of the shop's own), or any account whose password is the one README once published.
 */
export async function isDemoOwnerLogin(
  db: Kysely<Database>,
  userId: string,
  password: string,
): Promise<boolean> {
  if (password === PUBLISHED_DEMO_PASSWORD) return true;
  return (await readAppMeta(db, DEMO_OWNER_KEY)) === userId;
}

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
    // A password the shop chose makes the demo owner the shop's own (it may sign in from anywhere).
    if ((await readAppMeta(db, DEMO_OWNER_KEY)) === existing.id) await deleteAppMeta(db, DEMO_OWNER_KEY);
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
    language: "en",
    created_at: now,
    updated_at: now,
    role: "owner",
  });
  await audit(id, null);
  return { id, created: true };
}
