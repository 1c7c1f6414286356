import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { keepFirstAppMeta } from "../db/repositories/app-meta.ts";
import type { Database } from "../db/schema.ts";

const META_KEY = "app_secret";

export interface AppKeys {
  /** HS256 key for session tokens. */
  session: Uint8Array;
  /** HMAC key for one-time codes, derived from the same secret. */
  codes: Buffer;
}

/** JWT_SECRET when set, otherwise the one kept in app_meta (made by the first process that asks). */
export async function appSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  return configured ?? (await keepFirstAppMeta(db, META_KEY, randomBytes(48).toString("base64url")));
}

/**
 * The secret behind session tokens and code hashes: JWT_SECRET when set, otherwise one generated on
 * first use and kept in app_meta, so every app process on the same database signs and checks alike.
 */
export async function loadAppKeys(db: Kysely<Database>, configured: string | undefined): Promise<AppKeys> {
  const secret = await appSecret(db, configured);
  return {
    session: new TextEncoder().encode(secret),
    codes: createHmac("sha256", secret).update("one-time-code").digest(),
  };
}
