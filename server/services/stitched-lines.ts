import type { Kysely, Transaction } from "kysely";
import { stitchText } from "#core/i18n/stitched-lines.ts";
import {
  type MeasurementUnit,
  type MeasurementValuesMm,
  measurementValuesSchema,
} from "#core/schemas/measurements.ts";
import { type StitchingChoice, StitchingChoiceSchema, stitchingKey } from "#core/schemas/stitched-line.ts";
import { ownProfilesByIds, productKinds, stylesByIds } from "../db/repositories/stitched-lines.ts";
import type { StitchingStyleTable } from "../db/schema/made-to-measure.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * 'Stitch it for me' (issue 29; decision 0042): a line's stitching choice checked against the database.
 * The style must be active and suit the product's fabric, the product unstitched, the profile the
 * shopper's own (another's is "not found", never named), typed measurements within their ranges. The
 * price and lead time are the style's as stored, whatever the browser sent.
 */
export interface ResolvedStitching {
  key: string;
  style: StitchingStyleTable;
  profileId: string | null;
  profileName: string | null;
  unit: MeasurementUnit;
  valuesMm: MeasurementValuesMm;
  note: string | null;
}

export interface StitchingRequestLine {
  productId: string;
  stitching?: StitchingChoice | undefined;
}

function fabricTypes(style: StitchingStyleTable): string[] {
  try {
    const parsed: unknown = JSON.parse(style.fabric_types);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

const isActive = (style: StitchingStyleTable) => style.active === true || style.active === 1;

/** Whether a style may be ordered on a fabric ([] suits every unstitched fabric). */
export function styleSuits(style: StitchingStyleTable, fabric: string): boolean {
  const types = fabricTypes(style).map((f) => f.trim().toLowerCase());
  return isActive(style) && (types.length === 0 || types.includes(fabric.trim().toLowerCase()));
}

/** One answer per line, in order: null for a ready-made line. Throws the first line's refusal. */
export async function resolveStitchings(
  db: Db,
  userId: string | null,
  lines: readonly StitchingRequestLine[],
  language: "en" | "ar" = "en",
): Promise<(ResolvedStitching | null)[]> {
  const stitched = lines.filter((l) => l.stitching);
  if (stitched.length === 0) return lines.map(() => null);
  const [styles, profiles, kinds] = await Promise.all([
    stylesByIds(
      db,
      stitched.map((l) => l.stitching!.styleId),
    ),
    ownProfilesByIds(
      db,
      userId,
      stitched.flatMap((l) => (l.stitching!.profileId ? [l.stitching!.profileId] : [])),
    ),
    productKinds(
      db,
      stitched.map((l) => l.productId),
    ),
  ]);
  return lines.map((line) => {
    const choice = line.stitching;
    if (!choice) return null;
    const kind = kinds.get(line.productId);
    if (kind?.type.toLowerCase() !== "unstitched")
      throw new DomainError("invalid", "stitching_unavailable", stitchText("notUnstitched", language), {
        field: "stitching",
      });
    const style = styles.get(choice.styleId);
    if (!style || !styleSuits(style, kind.fabric))
      throw new DomainError("invalid", "stitching_unavailable", stitchText("styleUnavailable", language), {
        field: "styleId",
      });
    const note = choice.note?.trim() || null;
    const base = { key: stitchingKey(choice), style, note };
    // 'Stitch again' sends the snapshot's measurements too: they stand in for a profile since deleted.
    const profile = choice.profileId ? profiles.get(choice.profileId) : undefined;
    if (choice.profileId && (profile || !choice.values)) {
      if (!profile)
        throw new DomainError("not_found", "profile_not_found", stitchText("profileNotFound", language), {
          field: "profileId",
        });
      return {
        ...base,
        profileId: profile.id,
        profileName: profile.name,
        unit: profile.unit,
        valuesMm: JSON.parse(profile.values_mm) as MeasurementValuesMm,
      };
    }
    if (!choice.values || !choice.unit)
      throw new DomainError("invalid", "measurements_invalid", stitchText("measurementsNeeded", language), {
        field: "values",
      });
    const typed = measurementValuesSchema(language).safeParse({ unit: choice.unit, values: choice.values });
    if (!typed.success) {
      const issue = typed.error.issues[0];
      throw new DomainError(
        "invalid",
        "measurements_invalid",
        issue?.message ?? stitchText("measurementsNeeded", language),
        { field: String(issue?.path.at(-1) ?? "values") },
      );
    }
    return {
      ...base,
      profileId: null,
      profileName: null,
      unit: typed.data.unit,
      valuesMm: typed.data.valuesMm,
    };
  });
}

/** A server cart row's stitching choice (null for a ready-made line or unreadable JSON). */
export function cartRowStitching(row: { stitching?: string | null }): StitchingChoice | null {
  if (!row.stitching) return null;
  try {
    const parsed = StitchingChoiceSchema.safeParse(JSON.parse(row.stitching));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
