import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

const META_KEY = "catalog_version";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Marks the catalog (products, variants, prices, stock shown on pages, categories, blog posts, shop
 * settings) as changed. Every catalog write calls it, in the write's own transaction, so that anything
 * cached from the old catalog — in this process or another on the same database — is no longer served.
 */
export async function bumpCatalogVersion(db: Db): Promise<string> {
  const value = `${Date.now().toString(36)}-${randomBytes(6).toString("base64url")}`;
  const now = new Date().toISOString();
  await db
    .insertInto("app_meta")
    .values({ key: META_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
  return value;
}

/** The catalog's current version; "0" until the first write after seeding. */
export async function readCatalogVersion(db: Db): Promise<string> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", META_KEY).executeTakeFirst();
  return row?.value ?? "0";
}
