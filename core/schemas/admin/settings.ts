import "../zod-setup.ts";
import { z } from "zod";
import { MAX_CANCEL_WINDOW_HOURS } from "../../order-cancel.ts";
import { EmirateSchema } from "../promotions.ts";
import { dubaiDay } from "./dubai-days.ts";
import { optionalText, text } from "./fields.ts";

/** An Arabic setting shoppers read on /ar (decision 0025): null (or "") falls back to the English one. */
const arabic = (max: number, label: string) => optionalText(max, `${label} (Arabic)`).nullable();

// Settings (owner only)

/** A fee or threshold in fils (a form's AED × 100). */
const feeFils = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} is a whole number of fils` })
    .min(0, { error: `${label} cannot be negative` })
    .max(100_000_000, { error: `${label} is too large` });

export const ShopSettingsSchema = z.object({
  shopName: text(80, "Shop name"),
  /** The shop's name on /ar and in Arabic mails; SHOP_NAME_AR by default. */
  shopNameAr: arabic(80, "Shop name"),
  phone: text(40, "Phone").refine((v) => /^\+?[\d\s()-]{5,}$/.test(v), { error: "Enter a phone number" }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  officeAddress: text(300, "Office address"),
  warehouseAddress: text(300, "Warehouse address"),
  officeAddressAr: arabic(300, "Office address"),
  warehouseAddressAr: arabic(300, "Warehouse address"),
  /** The seller's address on invoices. */
  legalAddress: text(300, "Legal address"),
  /** 15 digits, or null: invoices are then a 'Receipt' without VAT lines. */
  trn: z
    .string()
    .trim()
    .regex(/^\d{15}$/, { error: "The TRN is 15 digits" })
    .nullable(),
  vatRate: z
    .number({ error: "VAT rate must be a number" })
    .min(0, { error: "VAT rate cannot be negative" })
    .max(100, { error: "VAT rate is at most 100" }),
  codEnabled: z.boolean(),
  /** The header's announcement, claims separated by " · " (SPEC §1's four claims by default). */
  announcement: text(300, "Announcement"),
  /** The announcement on /ar; null: the catalog's Arabic claims, or the owner's English one when set. */
  announcementAr: arabic(300, "Announcement"),
  lowStockThreshold: z
    .number({ error: "Low-stock threshold must be a number" })
    .int()
    .min(0, { error: "Low-stock threshold cannot be negative" })
    .max(10_000),
  /** Issue 24: the days after delivery (Asia/Dubai calendar days) a return or exchange is taken (decision 0032). */
  returnWindowDays: z
    .number({ error: "Return window must be a number of days" })
    .int({ error: "Return window is a whole number of days" })
    .min(0, { error: "Return window cannot be negative" })
    .max(90, { error: "Return window is at most 90 days" }),
  /** Issue 24: how many hours after placement a shopper may cancel her order herself (SPEC: 24). */
  cancelWindowHours: z
    .number({ error: "Cancellation window must be a number of hours" })
    .int({ error: "Cancellation window is a whole number of hours" })
    .min(0, { error: "Cancellation window cannot be negative" })
    .max(MAX_CANCEL_WINDOW_HOURS, {
      error: `Cancellation window is at most ${MAX_CANCEL_WINDOW_HOURS} hours`,
    }),
  /**
   * The Asia/Dubai time ("HH:MM") the low-stock digest is mailed to the shop's address each day
   * (issue 26); null: no digest.
   */
  lowStockDigestTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Enter a time as HH:MM (24 hours)" })
    .nullable(),
  /** Issue 29: the days a stitching quote can be accepted after it is sent (decision 0043). */
  quoteValidDays: z
    .number({ error: "Quote validity must be a number of days" })
    .int({ error: "Quote validity is a whole number of days" })
    .min(1, { error: "A quote is valid for at least 1 day" })
    .max(90, { error: "A quote is valid for at most 90 days" }),
  /** Issue 29: the days after delivery (Dubai calendar days) a made-to-measure line may be altered (SPEC: 15). */
  alterationWindowDays: z
    .number({ error: "Alteration window must be a number of days" })
    .int({ error: "Alteration window is a whole number of days" })
    .min(0, { error: "Alteration window cannot be negative" })
    .max(90, { error: "Alteration window is at most 90 days" }),
  /** Issue 28: the flat UAE delivery fee in fils, VAT-inclusive; 0 (SPEC's free delivery) by default. */
  deliveryFeeFils: feeFils("Delivery fee"),
  /** Free delivery from this order value (fils, after a code's discount); null: no threshold. */
  freeDeliveryThresholdFils: feeFils("Free-delivery threshold").nullable(),
  /** An emirate's own fee instead of the flat one (fils); an emirate not named pays the flat fee. */
  emirateDeliveryFeesFils: z.partialRecord(EmirateSchema, feeFils("An emirate's delivery fee")),
  /** Same-day delivery's fee (fils), instead of the flat or the emirate's; the threshold frees it too. */
  sameDayDeliveryFeeFils: feeFils("Same-day delivery fee"),
  /** Issue 29: the workshop's working weekdays (0 = Sunday … 6 = Saturday); ready dates count only these. */
  workshopWorkingDays: z
    .array(z.number().int().min(0).max(6), { error: "Working days must be weekdays from 0 (Sunday) to 6" })
    .min(1, { error: "Choose at least one working day" })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: "A working day is chosen twice" }),
  /** Issue 29: dates (Asia/Dubai) the workshop is closed besides its days off; ready dates skip them. */
  workshopHolidays: z
    .array(dubaiDay("A workshop holiday"), { error: "Workshop holidays must be a list of dates" })
    .max(100, { error: "At most 100 workshop holidays" }),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
/** PUT /api/admin/settings: any subset; a field set to its environment default stops overriding it. */
export const ShopSettingsUpdateSchema = ShopSettingsSchema.partial().refine(
  (s) => Object.keys(s).length > 0,
  {
    error: "Nothing to change",
  },
);
export type ShopSettingsUpdate = z.infer<typeof ShopSettingsUpdateSchema>;
export const SettingsAnswerSchema = z.object({
  success: z.literal(true),
  settings: ShopSettingsSchema,
  /** The values from the environment (what a field falls back to). */
  defaults: ShopSettingsSchema,
  /** The fields stored in the database, overriding the environment. */
  overridden: z.array(z.string()),
});
export type SettingsAnswer = z.infer<typeof SettingsAnswerSchema>;
