import "./zod-setup.ts";
import { z } from "zod";
import { aedAmount, arabicText, optionalText, text } from "./admin/fields.ts";
import { MEASUREMENT_UNITS, MeasurementValuesMmSchema, WORK_STEPS } from "./measurements.ts";

/**
 * Stitching styles and the workshop (issue 29, part 2; decision 0041). The owner keeps the styles a
 * shopper chooses for an unstitched fabric; the workshop moves each made-to-measure order line through
 * WORK_STEPS. Money is integer fils (the back office types AED); lead times are UAE business days.
 */

export const STYLE_LEAD_DAYS_MAX = 60;
export const STYLE_FABRICS_MAX = 30;

const fils = z.number().int().min(0);

/** A style as the back office reads it. */
export const AdminStitchingStyleSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    nameAr: z.string().nullable(),
    description: z.string(),
    descriptionAr: z.string().nullable(),
    image: z.string().nullable(),
    priceFils: fils,
    leadDays: z.number().int().min(0),
    /** products.fabric values it suits; [] suits every unstitched fabric. */
    fabricTypes: z.array(z.string()),
    active: z.boolean(),
    position: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminStitchingStyle" });
export type AdminStitchingStyle = z.infer<typeof AdminStitchingStyleSchema>;

const fabricTypes = z
  .array(text(60, "Fabric"), { error: "Choose the fabrics as a list" })
  .max(STYLE_FABRICS_MAX, { error: `At most ${STYLE_FABRICS_MAX} fabrics` });

/** POST /api/admin/stitching-styles: a new style (price typed in AED). */
export const StitchingStyleCreateSchema = z.strictObject({
  name: text(80, "Name"),
  nameAr: arabicText(80, "Name"),
  description: optionalText(600, "Description").default(""),
  descriptionAr: arabicText(600, "Description"),
  priceAed: aedAmount("Price"),
  leadDays: z
    .number({ error: "Lead time must be a whole number of days" })
    .int({ error: "Lead time must be a whole number of days" })
    .min(1, { error: "Lead time is at least 1 business day" })
    .max(STYLE_LEAD_DAYS_MAX, { error: `Lead time is at most ${STYLE_LEAD_DAYS_MAX} business days` }),
  fabricTypes: fabricTypes.default([]),
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type StitchingStyleCreate = z.output<typeof StitchingStyleCreateSchema>;

/** PATCH /api/admin/stitching-styles/:id: any of the fields; `active: false` archives it (never deleted). */
export const StitchingStyleUpdateSchema = z.strictObject({
  name: text(80, "Name").optional(),
  nameAr: arabicText(80, "Name"),
  description: optionalText(600, "Description").optional(),
  descriptionAr: arabicText(600, "Description"),
  priceAed: aedAmount("Price").optional(),
  leadDays: StitchingStyleCreateSchema.shape.leadDays.optional(),
  fabricTypes: fabricTypes.optional(),
  active: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type StitchingStyleUpdate = z.output<typeof StitchingStyleUpdateSchema>;

export const AdminStitchingStyleAnswerSchema = z.strictObject({
  success: z.literal(true),
  style: AdminStitchingStyleSchema,
});
export const AdminStitchingStyleListAnswerSchema = z.strictObject({
  success: z.literal(true),
  styles: z.array(AdminStitchingStyleSchema),
  /** The fabrics the catalog's unstitched products are in, for the "suits" choice. */
  fabrics: z.array(z.string()),
});

/** A style as the storefront shows it (GET /api/stitching/styles?product=). */
export const StitchingStyleSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    nameAr: z.string().nullable(),
    description: z.string(),
    descriptionAr: z.string().nullable(),
    image: z.string().nullable(),
    priceFils: fils,
    leadDays: z.number().int().min(0),
  })
  .meta({ id: "StitchingStyle" });
export type StitchingStyle = z.infer<typeof StitchingStyleSchema>;

export const StitchingStylesQuerySchema = z.object({
  product: z.string({ error: "Name the product" }).trim().min(1, { error: "Name the product" }).max(160),
});
export const StitchingStylesAnswerSchema = z.strictObject({
  success: z.literal(true),
  styles: z.array(StitchingStyleSchema),
});

// The workshop

export const WorkStepSchema = z.enum(WORK_STEPS, { error: "Choose a workshop step" });

/** POST /api/admin/orders/:id/lines/:lineId/step */
export const WorkStepMoveSchema = z.strictObject({ step: WorkStepSchema });
export const OrderLineParamsSchema = z.object({
  id: z.string().min(1).max(64),
  lineId: z.string().min(1).max(64),
});

/** A made-to-measure line as the workshop and its printed work order read it. */
export const WorkshopLineSchema = z.strictObject({
  lineId: z.string(),
  position: z.number().int(),
  name: z.string(),
  nameAr: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  style: z.strictObject({ id: z.string(), name: z.string(), nameAr: z.string().nullable() }),
  profileName: z.string().nullable(),
  unit: z.enum(MEASUREMENT_UNITS),
  valuesMm: MeasurementValuesMmSchema,
  /** The taken measurements labelled and in both units, in the tailor's order (the screens draw these). */
  measurements: z.array(
    z.strictObject({ key: z.string(), en: z.string(), ar: z.string(), cm: z.number(), in: z.number() }),
  ),
  note: z.string().nullable(),
  readyBy: z.string(),
  workStep: WorkStepSchema,
  workStepAt: z.string().nullable(),
});
export type WorkshopLine = z.infer<typeof WorkshopLineSchema>;

export const WorkshopAnswerSchema = z.strictObject({
  success: z.literal(true),
  orderNumber: z.string(),
  customerName: z.string(),
  placedAt: z.string(),
  lines: z.array(WorkshopLineSchema),
  /** The steps in order with their names, for the screens (the words live in core/i18n/workshop.ts). */
  steps: z.array(z.strictObject({ key: WorkStepSchema, en: z.string(), ar: z.string() })),
  /** May this user move a line back (the owner only). */
  canMoveBack: z.boolean(),
});
export type WorkshopAnswer = z.infer<typeof WorkshopAnswerSchema>;
