import "../zod-setup.ts";
import { z } from "zod";
import { normalizeText } from "../text.ts";

/** Field shapes the back office's schemas share. */

export const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(normalizeText)
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is at most ${max} characters` });
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .overwrite(normalizeText)
    .max(max, { error: `${label} is at most ${max} characters` });

/**
 * The Arabic twin of a shopper-facing text (decision 0025): optional, checked like the English one.
 * Omitted leaves the stored Arabic as it is; "" or null clears it (the storefront falls back to English).
 */
export const arabicText = (max: number, label: string) =>
  optionalText(max, `${label} (Arabic)`)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));

/** A boolean in a query string. */
export const queryFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const page = z.coerce.number({ error: "page must be a number" }).int().min(1).max(10_000).default(1);
export const limit = (max: number, fallback: number) =>
  z.coerce.number({ error: "limit must be a number" }).int().min(1).max(max).default(fallback);

/** An amount in AED with at most two decimals (fils), as a form holds it. */
export const aedAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(1_000_000, { error: `${label} is too large` })
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
      error: `${label} has at most two decimals`,
    });

export const SlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "Slug is required" })
  .max(120, { error: "Slug is at most 120 characters" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "Slug may hold only lower-case letters, digits and single hyphens",
  });

export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const PagedSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const OkAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional() });
