import "./zod-setup.ts";
import { z } from "zod";
import { t } from "#core/i18n/index.ts";
import { MEASUREMENT_UNITS, MeasurementValuesMmSchema, PROFILE_NAME_MAX } from "./measurements.ts";

/**
 * The calls of My Account's measurement profiles and stitching requests, and the back office's home visit
 * (issue 29; decision 0040). The values travel as typed (in `unit`) and are checked and turned into
 * millimetres by core/schemas/measurements.ts's measurementValuesSchema, on both sides.
 */

/** A value as a number field sends it: a number, its text, or blank. */
const TypedValueSchema = z.union([z.number(), z.string().max(20), z.null()]);
const TypedValuesSchema = z.record(z.string().max(40), TypedValueSchema);

export const ProfileNameSchema = z
  .string()
  .trim()
  .min(1, { error: () => t("profile.mtm.name.required") })
  .max(PROFILE_NAME_MAX, { error: () => t("profile.mtm.name.long", { max: PROFILE_NAME_MAX }) });

/** POST /api/measurements and PUT /api/measurements/:id. */
export const ProfileInputSchema = z.strictObject({
  name: ProfileNameSchema,
  unit: z.enum(MEASUREMENT_UNITS),
  values: TypedValuesSchema,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** PUT /api/admin/inbox/stitching/:id/measurements: the measurements taken at the visit. */
export const HomeVisitInputSchema = z.strictObject({
  unit: z.enum(MEASUREMENT_UNITS),
  values: TypedValuesSchema,
});
export type HomeVisitInput = z.infer<typeof HomeVisitInputSchema>;

/** Measurements as stored: whole millimetres, and the unit they were taken in. */
export const TakenMeasurementsSchema = z.strictObject({
  unit: z.enum(MEASUREMENT_UNITS),
  valuesMm: MeasurementValuesMmSchema,
});
export type TakenMeasurements = z.infer<typeof TakenMeasurementsSchema>;

export const REQUEST_STATUSES = ["new", "in_progress", "done"] as const;

/** One of her stitching requests as My Account lists it. */
export const MyStitchingRequestSchema = z.strictObject({
  id: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  serviceType: z.string(),
  itemCount: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  measurements: TakenMeasurementsSchema.nullable(),
});
export type MyStitchingRequest = z.infer<typeof MyStitchingRequestSchema>;

/** The home visit's card in the back office. */
export const HomeVisitSchema = z.strictObject({
  measurements: TakenMeasurementsSchema.nullable(),
  measuredAt: z.string().nullable(),
  /** True when the request was sent signed in: the measurements also become her profile. */
  signedIn: z.boolean(),
  /** The profile the visit filled in her account (null for a request without an account). */
  profileId: z.string().nullable(),
});
export type HomeVisit = z.infer<typeof HomeVisitSchema>;
