import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Made to measure (issue 29; docs/decisions/0040-made-to-measure.md): the measurements the shop's tailor
// took at a stitching request's home visit, kept on the request itself (JSON text { unit, valuesMm }),
// so a request sent without an account keeps them too; a signed-in shopper's also become a profile.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stitching_requests").addColumn("measurements", "text").execute();
  await db.schema.alterTable("stitching_requests").addColumn("measured_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stitching_requests").dropColumn("measured_at").execute();
  await db.schema.alterTable("stitching_requests").dropColumn("measurements").execute();
}
