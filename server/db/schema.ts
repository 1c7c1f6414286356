import type { Generated } from "kysely";

/**
 * Table shapes as Kysely sees them. Booleans are stored as 0/1 on SQLite and as booleans on
 * PostgreSQL, so they are typed as both and read through `Boolean()` in the repositories.
 * Money columns end in `_fils` and hold integers (ARCHITECTURE "Data rules").
 */
export interface CategoryTable {
  slug: string;
  name: string;
  description: string;
  position: number;
}

export interface ProductTable {
  id: string;
  slug: string;
  name: string;
  description: string;
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
}

export interface BlogPostTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content_html: string;
  image: string;
  author: string;
  read_time_minutes: number;
  category: string;
  published_at: string;
  created_at: string;
}

export interface ReviewTable {
  id: string;
  product_id: string;
  user_id: string | null;
  user_name: string;
  rating: number;
  comment: string;
  is_verified_purchase: boolean | number;
  created_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
  updated_at: string;
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
  created_at: string;
  updated_at: string;
}

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

export interface OrderTable {
  id: string;
  user_id: string;
  status: string;
  date: string;
  /** JSON text: SPEC §3 Order line_items. */
  line_items: string;
  /** JSON text: SPEC §3 Order price. */
  price: string;
  /** JSON text: SPEC §3 Address. */
  address: string;
  created_at: string;
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
}

export interface WishlistItemTable {
  user_id: string;
  product_id: string;
  created_at: string;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_colors: ProductColorTable;
  product_images: ProductImageTable;
  product_variants: ProductVariantTable;
  blog_posts: BlogPostTable;
  reviews: ReviewTable;
  app_meta: MetaTable;
  users: UserTable;
  addresses: AddressTable;
  one_time_codes: OneTimeCodeTable;
  orders: OrderTable;
  auth_throttle: AuthThrottleTable;
  outbox: OutboxTable;
  cart_lines: CartLineTable;
  wishlist_items: WishlistItemTable;
}

export type { Generated };
