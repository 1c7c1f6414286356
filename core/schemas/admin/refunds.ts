import "../zod-setup.ts";
import { z } from "zod";

/**
 * Refunds in the back office (issue 24; decision 0023): the refund panel's figures and list, and the
 * refund call's body. Amounts in fils (AED × 100).
 */

export const REFUND_METHODS = ["paymennt", "paymennt_dashboard", "cash", "bank_transfer"] as const;
export type RefundMethodName = (typeof REFUND_METHODS)[number];

export const RefundRequestSchema = z
  .object({
    /** Chosen lines and how many of each; or `amountFils`. */
    lines: z
      .array(
        z.object({
          lineId: z.string().min(1).max(64),
          quantity: z.number().int().min(1).max(999),
        }),
      )
      .min(1)
      .max(100)
      .optional(),
    amountFils: z.number().int().min(1).max(100_000_000).optional(),
    reason: z.string().trim().min(1, "Give a reason for the refund").max(500),
    method: z.enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(", ")}` }),
    /** The bank transfer's or receipt's reference, for a refund recorded by hand. */
    reference: z.string().trim().max(200).optional(),
  })
  .refine((b) => (b.lines === undefined) !== (b.amountFils === undefined), {
    message: "Refund either chosen lines or an amount",
    path: ["amountFils"],
  });
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundEntrySchema = z.object({
  id: z.string(),
  amountFils: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reference: z.string().nullable(),
  reason: z.string(),
  status: z.enum(["pending", "confirmed", "refused"]),
  failure: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int(), amountFils: z.number().int() })),
  creditNote: z.object({ number: z.string() }).nullable(),
});
export type RefundEntry = z.infer<typeof RefundEntrySchema>;

export const RefundSummarySchema = z.object({
  /** paid → partly_refunded → refunded; unpaid and the rest as the order holds them. */
  paymentStatus: z.string(),
  paidFils: z.number().int(),
  refundedFils: z.number().int(),
  pendingFils: z.number().int(),
  refundableFils: z.number().int(),
  /** The methods this order can be refunded by (card orders: Paymennt; cash on delivery: by hand). */
  methods: z.array(z.enum(REFUND_METHODS)),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      unitPriceFils: z.number().int(),
      refundableQuantity: z.number().int(),
    }),
  ),
  refunds: z.array(RefundEntrySchema),
  /** Credit notes of the order (refunds' and a cancellation's), newest last. */
  creditNotes: z.array(z.object({ number: z.string(), issuedAt: z.string(), totalFils: z.number().int() })),
});
export type RefundSummary = z.infer<typeof RefundSummarySchema>;

export const RefundSummaryAnswerSchema = RefundSummarySchema.extend({ success: z.literal(true) });

export const RefundAnswerSchema = z.object({
  success: z.literal(true),
  /** confirmed: the money is refunded; pending: Paymennt did not answer, the job checks again. */
  outcome: z.enum(["confirmed", "pending"]),
  message: z.string(),
  refund: RefundEntrySchema,
  summary: RefundSummarySchema,
});

export const CreditNoteParamsSchema = z.object({
  id: z.string().min(1).max(64),
  number: z.string().regex(/^CN-\d{6,}$/, "A credit note number looks like CN-000001"),
});
