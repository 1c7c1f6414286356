import "./zod-setup.ts";
import { z } from "zod";
import { DELIVERY_TYPES, EMIRATES } from "../constants.ts";
import { OrderDtoSchema } from "../order.ts";
import { CartQuoteRequestSchema } from "./cart.schema.ts";

/**
 * Promotions (issue 28; decision 0038): discount codes the owner makes, and delivery fees priced by the
 * server. The storefront sends a code; the server decides whether it applies and what it takes off, and
 * never reads a discount, a fee or a total from the client. Money is integer fils; instants are ISO-8601
 * UTC; the back office enters a code's start and end as Dubai wall-clock time (`YYYY-MM-DDTHH:MM`).
 */

/** Why a code is not taken. The screen acts on `reason`; `message` is in the request's language. */
export const PROMO_REFUSAL_REASONS = [
  "unknown", // no such code
  "paused", // the owner paused it
  "not_started", // before its start
  "expired", // after its end
  "min_spend", // the order (after the code's discount) is under its minimum spend
  "used_up", // its total usage limit is reached (uses reserved by open payments count)
  "per_customer", // this account has used it as often as one customer may
  "not_applicable", // none of the cart's items is one the code is for (or sale items are excluded)
] as const;
export const PromoRefusalReasonSchema = z.enum(PROMO_REFUSAL_REASONS);
export type PromoRefusalReason = z.infer<typeof PromoRefusalReasonSchema>;

/** The longest code the shop makes; a code is letters, digits, '-' and '_', stored upper-case. */
export const PROMO_CODE_MAX = 32;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/**
 * A code as a shopper types it: trimmed and upper-cased ('eid20 ' is EID20). Any other text is accepted
 * here and answered as `unknown`, so a typo is a refusal the screen shows, not a 400. "" means no code.
 */
export const DiscountCodeInputSchema = z
  .string({ error: "The discount code must be text" })
  .max(64, { error: "The discount code is too long" })
  .transform((v) => v.trim().toUpperCase());

// Storefront: POST /api/cart/quote

/** POST /api/cart/quote: the cart's lines, and optionally a code and where and how it is delivered. */
export const PromoQuoteRequestSchema = CartQuoteRequestSchema.extend({
  code: DiscountCodeInputSchema.optional(),
  /** The delivery address's emirate (per-emirate fees); the flat fee without one. */
  emirate: z.string().trim().max(40).optional(),
  deliveryType: z.enum(DELIVERY_TYPES).optional(),
});
export type PromoQuoteRequest = z.output<typeof PromoQuoteRequestSchema>;

const fils = z.number().int().min(0);

/** The discount spread over the lines: pro rata in fils, the remainder on the largest line (decision 0038). */
export const DiscountAllocationSchema = z.array(
  z.object({
    /** The line's position in the request (quote) or in the order (order lines). */
    index: z.number().int().min(0),
    discountFils: fils,
  }),
);

/** A code the server took: what it takes off, per line. */
export const AppliedPromotionSchema = z.object({
  applied: z.literal(true),
  code: z.string(),
  discountFils: fils,
  lines: DiscountAllocationSchema,
});
/** A code the server refused, with why. */
export const RefusedPromotionSchema = z.object({
  applied: z.literal(false),
  code: z.string(),
  reason: PromoRefusalReasonSchema,
  message: z.string(),
});
export const QuotePromotionSchema = z.discriminatedUnion("applied", [
  AppliedPromotionSchema,
  RefusedPromotionSchema,
]);
export type QuotePromotion = z.infer<typeof QuotePromotionSchema>;

/** The delivery fee as priced for this cart (VAT-inclusive), and the free-delivery threshold's state. */
export const QuoteDeliverySchema = z.object({
  feeFils: fils,
  /** The threshold (measured after the code's discount) from which delivery is free; null: none. */
  freeThresholdFils: fils.nullable(),
  /** What is still missing to reach the threshold; 0 when reached; null without a threshold. */
  remainingForFreeFils: fils.nullable(),
});

/** What POST /api/cart/quote adds to SPEC's quote (its other keys stay as they were). */
export const QuotePromotionFields = {
  /** The code's discount; 0 without a code or when it is refused. */
  discountFils: fils,
  /** The VAT included in totalFils (goods after the discount, plus the delivery fee). */
  vatFils: fils,
  delivery: QuoteDeliverySchema,
  /** Null when no code was sent. */
  promotion: QuotePromotionSchema.nullable(),
};

// Storefront: GET /api/order/config gains the delivery fees

export const EmirateSchema = z.enum(EMIRATES);

export const DeliveryFeesSchema = z.object({
  /** The flat fee within the UAE, VAT-inclusive (0: SPEC's free delivery). */
  feeFils: fils,
  /** Free delivery from this order value (after discounts); null: none. */
  freeThresholdFils: fils.nullable(),
  /** An emirate's own fee over the flat one. */
  emirateFeesFils: z.partialRecord(EmirateSchema, fils),
  /** Same-day delivery's fee (instead of the flat or the emirate's). */
  sameDayFeeFils: fils,
});
export type DeliveryFees = z.infer<typeof DeliveryFeesSchema>;

// Storefront: POST /api/order/paymennt and /api/order/place

/**
 * A refused code at order time (422): nothing is held or numbered. `code` is the error code
 * `discount_refused`; `reason` says why, `message` in the order's language.
 */
export const DiscountRefusedSchema = z
  .object({
    success: z.literal(false),
    code: z.literal("discount_refused"),
    reason: PromoRefusalReasonSchema,
    message: z.string(),
  })
  .meta({ id: "DiscountRefused", description: "The discount code was refused" });

/** POST /api/order/paymennt when the order comes to 0 AED: it is placed at once, with no payment step. */
export const PlacedWithoutPaymentSchema = z
  .object({
    success: z.literal(true),
    placed: z.literal(true),
    orderNumber: z.string(),
    message: z.string(),
    order: OrderDtoSchema,
  })
  .describe("The order came to 0 AED (a code took it all): placed at once, no payment step");

/** An order's discount as the order answers carry it (absent on an order without a code). */
export const OrderDiscountSchema = z.object({ code: z.string(), discountFils: fils });

// Back office: /api/admin/promotions

export const PROMO_KINDS = ["percent", "fixed"] as const;
export const PROMO_SCOPES = ["all", "collections", "products"] as const;
/** A collection's slug (the catalog's categories; the server refuses one it does not have). */
export const CollectionSlugSchema = z
  .string({ error: "A collection is its slug" })
  .trim()
  .toLowerCase()
  .min(1)
  .max(120);

/** Dubai wall-clock time as a datetime-local field sends it; null: no start (or no end). */
const dubaiLocal = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, {
      error: `${label} must be a date and time (YYYY-MM-DDTHH:MM)`,
    })
    .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), { error: `${label} is not a real date` })
    .nullable();

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} is a whole number` })
    .min(1, { error: `${label} is at least 1` })
    .max(1_000_000, { error: `${label} is too large` });

const promotionFields = {
  code: z
    .string({ error: "Code is required" })
    .trim()
    .toUpperCase()
    .min(2, { error: "Code is at least 2 characters" })
    .max(PROMO_CODE_MAX, { error: `Code is at most ${PROMO_CODE_MAX} characters` })
    .regex(CODE_PATTERN, { error: "Code may hold only letters, digits, '-' and '_'" }),
  kind: z.enum(PROMO_KINDS, { error: "Choose percent or a fixed amount" }),
  /** percent: 1..100; fixed: fils (1 fils to 1,000,000 AED). */
  value: z
    .number({ error: "Value must be a number" })
    .int({ error: "Value is a whole number (percent, or fils for a fixed amount)" })
    .min(1, { error: "Value is at least 1" })
    .max(100_000_000, { error: "Value is too large" }),
  scope: z.enum(PROMO_SCOPES, { error: "Choose what the code is for" }),
  collections: z.array(CollectionSlugSchema).max(20),
  productIds: z.array(z.string().min(1).max(64)).max(200),
  minSpendFils: fils.max(100_000_000),
  startsAt: dubaiLocal("Start"),
  endsAt: dubaiLocal("End"),
  /** Total uses over all shoppers; null: unlimited. */
  usageLimit: count("Usage limit").nullable(),
  /** Uses per account; null: unlimited. */
  perCustomerLimit: count("Uses per customer").nullable(),
  includeSaleItems: z.boolean(),
  active: z.boolean(),
};

function consistent(
  p: {
    kind?: string;
    value?: number;
    scope?: string;
    collections?: string[];
    productIds?: string[];
    startsAt?: string | null;
    endsAt?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (p.kind === "percent" && p.value !== undefined && p.value > 100)
    ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100" });
  if (p.scope === "collections" && p.collections !== undefined && p.collections.length === 0)
    ctx.addIssue({ code: "custom", path: ["collections"], message: "Choose at least one collection" });
  if (p.scope === "products" && p.productIds !== undefined && p.productIds.length === 0)
    ctx.addIssue({ code: "custom", path: ["productIds"], message: "Choose at least one product" });
  if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end is after the start" });
}

/** POST /api/admin/promotions. */
export const PromotionCreateSchema = z
  .object({
    ...promotionFields,
    scope: promotionFields.scope.default("all"),
    collections: promotionFields.collections.default([]),
    productIds: promotionFields.productIds.default([]),
    minSpendFils: promotionFields.minSpendFils.default(0),
    startsAt: promotionFields.startsAt.default(null),
    endsAt: promotionFields.endsAt.default(null),
    usageLimit: promotionFields.usageLimit.default(null),
    perCustomerLimit: promotionFields.perCustomerLimit.default(null),
    includeSaleItems: promotionFields.includeSaleItems.default(true),
    active: promotionFields.active.default(true),
  })
  .superRefine(consistent);
export type PromotionCreate = z.output<typeof PromotionCreateSchema>;

/** PATCH /api/admin/promotions/:id: any subset (`{ active: false }` pauses it). The code is not renamed. */
export const PromotionUpdateSchema = z
  .object(promotionFields)
  .omit({ code: true })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: "Nothing to change" })
  .superRefine(consistent);
export type PromotionUpdate = z.output<typeof PromotionUpdateSchema>;

export const PromotionSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int(),
    scope: z.enum(PROMO_SCOPES),
    collections: z.array(z.string()),
    productIds: z.array(z.string()),
    minSpendFils: fils,
    /** Dubai wall-clock time, as entered; null: none. */
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    includeSaleItems: z.boolean(),
    active: z.boolean(),
    /** Whether it applies now: active and within its dates. */
    live: z.boolean(),
    /** Uses of placed orders (not cancelled). */
    uses: z.number().int(),
    /** Uses held by payments still open. */
    reserved: z.number().int(),
    /** The discount given by those placed orders. */
    discountGivenFils: fils,
    /** Late payments confirmed after the limit was reached: uses over usageLimit (flagged to the owner). */
    overshoot: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Promotion", description: "A discount code with its usage" });
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionListAnswerSchema = z.object({
  success: z.literal(true),
  promotions: z.array(PromotionSchema),
});
export const PromotionAnswerSchema = z.object({ success: z.literal(true), promotion: PromotionSchema });

/** The dashboard's card: each active code's uses and the discount given. */
export const PromotionFiguresSchema = z.object({
  id: z.string(),
  code: z.string(),
  uses: z.number().int(),
  discountGivenFils: fils,
});
export type PromotionFigures = z.infer<typeof PromotionFiguresSchema>;
