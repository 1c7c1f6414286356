import "../zod-setup.ts";
import { z } from "zod";
import { ORDER_STATUSES } from "../../constants.ts";
import { OrderDtoSchema } from "../../order.ts";
import { limit, optionalText, PagedSchema, page } from "./fields.ts";

// Orders

/** SPEC §4 order statuses and Cancelled; an order only moves forward, and never from Delivered. */
export const ADMIN_ORDER_STATUSES = [...ORDER_STATUSES, "Cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/** The statuses an order in `status` may move to. */
export function nextOrderStatuses(status: string): AdminOrderStatus[] {
  const index = (ORDER_STATUSES as readonly string[]).indexOf(status);
  if (index < 0 || status === "Delivered") return [];
  return [...ORDER_STATUSES.slice(index + 1), "Cancelled"];
}

/** GET /api/admin/orders */
export const AdminOrderQuerySchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES).optional(),
  /** An order number (NA-100231), a name or a phone number. */
  search: optionalText(100, "Search").optional(),
  /** Test orders (decision 0015): `hide` leaves them out, `only` lists nothing else; shown by default. */
  test: z.enum(["hide", "only"], { error: "test must be hide or only" }).optional(),
  page,
  limit: limit(100, 25),
});
export type AdminOrderQuery = z.output<typeof AdminOrderQuerySchema>;

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  placedAt: z.string(),
  status: z.string(),
  paymentMode: z.enum(["online", "cod"]),
  paymentStatus: z.string(),
  customerName: z.string(),
  phone: z.string(),
  totalFils: z.number().int(),
  itemCount: z.number().int(),
  /** Paid through the test sandbox or Paymennt's test mode: no money was taken (decision 0015). */
  isTest: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;
export const AdminOrderListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  orders: z.array(AdminOrderSummarySchema),
});

export const OrderEventSchema = z.object({
  at: z.string(),
  actor: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string().nullable(),
});

/**
 * GET /api/admin/orders/:id: the shopper's OrderDto (core/order.ts: lines, address, totals, invoice data
 * as decision 0006 prints it) plus what the shop needs: the customer, the raw payment status, the events
 * and the statuses the order may move to. The packing slip is the lines and the address.
 */
export const AdminOrderDetailSchema = z.object({
  order: OrderDtoSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string() }),
  paymentStatus: z.string(),
  events: z.array(OrderEventSchema),
  nextStatuses: z.array(z.enum(ADMIN_ORDER_STATUSES)),
  canMarkPaid: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
export const AdminOrderAnswerSchema = AdminOrderDetailSchema.extend({ success: z.literal(true) });

/** POST /api/admin/orders/:id/status */
export const OrderStatusChangeSchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: `status must be one of ${ADMIN_ORDER_STATUSES.join(", ")}` }),
  note: optionalText(500, "Note").optional(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;
