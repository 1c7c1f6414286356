import { type StitchingSnapshot, StitchingSnapshotSchema } from "#core/schemas/measurements.ts";
import type { ResolvedStitching } from "../stitched-lines.ts";

/**
 * What an order line keeps of its stitching service (issue 29; decision 0042): copies, never references,
 * so later edits of the style or the profile leave the placed order as it was.
 */
export function stitchingSnapshot(stitching: ResolvedStitching, readyBy: string): StitchingSnapshot {
  const { style } = stitching;
  return StitchingSnapshotSchema.parse({
    style: {
      id: style.id,
      name: style.name,
      nameAr: style.name_ar,
      image: style.image,
      priceFils: Number(style.price_fils),
      leadDays: Number(style.lead_days),
    },
    profileId: stitching.profileId,
    profileName: stitching.profileName,
    unit: stitching.unit,
    valuesMm: { ...stitching.valuesMm },
    note: stitching.note,
    readyBy,
  });
}
