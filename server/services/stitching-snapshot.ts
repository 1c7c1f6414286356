import {
  type StitchingSnapshot,
  StitchingSnapshotSchema,
  WORK_STEPS,
  type WorkStep,
} from "#core/schemas/measurements.ts";

/** What an order line keeps of its made-to-measure service, read back (issue 29; decision 0041). */

/** A line's stitching snapshot, or null (none, or a snapshot this version cannot read). */
export function parseStitching(raw: string | null | undefined): StitchingSnapshot | null {
  if (!raw) return null;
  try {
    const parsed = StitchingSnapshotSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const workStepOf = (raw: string | null | undefined): WorkStep | null =>
  WORK_STEPS.includes(raw as WorkStep) ? (raw as WorkStep) : null;
