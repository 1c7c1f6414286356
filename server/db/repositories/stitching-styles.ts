import type { Kysely, Transaction } from "kysely";
import type { StitchingStyleTable } from "../schema/made-to-measure.ts";
import type { Database, OrderLineTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Stitching styles and made-to-measure order lines' workshop steps (issue 29, part 2; decision 0041). */

export async function listStitchingStyles(db: Db, only?: { active: true }): Promise<StitchingStyleTable[]> {
  let query = db.selectFrom("stitching_styles").selectAll().orderBy("position").orderBy("name").orderBy("id");
  if (only?.active) query = query.where("active", "=", true);
  return query.execute();
}

export async function findStitchingStyle(db: Db, id: string): Promise<StitchingStyleTable | undefined> {
  return db.selectFrom("stitching_styles").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStitchingStyle(db: Db, row: StitchingStyleTable): Promise<void> {
  await db.insertInto("stitching_styles").values(row).execute();
}

export async function updateStitchingStyle(
  db: Db,
  id: string,
  values: Partial<StitchingStyleTable>,
): Promise<void> {
  await db.updateTable("stitching_styles").set(values).where("id", "=", id).execute();
}

export async function countStitchingStyles(db: Db): Promise<number> {
  const row = await db
    .selectFrom("stitching_styles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fabrics the catalog's unstitched products come in, for the back office's "suits" choice. */
export async function listUnstitchedFabrics(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select("fabric")
    .distinct()
    .where("type", "=", "Unstitched")
    .where("fabric", "<>", "")
    .orderBy("fabric")
    .execute();
  return rows.map((r) => r.fabric);
}

/** A product the storefront shows (published, not archived), by its slug: its type and fabric. */
export async function findShownProductKind(
  db: Db,
  slug: string,
): Promise<{ type: string; fabric: string } | undefined> {
  return db
    .selectFrom("products")
    .select(["type", "fabric"])
    .where("slug", "=", slug)
    .where("archived_at", "is", null)
    .where((eb) => eb.or([eb("draft", "=", false), eb("draft", "is", null)]))
    .executeTakeFirst();
}

/** An order's made-to-measure lines (a stitching snapshot), in the order's own order. */
export async function madeToMeasureLines(db: Db, orderId: string): Promise<OrderLineTable[]> {
  return db
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("stitching", "is not", null)
    .orderBy("position")
    .execute();
}

/** Moves a line from the step it was read at; false when someone moved it meanwhile. */
export async function moveLineStep(
  db: Db,
  lineId: string,
  from: string,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("order_lines")
    .set({ work_step: to, work_step_at: at })
    .where("id", "=", lineId)
    .where("work_step", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
