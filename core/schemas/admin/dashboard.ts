import "../zod-setup.ts";
import { z } from "zod";
import { PromotionFiguresSchema } from "../promotions.ts";

// Dashboard: GET /api/admin/dashboard

export const LowStockRowSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  slug: z.string(),
  variantId: z.string(),
  size: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  held: z.number().int(),
  /** What shoppers can still buy: stock minus held. */
  available: z.number().int(),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;

const periodFigures = z.object({
  orders: z.number().int(),
  /** The period's orders' totals less the refunds made in it (issue 24). */
  revenueFils: z.number().int(),
  /** Refunds confirmed in the period (of orders the revenue counts). */
  refundedFils: z.number().int(),
});

export const DashboardSchema = z.object({
  /** Asia/Dubai calendar day and month; placed, not cancelled orders; VAT-inclusive totals. */
  today: periodFigures,
  month: periodFigures,
  /** Orders in 'Order Placed' (waiting to be packed). */
  toPack: z.number().int(),
  newStitchingRequests: z.number().int(),
  newMessages: z.number().int(),
  pendingReviews: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Active products' tracked sizes with available stock at or below the threshold, fewest first. */
  lowStock: z.array(LowStockRowSchema),
  /** Issue 28: each active code's uses (placed, not cancelled orders) and the discount given, most used first. */
  promotions: z.array(PromotionFiguresSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
/** Issue 21: the dashboard's sentence about card payments (none when Paymennt takes real payments). */
export const PaymentsNoticeSchema = z.object({ level: z.enum(["warning", "info"]), text: z.string() });
export type PaymentsNotice = z.infer<typeof PaymentsNoticeSchema>;
export const DashboardAnswerSchema = z.object({
  success: z.literal(true),
  dashboard: DashboardSchema,
  paymentsNotice: PaymentsNoticeSchema.nullable(),
});
