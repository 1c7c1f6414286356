import "./schemas/zod-setup.ts";
import { z } from "zod";
import { CATEGORIES, ORDER_STATUSES } from "./constants.ts";
import { normalizeText } from "./schemas/text.ts";

/**
 * The back office's contract (issue 15; docs/decisions/0013-back-office.md): every /api/admin request
 * body, query and answer, shared by the server's routes and the /admin screens. Money travels in integer
 * fils beside the AED amount a form shows; times are ISO-8601 UTC. Every refusal is
 * `{ success: false, message, code }` with a code from ADMIN_ERROR_CODES.
 */

// Roles and errors

export const ROLES = ["customer", "staff", "owner"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = ["staff", "owner"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The header the screens send on every change, holding the session's CSRF token (GET /api/admin/me). */
export const ADMIN_CSRF_HEADER = "x-csrf-token";
/** The back office's session cookie (httpOnly, SameSite=Strict, Secure in production). */
export const ADMIN_SESSION_COOKIE = "noor_admin";

export const ADMIN_ERROR_CODES = [
  "unauthenticated", // 401: no back-office session, or it expired
  "forbidden", // 403: the role may not do this (a customer anywhere; staff on staff and settings)
  "csrf", // 403: missing or wrong CSRF token, or a foreign Origin
  "invalid_credentials", // 401: wrong e-mail or password at log-in
  "rate_limited", // 429: too many log-in attempts
  "validation", // 400: the body or query does not match its schema
  "not_found", // 404
  "slug_taken", // 409: another product or post has this slug
  "sku_taken", // 409: another variant has this SKU
  "stock_below_committed", // 409: the adjustment would take stock below what is held or sold
  "stock_untracked", // 409: the size does not track stock
  "variant_in_use", // 409: a removed size has orders or held units
  "invalid_transition", // 409: the order cannot move to that status (or a sent mail be sent again)
  "not_cod", // 409: only an unpaid cash-on-delivery order can be marked paid
  "product_has_orders", // 409: delete refused; archive it instead
  "not_image", // 415: an upload is not an image sharp can read
  "file_too_large", // 413
  "too_many_files", // 413
  "no_email", // 409: the request has no e-mail address to reply to
  "last_owner", // 409: the shop's last owner cannot be demoted or removed
  "unknown_category", // 400
  "image_too_large", // 413: more pixels than the shop's UPLOAD_MAX_MEGAPIXELS
  "demo_owner_local_only", // 403: the seeded demo owner signs in only from this machine (ALLOW_PUBLIC_DEMO_OWNER)
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

export const AdminErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});

// Shared field shapes

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(normalizeText)
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is at most ${max} characters` });
const optionalText = (max: number, label: string) =>
  z
    .string()
    .overwrite(normalizeText)
    .max(max, { error: `${label} is at most ${max} characters` });

/** A boolean in a query string. */
const queryFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const page = z.coerce.number({ error: "page must be a number" }).int().min(1).max(10_000).default(1);
const limit = (max: number, fallback: number) =>
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

// Session: POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me

export const AdminLoginSchema = z.object({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(200),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Answer of login and me: who is signed in, and the token to send in ADMIN_CSRF_HEADER. */
export const AdminSessionAnswerSchema = z.object({
  success: z.literal(true),
  user: AdminUserSchema,
  csrfToken: z.string(),
  /** When the session ends if nothing happens (idle expiry, ADMIN_IDLE_MINUTES). */
  expiresAt: z.string(),
});
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswerSchema>;

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

const periodFigures = z.object({ orders: z.number().int(), revenueFils: z.number().int() });

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

// Products

export const PRODUCT_FLAGS = ["bestseller", "new", "sale"] as const;
export const ARCHIVE_FILTERS = ["active", "archived", "all"] as const;

/** GET /api/admin/products */
export const AdminProductQuerySchema = z.object({
  search: optionalText(100, "Search").optional(),
  category: z.string().max(60).optional(),
  type: z.string().max(60).optional(),
  flag: z.enum(PRODUCT_FLAGS, { error: `flag must be one of ${PRODUCT_FLAGS.join(", ")}` }).optional(),
  archived: z.enum(ARCHIVE_FILTERS).default("active"),
  lowStock: queryFlag.optional(),
  page,
  limit: limit(100, 25),
});
export type AdminProductQuery = z.output<typeof AdminProductQuerySchema>;

export const AdminImageSchema = z.object({
  id: z.string(),
  /** `/media/products/<key>.webp`: the storefront's MediaImage renders it at MEDIA_WIDTHS. */
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type AdminImage = z.infer<typeof AdminImageSchema>;

export const AdminVariantSchema = z.object({
  id: z.string(),
  size: z.string(),
  sku: z.string(),
  /** Retail price in AED and fils, before the discount. */
  price: z.number(),
  priceFils: z.number().int(),
  discount: z.number(),
  /** What shoppers pay. */
  salePriceFils: z.number().int(),
  /** null: stock is not tracked for this size. */
  stock: z.number().int().nullable(),
  /** Units reserved by payments in progress. */
  held: z.number().int(),
  available: z.number().int().nullable(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  type: z.string(),
  fabric: z.string(),
  colors: z.array(z.string()),
  bestseller: z.boolean(),
  isNew: z.boolean(),
  isSale: z.boolean(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  /** True when an order refers to it: it can be archived, not deleted. */
  hasOrders: z.boolean(),
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(AdminImageSchema),
  variants: z.array(AdminVariantSchema),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  type: z.string(),
  image: z.string().nullable(),
  priceFils: z.number().int(),
  salePriceFils: z.number().int().nullable(),
  bestseller: z.boolean(),
  isNew: z.boolean(),
  isSale: z.boolean(),
  archived: z.boolean(),
  variantCount: z.number().int(),
  /** Sum of available stock over tracked sizes; null when no size tracks stock. */
  available: z.number().int().nullable(),
  /** Tracked sizes at or below the low-stock threshold. */
  lowStockSizes: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof AdminProductSummarySchema>;

export const AdminProductListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  products: z.array(AdminProductSummarySchema),
});
export const AdminProductAnswerSchema = z.object({ success: z.literal(true), product: AdminProductSchema });

/**
 * One size of a product in the editor. `id` names an existing size (omitted for a new one). `stock` is
 * read only for a new size (its opening stock; null = not tracked): an existing size's stock changes
 * only through the stock adjustment, so an edit never overwrites a sale that happened meanwhile.
 */
export const AdminVariantInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  size: text(40, "Size"),
  sku: text(64, "SKU"),
  price: aedAmount("Price"),
  discount: z
    .number({ error: "Discount must be a number" })
    .int({ error: "Discount is a whole percent" })
    .min(0, { error: "Discount cannot be negative" })
    .max(95, { error: "Discount is at most 95%" })
    .default(0),
  stock: z
    .number({ error: "Stock must be a number" })
    .int({ error: "Stock is a whole number" })
    .min(0, { error: "Stock cannot be negative" })
    .max(1_000_000)
    .nullable()
    .optional(),
});
export type AdminVariantInput = z.output<typeof AdminVariantInputSchema>;

/** POST /api/admin/products and PUT /api/admin/products/:id (the whole editable product). */
export const AdminProductInputSchema = z
  .object({
    name: text(160, "Name"),
    slug: SlugSchema,
    description: optionalText(5000, "Description").default(""),
    category: z.string({ error: "Category is required" }).trim().min(1, { error: "Category is required" }),
    type: text(60, "Type"),
    fabric: text(60, "Fabric"),
    colors: z.array(text(40, "Colour")).max(20, { error: "At most 20 colours" }).default([]),
    bestseller: z.boolean().default(false),
    isNew: z.boolean().default(false),
    isSale: z.boolean().default(false),
    variants: z
      .array(AdminVariantInputSchema)
      .min(1, { error: "Add at least one size" })
      .max(20, { error: "At most 20 sizes" }),
  })
  .superRefine((product, ctx) => {
    const sizes = new Set<string>();
    const skus = new Set<string>();
    product.variants.forEach((v, index) => {
      const size = v.size.toLowerCase();
      if (sizes.has(size))
        ctx.addIssue({
          code: "custom",
          message: `Size ${v.size} is listed twice`,
          path: ["variants", index],
        });
      sizes.add(size);
      const sku = v.sku.toLowerCase();
      if (skus.has(sku))
        ctx.addIssue({ code: "custom", message: `SKU ${v.sku} is listed twice`, path: ["variants", index] });
      skus.add(sku);
    });
  });
export type AdminProductInput = z.output<typeof AdminProductInputSchema>;

/** POST /api/admin/products/:id/stock: an adjustment, never an overwrite (+3 received, -1 damaged). */
export const StockAdjustmentSchema = z.object({
  variantId: z.string({ error: "Choose a size" }).min(1, { error: "Choose a size" }).max(64),
  delta: z
    .number({ error: "The change must be a number" })
    .int({ error: "The change is a whole number" })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((d) => d !== 0, { error: "The change cannot be 0" }),
  reason: optionalText(200, "Reason").optional(),
});
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;
export const StockAdjustmentAnswerSchema = z.object({
  success: z.literal(true),
  variant: AdminVariantSchema,
});

/** Upload limits: per file, and files per request (multipart field `images`, or `image` for a cover). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;
/** The largest side an upload is kept at; larger originals are scaled down once, on upload. */
export const IMAGE_MAX_SIDE = 2400;

/** PUT /api/admin/products/:id/images/order: every image id of the product, in the new order. */
export const ImageOrderSchema = z.object({
  imageIds: z.array(z.string().min(1).max(64)).min(1).max(50),
});
/** PATCH /api/admin/products/:id/images/:imageId */
export const ImageAltSchema = z.object({ alt: optionalText(200, "Alt text") });
export const ImageParamsSchema = z.object({
  id: z.string().min(1).max(64),
  imageId: z.string().min(1).max(64),
});
export const ImagesAnswerSchema = z.object({ success: z.literal(true), images: z.array(AdminImageSchema) });

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
  order: z.object({}).loose().describe("OrderDto (core/order.ts)"),
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

// Requests and messages inbox

export const INBOX_KINDS = ["stitching", "contact"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATUSES = ["new", "in_progress", "done"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** GET /api/admin/inbox */
export const InboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS).optional(),
  status: z.enum(INBOX_STATUSES).optional(),
  page,
  limit: limit(100, 25),
});
export type InboxQuery = z.output<typeof InboxQuerySchema>;
export const InboxParamsSchema = z.object({ kind: z.enum(INBOX_KINDS), id: z.string().min(1).max(64) });

export const InboxSummarySchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  /** The contact message's subject, or the stitching request's service type. */
  subject: z.string(),
  status: z.enum(INBOX_STATUSES),
  createdAt: z.string(),
});
export type InboxSummary = z.infer<typeof InboxSummarySchema>;
export const InboxListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  items: z.array(InboxSummarySchema),
});

export const InboxReplySchema = z.object({
  id: z.string(),
  at: z.string(),
  author: z.string(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  /** What became of its mail (the outbox's status): sent, stored (waiting for SMTP_URL), failed, pending. */
  mailStatus: z.enum(["sent", "stored", "failed", "pending"]).nullable().optional(),
});

export const InboxItemSchema = InboxSummarySchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Every field the shopper sent, labelled, in form order (message, address, item count...). */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string(),
  replies: z.array(InboxReplySchema),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;
export const InboxItemAnswerSchema = z.object({ success: z.literal(true), item: InboxItemSchema });

/** PATCH /api/admin/inbox/:kind/:id */
export const InboxUpdateSchema = z
  .object({
    status: z.enum(INBOX_STATUSES).optional(),
    notes: optionalText(5000, "Notes").optional(),
  })
  .refine((u) => u.status !== undefined || u.notes !== undefined, { error: "Nothing to change" });
/** POST /api/admin/inbox/:kind/:id/reply (sent through the mail outbox, kept on the request). */
export const InboxReplyInputSchema = z.object({
  subject: optionalText(200, "Subject").optional(),
  message: z
    .string({ error: "Write a reply" })
    .trim()
    .min(1, { error: "Write a reply" })
    .max(10_000, { error: "A reply is at most 10000 characters" }),
});

// Reviews

export const ADMIN_REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export const AdminReviewQuerySchema = z.object({
  status: z.enum(ADMIN_REVIEW_STATUSES).default("pending"),
  page,
  limit: limit(100, 50),
});
export const AdminReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSlug: z.string(),
  userName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  isVerifiedPurchase: z.boolean(),
  status: z.enum(ADMIN_REVIEW_STATUSES),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  reviews: z.array(AdminReviewSchema),
});
export const AdminReviewAnswerSchema = z.object({ success: z.literal(true), review: AdminReviewSchema });

// Blog

export const AdminBlogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Sanitized HTML (server/sanitize.ts allowlist), as stored. */
  content: z.string(),
  image: z.string(),
  author: z.string(),
  readTimeMinutes: z.number().int(),
  category: z.string(),
  published: z.boolean(),
  publishedAt: z.string(),
  createdAt: z.string(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogListAnswerSchema = z.object({
  success: z.literal(true),
  posts: z.array(AdminBlogPostSchema),
});
export const AdminBlogAnswerSchema = z.object({ success: z.literal(true), post: AdminBlogPostSchema });

/** POST /api/admin/blog and PUT /api/admin/blog/:id. A new post starts unpublished. */
export const AdminBlogInputSchema = z.object({
  title: text(200, "Title"),
  slug: SlugSchema,
  excerpt: optionalText(500, "Excerpt").default(""),
  /** HTML from the editor; the server keeps only what the allowlist allows. */
  content: z.string({ error: "Content is required" }).min(1, { error: "Content is required" }).max(200_000),
  author: text(100, "Author"),
  category: optionalText(60, "Category").default(""),
  /** Minutes; computed from the text when omitted. */
  readTimeMinutes: z.number().int().min(1).max(120).optional(),
});
export type AdminBlogInput = z.output<typeof AdminBlogInputSchema>;

// Settings (owner only)

export const ShopSettingsSchema = z.object({
  shopName: text(80, "Shop name"),
  phone: text(40, "Phone").refine((v) => /^\+?[\d\s()-]{5,}$/.test(v), { error: "Enter a phone number" }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  officeAddress: text(300, "Office address"),
  warehouseAddress: text(300, "Warehouse address"),
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
  lowStockThreshold: z
    .number({ error: "Low-stock threshold must be a number" })
    .int()
    .min(0, { error: "Low-stock threshold cannot be negative" })
    .max(10_000),
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

// Staff (owner only)

export const StaffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  role: z.enum(ADMIN_ROLES),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListAnswerSchema = z.object({
  success: z.literal(true),
  staff: z.array(StaffMemberSchema),
});
export const StaffAnswerSchema = z.object({ success: z.literal(true), member: StaffMemberSchema });

/**
 * POST /api/admin/staff: promotes the account with this e-mail; when there is none, `name` and `phone`
 * create one (no password: the invitation mail sends them to /forgot-password to choose one).
 */
export const StaffInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  role: z.enum(ADMIN_ROLES).default("staff"),
  name: text(100, "Name").optional(),
  phone: optionalText(40, "Phone").optional(),
});
/** PATCH /api/admin/staff/:id */
export const StaffRoleSchema = z.object({ role: z.enum(ADMIN_ROLES) });

// Audit log (owner only)

export const AUDIT_ENTITIES = [
  "product",
  "variant",
  "image",
  "order",
  "blog_post",
  "review",
  "settings",
  "user",
  "request",
  "mail",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AuditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().max(64).optional(),
  page,
  limit: limit(200, 50),
});
export const AuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** e.g. product.update, variant.stock, order.status, blog_post.publish, settings.update, user.role */
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** A short human label of the entity (product name, order number...). */
  label: z.string(),
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  entries: z.array(AuditEntrySchema),
});

export const OkAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The categories a product may be in (the categories table holds the same, SPEC §2). */
export const PRODUCT_CATEGORIES = CATEGORIES;
