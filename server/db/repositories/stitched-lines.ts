import type { Kysely, Transaction } from "kysely";
import type { MeasurementProfileTable, StitchingStyleTable } from "../schema/made-to-measure.ts";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What pricing a stitched line reads (issue 29; decision 0042): the style as the owner keeps it, the
 * shopper's own profile, and the product's type and fabric. Agreed with the style and profile screens by
 * table, not by code.
 */

export async function stylesByIds(db: Db, ids: readonly string[]): Promise<Map<string, StitchingStyleTable>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("stitching_styles")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The profiles among `ids` that belong to `userId` (another's is simply not found). */
export async function ownProfilesByIds(
  db: Db,
  userId: string | null,
  ids: readonly string[],
): Promise<Map<string, MeasurementProfileTable>> {
  if (!userId || ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("measurement_profiles")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function productKinds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { type: string; fabric: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "type", "fabric"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { type: r.type, fabric: r.fabric }]));
}
