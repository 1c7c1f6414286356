import "./zod-setup.ts";
import { z } from "zod";
import { COURIERS, SHOP_DELIVERY } from "../couriers.ts";

/**
 * Returns, exchanges and the order's timeline (issue 24, part B; decision 0032): what the shopper asks in
 * My Account, what the back office answers, and the one timeline both screens draw. Amounts in fils.
 */

export const RETURN_KINDS = ["return", "exchange"] as const;
export const RETURN_REASONS = ["wrong_size", "wrong_item", "damaged", "changed_mind"] as const;
export const RETURN_STATUSES = [
  "requested",
  "approved",
  "refused",
  "received",
  "refunding",
  "refunded",
  "shipped",
] as const;
export const RETURN_POLICIES = ["returnable", "final_sale", "made_to_measure"] as const;
/** The steps of a request as its timeline tells them. */
export const RETURN_STEPS = ["requested", "approved", "refused", "received", "refunded", "shipped"] as const;

export type ReturnKindName = (typeof RETURN_KINDS)[number];
export type ReturnReasonName = (typeof RETURN_REASONS)[number];
export type ReturnStatusName = (typeof RETURN_STATUSES)[number];
export type ReturnPolicyName = (typeof RETURN_POLICIES)[number];
export type ReturnStep = (typeof RETURN_STEPS)[number];

/** POST /api/order/:id/returns: chosen lines (quantity each) and, for an exchange, the size wanted. */
export const ReturnCreateSchema = z
  .object({
    kind: z.enum(RETURN_KINDS, { error: "Choose a return or an exchange" }),
    reason: z.enum(RETURN_REASONS, { error: "Choose a reason" }),
    comment: z.string().trim().max(500, { error: "The comment is at most 500 characters" }).optional(),
    lines: z
      .array(
        z.object({
          lineId: z.string().min(1).max(64),
          quantity: z.number().int().min(1).max(999),
          exchangeVariantId: z.string().min(1).max(64).optional(),
        }),
      )
      .min(1, { error: "Choose at least one item" })
      .max(50),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.lineId))
        ctx.addIssue({ code: "custom", path: ["lines", index], message: "An item is chosen twice" });
      seen.add(line.lineId);
      if (body.kind === "exchange" && !line.exchangeVariantId)
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "exchangeVariantId"],
          message: "Choose the size you want instead",
        });
      if (body.kind === "return" && line.exchangeVariantId)
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "exchangeVariantId"],
          message: "A return has no size to exchange to",
        });
    });
  });
export type ReturnCreate = z.infer<typeof ReturnCreateSchema>;

export const ReturnRequestSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: z.enum(RETURN_KINDS),
    reason: z.enum(RETURN_REASONS),
    comment: z.string().nullable(),
    status: z.enum(RETURN_STATUSES),
    /** The shop's last message to the shopper (approval or refusal). */
    message: z.string().nullable(),
    /** Said at receipt: whether the returned units went back on the shelf. */
    resaleable: z.boolean().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lines: z.array(
      z.object({
        lineId: z.string(),
        name: z.string(),
        nameAr: z.string().nullable(),
        size: z.string(),
        quantity: z.number().int(),
        unitPriceFils: z.number().int(),
        exchangeSize: z.string().nullable(),
        hold: z.enum(["none", "held", "shipped", "released"]),
      }),
    ),
    refund: z.object({ amountFils: z.number().int(), status: z.string() }).nullable(),
    shipping: z.object({ courier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
  })
  .meta({ id: "ReturnRequest" });
export type ReturnRequestDto = z.infer<typeof ReturnRequestSchema>;

export const TIMELINE_KINDS = [
  "placed",
  "paid",
  "status",
  "refund",
  "refund_pending",
  "return",
  // Issue 29 (decision 0043): a step of an alteration of a made-to-measure line; `returnNumber` is its number.
  "alteration",
] as const;
/** The steps of an alteration as the timeline tells them (core/schemas/quotes.ts ALTERATION_STATUSES). */
export const ALTERATION_STEPS = [
  "requested",
  "accepted",
  "refused",
  "in_progress",
  "ready",
  "returned",
] as const;

/** One event of an order's timeline; every key is present (null when it does not apply). */
export const TimelineEventSchema = z
  .object({
    at: z.string(),
    kind: z.enum(TIMELINE_KINDS),
    /** Who: the shopper, the shop, the payment provider, or the shop's system. */
    actor: z.enum(["shopper", "shop", "payment", "system"]),
    /** status: the order's new status. */
    status: z.string().nullable(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    amountFils: z.number().int().nullable(),
    paymentMode: z.enum(["online", "cod"]).nullable(),
    returnNumber: z.string().nullable(),
    returnKind: z.enum(RETURN_KINDS).nullable(),
    step: z
      .enum([...RETURN_STEPS, ...ALTERATION_STEPS.filter((x) => x !== "requested" && x !== "refused")])
      .nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: "TimelineEvent" });
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

/** What the shopper may still ask on an order: the window and each line's returnable units and sizes. */
export const ReturnOptionsSchema = z.object({
  windowDays: z.number().int(),
  /** The last moment a request is taken (end of the window's last Dubai day); null until delivered. */
  deadline: z.string().nullable(),
  open: z.boolean(),
  closedReason: z.enum(["not_delivered", "window_closed"]).nullable(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      nameAr: z.string().nullable(),
      size: z.string(),
      quantity: z.number().int(),
      returnableQuantity: z.number().int(),
      policy: z.enum(RETURN_POLICIES),
      /** Sizes she may exchange to: same product, same selling price as she paid, in stock. */
      exchangeSizes: z.array(z.object({ variantId: z.string(), size: z.string() })),
    }),
  ),
});
export type ReturnOptions = z.infer<typeof ReturnOptionsSchema>;

export const ShopperAfterSaleAnswerSchema = z.object({
  success: z.literal(true),
  timeline: z.array(TimelineEventSchema),
  returns: ReturnOptionsSchema,
  requests: z.array(ReturnRequestSchema),
});
export type ShopperAfterSale = z.infer<typeof ShopperAfterSaleAnswerSchema>;

export const ReturnAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  request: ReturnRequestSchema,
});

// The back office

export const AdminAfterSaleAnswerSchema = z.object({
  success: z.literal(true),
  timeline: z.array(TimelineEventSchema),
  requests: z.array(ReturnRequestSchema),
});

export const AdminReturnRowSchema = ReturnRequestSchema.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
});
export type AdminReturnRow = z.infer<typeof AdminReturnRowSchema>;

export const AdminReturnQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminReturnQuery = z.infer<typeof AdminReturnQuerySchema>;

export const AdminReturnListAnswerSchema = z.object({
  success: z.literal(true),
  returns: z.array(AdminReturnRowSchema),
  total: z.number().int(),
});

export const ReturnDecisionSchema = z.object({
  message: z.string().trim().max(1000, { error: "The message is at most 1000 characters" }).optional(),
});
export const ReturnRefusalSchema = z.object({
  message: z
    .string({ error: "Tell the shopper why" })
    .trim()
    .min(1, { error: "Tell the shopper why" })
    .max(1000, { error: "The message is at most 1000 characters" }),
});
export const ReturnReceiptSchema = z.object({
  resaleable: z.boolean({ error: "Say whether the items can be sold again" }),
});
export const ReturnRefundSchema = z.object({
  /** Cash-on-delivery orders: cash or bank_transfer (default cash); card orders go through Paymennt. */
  method: z.enum(["cash", "bank_transfer"]).optional(),
  reference: z.string().trim().max(200).optional(),
});
export const ReturnShipmentSchema = z
  .object({
    courier: z.enum(COURIERS, { error: `courier must be one of ${COURIERS.join(", ")}` }),
    trackingNumber: z
      .string()
      .trim()
      .max(60, { error: "Tracking number is at most 60 characters" })
      .regex(/^[A-Za-z0-9 ./-]*$/, {
        error: "Tracking number may hold only letters, digits, spaces and . / -",
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.courier !== SHOP_DELIVERY && !value.trackingNumber)
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: "Enter the courier's tracking number",
      });
  });
