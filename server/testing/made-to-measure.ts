import type { Kysely } from "kysely";
import type { StitchingSnapshot } from "#core/schemas/measurements.ts";
import type { Database } from "../db/schema.ts";

/** A stitching snapshot as the cart writes it at placement (issue 29), for tests of the workshop. */
export function testSnapshot(overrides: Partial<StitchingSnapshot> = {}): StitchingSnapshot {
  return {
    style: {
      id: "style-test",
      name: "Classic A-line abaya",
      nameAr: "عباية كلاسيكية بقصة A",
      image: null,
      priceFils: 25_000,
      leadDays: 10,
    },
    profileId: null,
    profileName: "Mother",
    unit: "cm",
    valuesMm: { shoulder: 390, bust: 925, waist: 780, hips: 1010, sleeveLength: 580, fullLength: 1420 },
    note: "Loose at the sleeves, please",
    readyBy: "2026-12-10",
    ...overrides,
  };
}

/**
 * Makes lines of a placed order made to measure, as `mtmcart`'s placement does: the snapshot as JSON
 * in order_lines.stitching and the first workshop step. `positions` are the lines' positions.
 */
export async function makeLinesMadeToMeasure(
  db: Kysely<Database>,
  orderId: string,
  positions: number[],
  snapshot: (position: number) => StitchingSnapshot = () => testSnapshot(),
): Promise<string[]> {
  const ids: string[] = [];
  for (const position of positions) {
    const line = await db
      .updateTable("order_lines")
      .set({ stitching: JSON.stringify(snapshot(position)), work_step: "measured", work_step_at: null })
      .where("order_id", "=", orderId)
      .where("position", "=", position)
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(line.id);
  }
  return ids;
}
