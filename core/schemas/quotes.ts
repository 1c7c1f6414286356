import "./zod-setup.ts";
import { z } from "zod";

/**
 * Quotes on stitching requests and alterations of made-to-measure lines (issue 29, part 4; decision
 * 0043): what the owner sends, what the shopper accepts or asks, and what both screens read. Amounts in
 * fils in answers; the owner types AED.
 */

/**
 * The product id an accepted quote's order lines carry: they sell a service, not a catalog product
 * (order_lines.product_id has no foreign key; variant_id is null, so no stock moves; decision 0043).
 */
export const QUOTE_PRODUCT_ID = "stitching-service";

export const QUOTE_STATUSES = ["open", "accepted", "withdrawn", "expired"] as const;
export type QuoteStatusName = (typeof QUOTE_STATUSES)[number];

const aed = z
  .number({ error: "Enter a price in AED" })
  .min(0, { error: "A price cannot be negative" })
  .max(1_000_000, { error: "A price is at most AED 1,000,000" })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: "A price has at most 2 decimals" });

/** POST /api/admin/inbox/stitching/:id/quote: the owner's priced answer. */
export const QuoteCreateSchema = z.object({
  lines: z
    .array(
      z.object({
        description: z
          .string()
          .trim()
          .min(1, { error: "Describe each line" })
          .max(200, { error: "A line's description is at most 200 characters" }),
        quantity: z
          .number({ error: "Enter a quantity" })
          .int({ error: "A quantity is a whole number" })
          .min(1, { error: "A quantity is at least 1" })
          .max(99, { error: "A quantity is at most 99" }),
        unitPrice: aed,
      }),
    )
    .min(1, { error: "A quote has at least one line" })
    .max(20, { error: "A quote has at most 20 lines" }),
  readyDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the ready date as YYYY-MM-DD" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "Enter a real date" }),
  note: z.string().trim().max(1000, { error: "The note is at most 1000 characters" }).optional(),
});
export type QuoteCreate = z.infer<typeof QuoteCreateSchema>;

export const QuoteSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    requestId: z.string(),
    requestReference: z.string(),
    status: z.enum(QUOTE_STATUSES),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        unitPriceFils: z.number().int(),
        lineTotalFils: z.number().int(),
      }),
    ),
    totalFils: z.number().int(),
    readyDate: z.string(),
    expiresAt: z.string(),
    note: z.string().nullable(),
    /** Sent signed in: the shopper can accept it in My Account. */
    acceptOnline: z.boolean(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "StitchingQuote" });
export type QuoteDto = z.infer<typeof QuoteSchema>;

export const QuoteAnswerSchema = z.object({ success: z.literal(true), quote: QuoteSchema });
export const QuoteListAnswerSchema = z.object({ success: z.literal(true), quotes: z.array(QuoteSchema) });
/** The back office's request screen: its quotes, and whether it can be quoted (sent signed in). */
export const AdminRequestQuotesAnswerSchema = QuoteListAnswerSchema.extend({ acceptOnline: z.boolean() });
export type AdminRequestQuotes = z.infer<typeof AdminRequestQuotesAnswerSchema>;

export const QUOTE_PAYMENTS = ["online", "cod"] as const;

/** POST /api/stitching/quotes/:id/accept: how she pays; prices come from the quote, never from here. */
export const QuoteAcceptSchema = z.object({
  method: z.enum(QUOTE_PAYMENTS, { error: "Choose how to pay" }),
});
export type QuoteAccept = z.infer<typeof QuoteAcceptSchema>;

export const QuoteAcceptAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** Card payment: Paymennt's hosted page and its checkout id (verify with /api/order/verifyPaymennt). */
  checkoutUrl: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Placed already (cash on delivery, or accepted and paid before). */
  placed: z.boolean(),
});
export type QuoteAcceptAnswer = z.infer<typeof QuoteAcceptAnswerSchema>;

// Alterations

export const ALTERATION_WHATS = ["length", "width", "sleeves", "other"] as const;
export const ALTERATION_STATUSES = [
  "requested",
  "accepted",
  "refused",
  "in_progress",
  "ready",
  "returned",
] as const;
export type AlterationStatusName = (typeof ALTERATION_STATUSES)[number];
/** The steps the shop takes, each from the ones listed (decision 0043). */
export const ALTERATION_NEXT: Record<AlterationStatusName, readonly AlterationStep["step"][]> = {
  requested: ["accepted", "refused"],
  accepted: ["in_progress"],
  refused: [],
  in_progress: ["ready"],
  ready: ["returned"],
  returned: [],
};

export const AlterationCreateSchema = z.object({
  lineId: z.string().min(1, { error: "Choose an item" }).max(64),
  what: z.enum(ALTERATION_WHATS, { error: "Choose what to alter" }),
  note: z.string().trim().max(500, { error: "The note is at most 500 characters" }).optional(),
});
export type AlterationCreate = z.infer<typeof AlterationCreateSchema>;

export const AlterationSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    lineId: z.string(),
    lineName: z.string(),
    what: z.enum(ALTERATION_WHATS),
    note: z.string().nullable(),
    status: z.enum(ALTERATION_STATUSES),
    message: z.string().nullable(),
    createdAt: z.string(),
    steps: z.array(z.object({ at: z.string(), step: z.string(), message: z.string().nullable() })),
  })
  .meta({ id: "Alteration" });
export type AlterationDto = z.infer<typeof AlterationSchema>;

export const AlterationAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  alteration: AlterationSchema,
});

/** GET /api/order/:id/alterations: the window, the lines she may ask about, and her requests. */
export const ShopperAlterationsAnswerSchema = z.object({
  success: z.literal(true),
  windowDays: z.number().int(),
  open: z.boolean(),
  deadline: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.string(), name: z.string() })),
  alterations: z.array(AlterationSchema),
});
export type ShopperAlterations = z.infer<typeof ShopperAlterationsAnswerSchema>;

/** POST /api/admin/alterations/:id/step. */
export const AlterationStepSchema = z.object({
  step: z.enum(["accepted", "refused", "in_progress", "ready", "returned"], { error: "Choose a step" }),
  message: z.string().trim().max(1000, { error: "The message is at most 1000 characters" }).optional(),
});
export type AlterationStep = z.infer<typeof AlterationStepSchema>;

export const AlterationListAnswerSchema = z.object({
  success: z.literal(true),
  alterations: z.array(AlterationSchema),
});
