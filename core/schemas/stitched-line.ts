import "./zod-setup.ts";
import { z } from "zod";
import type { StitchingChoice, StitchingQuote } from "../stitching-key.ts";
import { MEASUREMENT_UNITS } from "./measurements.ts";

export { stitchingKey } from "../stitching-key.ts";

/**
 * 'Stitch it for me' (issue 29; decision 0042): what a cart line or an order line asks of the workshop.
 * Only ids and the shopper's own words: the server reads the style's price and lead time, checks the
 * profile is hers, and checks typed measurements with measurementValuesSchema.
 */

export const STITCH_NOTE_MAX = 500;

const id = z
  .string({ error: "Choose a stitching style" })
  .trim()
  .min(1, { error: "Choose a stitching style" })
  .max(64, { error: "Choose a stitching style" });

export const StitchingChoiceSchema = z.object(
  {
    styleId: id,
    /** One of the shopper's measurement profiles… */
    profileId: z.string().trim().min(1).max(64).optional(),
    /** …or measurements typed for this line (in `unit`). */
    unit: z.enum(MEASUREMENT_UNITS).optional(),
    values: z.record(z.string().max(40), z.union([z.number(), z.string().max(20)])).optional(),
    note: z.string().trim().max(STITCH_NOTE_MAX, { error: "The note is too long" }).optional(),
  },
  { error: "The stitching choice is not valid" },
) satisfies z.ZodType<StitchingChoice>;
export type { StitchingChoice };

/** What a quote or a cart shows of a stitched line (the server's names and price). */
export const StitchingQuoteSchema = z.object({
  choice: StitchingChoiceSchema,
  styleId: z.string(),
  styleName: z.string(),
  profileName: z.string().nullable(),
  priceFils: z.number().int(),
  leadDays: z.number().int(),
}) satisfies z.ZodType<StitchingQuote>;
export type { StitchingQuote };
