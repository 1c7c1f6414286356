import type { Generated } from "kysely";
import type { Locale as Language } from "#core/locale.ts";
import type { ReviewStatus } from "#core/schemas/review.schema.ts";
import type { MadeToMeasureTables } from "./schema/made-to-measure.ts";
import type {
  IdempotencyKeyTable,
  OrderEventTable,
  OrderLineTable,
  OrderNoteTable,
  OrderTable,
  PaymentTable,
  SandboxCheckoutTable,
  StockHoldTable,
} from "./schema/orders.ts";
import type { PromotionsTables } from "./schema/promotions.ts";
import type { QuotesTables } from "./schema/quotes.ts";
import type { RefundsTables } from "./schema/refunds.ts";
import type { RequestsTables } from "./schema/requests.ts";
import type { ReturnPolicy, ReturnsTables } from "./schema/returns.ts";

export type { RefundMethod, RefundStatus, RefundTable, SandboxRefundTable } from "./schema/refunds.ts";
export type {
  ContactMessageTable,
  RequestReplyTable,
  RequestStatus,
  StitchingRequestTable,
} from "./schema/requests.ts";
export type { ReviewStatus };

/**
 * Table shapes as Kysely sees them. Booleans are stored as 0/1 on SQLite and as booleans on
 * PostgreSQL, so they are typed as both and read through `Boolean()` in the repositories.
 * Money columns end in `_fils` and hold integers (ARCHITECTURE "Data rules").
 */
export interface CategoryTable {
  slug: string;
  name: string;
  description: string;
  /** Arabic twins (issue 14); null until translated, read as the English text. */
  name_ar: string | null;
  description_ar: string | null;
  position: number;
}

export interface ProductTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  name_ar: string | null;
  description_ar: string | null;
  type: string;
  category_slug: string;
  fabric: string;
  popularity: number;
  bestseller: boolean | number;
  is_new: boolean | number;
  is_sale: boolean | number;
  /** The merchandising date shoppers sort "Newest" by (ISO-8601). */
  date: string;
  price_fils: number;
  sale_price_fils: number | null;
  effective_price_fils: number;
  created_at: string;
  updated_at: string;
  /**
   * Set when the back office archived it: gone from the storefront, kept for its orders (issue 15).
   * Optional: the database defaults it, and rows read before issue 15 were typed without it.
   */
  archived_at?: string | null;
  /** Issue 24: final-sale and made-to-measure lines cannot be returned (the database defaults it). */
  return_policy?: ReturnPolicy;
  /** A draft until published (issue 26): nowhere on the storefront. Defaults to false (published). */
  draft?: boolean | number;
}

export interface ProductColorTable {
  product_id: string;
  color: string;
  position: number;
}

export interface ProductImageTable {
  id: string;
  product_id: string;
  position: number;
  url: string;
  alt: string;
  alt_ar: string | null;
  width: number;
  height: number;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  position: number;
  size: string;
  sku: string;
  retail_price_fils: number;
  discount_percent: number;
  /** null when the shop does not track stock for the size ('Stock info unavailable'). */
  stock: number | null;
  /** Units reserved by active stock holds (issue 11); what shoppers can buy is stock minus this. */
  held_quantity: Generated<number>;
}

export interface BlogPostTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content_html: string;
  title_ar: string | null;
  excerpt_ar: string | null;
  content_html_ar: string | null;
  image: string;
  author: string;
  read_time_minutes: number;
  category: string;
  published_at: string;
  created_at: string;
  /** False while the back office keeps it off /blog (issue 15). */
  published?: boolean | number;
}

export interface ReviewTable {
  id: string;
  product_id: string;
  user_id: string | null;
  user_name: string;
  rating: number;
  comment: string;
  is_verified_purchase: boolean | number;
  /** SPEC §5: only published reviews are shown and counted; a shopper's review without a purchase waits. */
  status: ReviewStatus;
  created_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** One write that changed what shoppers can buy of these products (issue 27, decision 0037). */
export interface CatalogStockChangeTable {
  /** In commit order: taken from app_meta's `stock_seq` row, which the write holds until it commits. */
  seq: number;
  /** The products' ids, comma-separated. */
  product_ids: string;
  created_at: string;
}

export interface UserTable {
  id: string;
  name: string;
  /** Lower-cased; null for a phone-only account. */
  email: string | null;
  email_verified: boolean | number;
  /** E.164. */
  phone: string;
  /** `scrypt$N$r$p$salt$hash`; null for a Google-only account. */
  password_hash: string | null;
  google_sub: string | null;
  /** Carried in session tokens; raising it ends every session of the account. */
  session_version: number;
  /** The shopper's language (issue 14): its mails go out in it. */
  language: Language;
  created_at: string;
  updated_at: string;
  /** Back-office role (issue 15): customers never reach /admin. */
  role?: UserRole;
}

export type UserRole = "customer" | "staff" | "owner";

export interface AddressTable {
  id: string;
  user_id: string;
  position: number;
  first_name: string;
  last_name: string | null;
  address: string;
  landmark: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string | null;
  is_primary: boolean | number;
  created_at: string;
  updated_at: string;
}

export type CodePurpose = "verify-email" | "reset-password";

export interface OneTimeCodeTable {
  id: string;
  user_id: string;
  purpose: CodePurpose;
  identifier: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  last_sent_at: string;
  created_at: string;
}

// The order tables are in schema/orders.ts.
export type {
  IdempotencyKeyTable,
  OrderEventTable,
  OrderLineTable,
  OrderNoteTable,
  OrderTable,
  PaymentAttemptStatus,
  PaymentStatus,
  PaymentTable,
  SandboxCheckoutTable,
  StockHoldTable,
} from "./schema/orders.ts";

export interface CounterTable {
  name: string;
  value: number;
}

export interface AuthThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

export type OutboxStatus = "pending" | "sent" | "failed" | "stored";

export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  /** When a mail stored without SMTP was printed to the log (each exactly once; migration 0012). */
  logged_at: string | null;
}

export interface CartLineTable {
  id: string;
  user_id: string;
  product_id: string;
  size: string;
  color: string;
  quantity: number;
  created_at: string;
  updated_at: string;
  /** Issue 29 (migration 0025): JSON StitchingChoice, null for a ready-made line. */
  stitching?: string | null;
  /** stitchingKey(choice): '' for a ready-made line; part of the line's unique name. */
  stitching_key?: string;
}

export interface WishlistItemTable {
  user_id: string;
  product_id: string;
  created_at: string;
}

export type CatalogTermKind = "type" | "fabric" | "color" | "size" | "blog_category";

/** The Arabic name of a short word products share (issue 14), keyed by its English value. */
export interface CatalogTermTable {
  kind: CatalogTermKind;
  value: string;
  name_ar: string;
}

/** A back-office session; `id` is the SHA-256 of the cookie's token. */
export interface AdminSessionTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  label: string;
  /** JSON: [{ field, before, after }]. */
  changes: string;
}

/** An issued document (decision 0015): never updated; every view renders its snapshot. */
export interface DocumentTable {
  id: string;
  order_id: string;
  kind: "tax_invoice" | "receipt" | "test" | "credit_note";
  series_number: number;
  number: string;
  issued_at: string;
  /** JSON (core/schemas/document.schema.ts). */
  snapshot: string;
}

/** One overridden shop setting; its value is JSON. */
export interface ShopSettingTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface Database
  extends ReturnsTables,
    RefundsTables,
    PromotionsTables,
    MadeToMeasureTables,
    QuotesTables,
    RequestsTables {
  categories: CategoryTable;
  products: ProductTable;
  product_colors: ProductColorTable;
  product_images: ProductImageTable;
  product_variants: ProductVariantTable;
  blog_posts: BlogPostTable;
  reviews: ReviewTable;
  app_meta: MetaTable;
  catalog_stock_changes: CatalogStockChangeTable;
  users: UserTable;
  addresses: AddressTable;
  one_time_codes: OneTimeCodeTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  payments: PaymentTable;
  order_events: OrderEventTable;
  order_notes: OrderNoteTable;
  stock_holds: StockHoldTable;
  sandbox_checkouts: SandboxCheckoutTable;
  counters: CounterTable;
  auth_throttle: AuthThrottleTable;
  outbox: OutboxTable;
  cart_lines: CartLineTable;
  wishlist_items: WishlistItemTable;
  catalog_terms: CatalogTermTable;
  admin_sessions: AdminSessionTable;
  audit_log: AuditLogTable;
  shop_settings: ShopSettingTable;
  documents: DocumentTable;
  idempotency_keys: IdempotencyKeyTable;
}

export type { Generated };
