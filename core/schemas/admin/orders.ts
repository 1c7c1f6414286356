import "../zod-setup.ts";
import { z } from "zod";
import { ORDER_STATUSES } from "../../constants.ts";
import { COURIERS, SHOP_DELIVERY } from "../../couriers.ts";
import { OrderDtoSchema } from "../../order.ts";
import { limit, optionalText, PagedSchema, page, text } from "./fields.ts";

export { COURIERS, SHOP_DELIVERY };

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

export const ADMIN_ORDER_SORTS = [
  "placed",
  "-placed",
  "number",
  "-number",
  "customer",
  "-customer",
  "total",
  "-total",
  "status",
  "-status",
] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** GET /api/admin/orders */
export const AdminOrderQuerySchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES).optional(),
  /** An order number (NA-100231), a name, a phone number, an e-mail or a product's name. */
  search: optionalText(100, "Search").optional(),
  /** A column to sort by; a leading '-' sorts it descending. Newest first by default. */
  sort: z
    .enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(", ")}` })
    .default("-placed"),
  /** Test orders (decision 0015): `hide` leaves them out, `only` lists nothing else; shown by default. */
  test: z.enum(["hide", "only"], { error: "test must be hide or only" }).optional(),
  /** One customer's orders (her account's id). */
  customer: z.string().min(1).max(64).optional(),
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
  /** Issue 24: flagged for the owner (a failed automatic refund, stock short at payment…). */
  needsAttention: z.boolean(),
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

export const OrderNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  author: z.string(),
  body: z.string(),
});

/** POST /api/admin/orders/:id/notes: an internal note (staff only, never shown to the shopper). */
export const OrderNoteCreateSchema = z.object({ body: text(2000, "Note") });

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
  /** The courier and tracking number it was shipped with (the shopper sees them too). */
  shipping: z.object({ courier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
  /** The shop's internal notes, oldest first: staff only, never shown to the shopper. */
  notes: z.array(OrderNoteSchema),
  /** Issue 24: why the order needs the owner's attention (a failed automatic refund…); null if it does not. */
  attention: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
export const AdminOrderAnswerSchema = AdminOrderDetailSchema.extend({ success: z.literal(true) });

/**
 * POST /api/admin/orders/:id/status. `note` goes to the shopper in the status mail. Moving to Shipped
 * needs the courier, and its tracking number unless it is the shop's own delivery.
 */
export const OrderStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_ORDER_STATUSES, {
      error: `status must be one of ${ADMIN_ORDER_STATUSES.join(", ")}`,
    }),
    note: optionalText(500, "Note").optional(),
    courier: z.enum(COURIERS, { error: `courier must be one of ${COURIERS.join(", ")}` }).optional(),
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
    if (value.status !== "Shipped") return;
    if (!value.courier)
      ctx.addIssue({ code: "custom", path: ["courier"], message: "Choose the courier to mark it Shipped" });
    else if (value.courier !== SHOP_DELIVERY && !value.trackingNumber)
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: "Enter the courier's tracking number to mark it Shipped",
      });
  });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;
