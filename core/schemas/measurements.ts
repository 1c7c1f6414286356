import "./zod-setup.ts";
import { z } from "zod";

/**
 * Made to measure (issue 29; decision 0040): the measurements a tailor of abayas, jalabiyas and kameez
 * suits takes, their sensible ranges, and the snapshot an order line keeps. Values are stored in whole
 * millimetres whatever unit the shopper typed; a profile remembers the unit she prefers to see.
 */

export const MEASUREMENT_UNITS = ["cm", "in"] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

export interface MeasurementDefinition {
  key: string;
  en: string;
  ar: string;
  /** Inclusive range in centimetres (a child's smallest to a tall adult's largest). */
  minCm: number;
  maxCm: number;
  /** A profile cannot be saved without it (every style needs it). */
  required: boolean;
}

/** In the order a tailor takes them, top to bottom. */
export const MEASUREMENTS = [
  { key: "neck", en: "Neck", ar: "محيط الرقبة", minCm: 20, maxCm: 60, required: false },
  { key: "shoulder", en: "Shoulder", ar: "عرض الكتفين", minCm: 20, maxCm: 65, required: true },
  { key: "bust", en: "Bust", ar: "محيط الصدر", minCm: 45, maxCm: 180, required: true },
  { key: "waist", en: "Waist", ar: "محيط الخصر", minCm: 35, maxCm: 170, required: true },
  { key: "hips", en: "Hips", ar: "محيط الأرداف", minCm: 45, maxCm: 190, required: true },
  { key: "armhole", en: "Armhole", ar: "فتحة الإبط", minCm: 20, maxCm: 70, required: false },
  { key: "upperArm", en: "Upper arm", ar: "محيط أعلى الذراع", minCm: 12, maxCm: 60, required: false },
  { key: "sleeveLength", en: "Sleeve length", ar: "طول الكم", minCm: 20, maxCm: 90, required: true },
  { key: "wrist", en: "Wrist", ar: "محيط المعصم", minCm: 10, maxCm: 35, required: false },
  { key: "fullLength", en: "Full length", ar: "الطول الكامل", minCm: 60, maxCm: 180, required: true },
  { key: "kameezLength", en: "Kameez length", ar: "طول القميص", minCm: 40, maxCm: 130, required: false },
  { key: "trouserLength", en: "Trouser length", ar: "طول السروال", minCm: 40, maxCm: 125, required: false },
  { key: "trouserBottom", en: "Trouser hem", ar: "عرض أسفل السروال", minCm: 15, maxCm: 60, required: false },
  { key: "height", en: "Height", ar: "الطول (القامة)", minCm: 90, maxCm: 210, required: false },
] as const satisfies readonly MeasurementDefinition[];

export type MeasurementKey = (typeof MEASUREMENTS)[number]["key"];
export const MEASUREMENT_KEYS = MEASUREMENTS.map((m) => m.key) as MeasurementKey[];

/** Whole millimetres per key, as stored and as an order line's snapshot keeps them. */
export type MeasurementValuesMm = Partial<Record<MeasurementKey, number>>;

const MM_PER_UNIT: Record<MeasurementUnit, number> = { cm: 10, in: 25.4 };

/** A value typed in `unit` as whole millimetres. */
export const toMillimetres = (value: number, unit: MeasurementUnit) => Math.round(value * MM_PER_UNIT[unit]);

/** Millimetres shown in `unit`, to one decimal (e.g. 925 → 92.5 cm, 36.4 in). */
export const fromMillimetres = (mm: number, unit: MeasurementUnit) =>
  Math.round((mm / MM_PER_UNIT[unit]) * 10) / 10;

/** A definition's range in `unit`, rounded inwards to one decimal. */
export function measurementRange(definition: MeasurementDefinition, unit: MeasurementUnit) {
  const min = Math.ceil(((definition.minCm * 10) / MM_PER_UNIT[unit]) * 10) / 10;
  const max = Math.floor(((definition.maxCm * 10) / MM_PER_UNIT[unit]) * 10) / 10;
  return { min, max };
}

export function rangeMessage(
  definition: MeasurementDefinition,
  unit: MeasurementUnit,
  language: "en" | "ar",
) {
  const { min, max } = measurementRange(definition, unit);
  const unitText = language === "ar" ? (unit === "cm" ? "سم" : "إنش") : unit;
  return language === "ar"
    ? `${definition.ar}: بين ${min} و${max} ${unitText}`
    : `${definition.en} must be between ${min} and ${max} ${unitText}`;
}

export function requiredMessage(definition: MeasurementDefinition, language: "en" | "ar") {
  return language === "ar" ? `أدخلي ${definition.ar}` : `Enter the ${definition.en.toLowerCase()}`;
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
const toNumber = (value: unknown) => {
  const present = blankToUndefined(value);
  if (typeof present !== "string") return present;
  const text = present.trim().replace(",", ".");
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

/**
 * Measurements as typed in `unit` (numbers, or the text a number field sends), checked against the
 * ranges and turned into millimetres. Messages in `language`, on the field's key.
 */
export function measurementValuesSchema(language: "en" | "ar" = "en") {
  return z
    .object({
      unit: z.enum(MEASUREMENT_UNITS, {
        error: language === "ar" ? "اختاري الوحدة" : "Choose centimetres or inches",
      }),
      values: z.record(z.string(), z.unknown()),
    })
    .transform((input, ctx) => {
      const valuesMm: MeasurementValuesMm = {};
      for (const key of Object.keys(input.values)) {
        if (!MEASUREMENT_KEYS.includes(key as MeasurementKey)) {
          ctx.addIssue({ code: "custom", path: ["values", key], message: `Unknown measurement: ${key}` });
        }
      }
      for (const definition of MEASUREMENTS) {
        const raw = toNumber(input.values[definition.key]);
        if (raw === undefined) {
          if (definition.required)
            ctx.addIssue({
              code: "custom",
              path: ["values", definition.key],
              message: requiredMessage(definition, language),
            });
          continue;
        }
        const { min, max } = measurementRange(definition, input.unit);
        if (typeof raw !== "number" || !Number.isFinite(raw) || raw < min || raw > max) {
          ctx.addIssue({
            code: "custom",
            path: ["values", definition.key],
            message: rangeMessage(definition, input.unit, language),
          });
          continue;
        }
        valuesMm[definition.key] = toMillimetres(raw, input.unit);
      }
      return { unit: input.unit, valuesMm };
    });
}

/** A stored set of measurements: whole millimetres within each key's range. */
export const MeasurementValuesMmSchema = z.partialRecord(
  z.enum(MEASUREMENT_KEYS as [MeasurementKey, ...MeasurementKey[]]),
  z.number().int().min(100).max(2100),
);

export const PROFILE_NAME_MAX = 40;
export const PROFILES_PER_SHOPPER_MAX = 12;

/** A profile as My Account and the checkout read it. */
export const MeasurementProfileSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  unit: z.enum(MEASUREMENT_UNITS),
  valuesMm: MeasurementValuesMmSchema,
  /** "home_visit" when the shop's tailor took them on a stitching request. */
  source: z.enum(["shopper", "home_visit"]),
  requestReference: z.string().nullable(),
  updatedAt: z.string(),
});
export type MeasurementProfile = z.infer<typeof MeasurementProfileSchema>;

/** The steps a made-to-measure line goes through in the workshop, in order. */
export const WORK_STEPS = ["measured", "cutting", "stitching", "finishing", "ready"] as const;
export type WorkStep = (typeof WORK_STEPS)[number];

/**
 * What an order line keeps of its made-to-measure service when the order is placed: never changed by
 * later edits of the style or the profile (JSON in order_lines.stitching).
 */
export const StitchingSnapshotSchema = z.strictObject({
  style: z.strictObject({
    id: z.string(),
    name: z.string(),
    nameAr: z.string().nullable(),
    image: z.string().nullable(),
    priceFils: z.number().int().min(0),
    leadDays: z.number().int().min(0),
  }),
  /** The profile's name when one was chosen (null: measurements typed for this line only). */
  profileId: z.string().nullable(),
  profileName: z.string().nullable(),
  unit: z.enum(MEASUREMENT_UNITS),
  valuesMm: MeasurementValuesMmSchema,
  note: z.string().nullable(),
  /** The ready date promised at checkout: YYYY-MM-DD in Dubai. */
  readyBy: z.string(),
});
export type StitchingSnapshot = z.infer<typeof StitchingSnapshotSchema>;
