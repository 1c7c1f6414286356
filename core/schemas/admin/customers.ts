import "../zod-setup.ts";
import { z } from "zod";
import { limit, optionalText, PagedSchema, page } from "./fields.ts";
import { AdminOrderSummarySchema } from "./orders.ts";

// Customers (staff and owner; decision 0026)

/** GET /api/admin/customers */
export const AdminCustomerQuerySchema = z.object({
  /** A name, an e-mail or a phone number (050 123 4567 and +971501234567 find the same account). */
  search: optionalText(100, "Search").optional(),
  page,
  limit: limit(100, 25),
});
export type AdminCustomerQuery = z.output<typeof AdminCustomerQuerySchema>;

export const AdminCustomerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** E.164. */
  phone: z.string(),
  createdAt: z.string(),
  /** Placed orders, test orders left out. */
  ordersCount: z.number().int(),
  /** The placed orders' totals in fils, cancelled, refunded and test orders left out. */
  totalSpentFils: z.number().int(),
  lastOrderAt: z.string().nullable(),
  /** Cash-on-delivery orders cancelled once on their way (Shipped or Out for Delivery): refused at the door. */
  codRefusals: z.number().int(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;

export const AdminCustomerListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  customers: z.array(AdminCustomerSummarySchema),
});

const RequestLinkSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** GET /api/admin/customers/:id: one person's account with everything the shop holds about her. */
export const AdminCustomerDetailSchema = z.object({
  customer: AdminCustomerSummarySchema.extend({
    language: z.enum(["en", "ar"]),
    /** `tel:+971…`: a tap calls her. */
    telHref: z.string(),
    /** `https://wa.me/<digits>`: a WhatsApp chat with her. */
    whatsappHref: z.string(),
  }),
  orders: z.array(AdminOrderSummarySchema),
  addresses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      phone: z.string().nullable(),
      isPrimary: z.boolean(),
    }),
  ),
  messages: z.array(RequestLinkSchema.extend({ subject: z.string() })),
  stitchingRequests: z.array(
    RequestLinkSchema.extend({ serviceType: z.string(), itemCount: z.number().int() }),
  ),
  reviews: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;
export const AdminCustomerAnswerSchema = AdminCustomerDetailSchema.extend({ success: z.literal(true) });
