import type { Locale as Language } from "#core/locale.ts";

/**
 * The tables of orders (issue 11): orders and their lines and events, payment attempts, stock holds, the
 * test payment sandbox's checkouts and the order calls' idempotency keys. Re-exported by db/schema.ts,
 * whose conventions (booleans, money in fils) they follow.
 */

export type PaymentStatus = "pending" | "paid" | "unpaid" | "failed" | "cancelled" | "expired" | "refunded";

/** An order (issue 11). `placed_at` is null while an online payment is pending: not an order yet. */
export interface OrderTable {
  id: string;
  order_number: string;
  user_id: string;
  status: string;
  payment_status: PaymentStatus;
  payment_mode: "online" | "cod";
  delivery_type: string;
  currency: string;
  subtotal_fils: number;
  shipping_fils: number;
  tax_fils: number;
  total_fils: number;
  ship_first_name: string;
  ship_last_name: string;
  ship_address: string;
  ship_landmark: string;
  ship_city: string;
  ship_state: string;
  ship_postcode: string;
  ship_country: string;
  ship_email: string;
  ship_phone: string;
  needs_attention: boolean | number;
  attention_reason: string | null;
  hold_expires_at: string | null;
  placed_at: string | null;
  /** The language the order was placed in: its mails and the payment page use it. */
  language: Language;
  /** Paid through the test sandbox or Paymennt's test mode: no money was taken (decision 0015). */
  is_test?: boolean | number;
  /** The courier it was shipped with (issue 26; core/schemas/admin/orders.ts COURIERS), and its tracking number. */
  courier?: string | null;
  tracking_number?: string | null;
  /** Issue 28: the discount code the order was placed with, and what it took off (0 without one). */
  discount_code?: string | null;
  discount_fils?: number;
  created_at: string;
  updated_at: string;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  variant_id: string | null;
  sku: string;
  name: string;
  /** The product's Arabic name when the order was placed (null: it had none). */
  name_ar: string | null;
  size: string;
  color: string;
  image: string;
  unit_price_fils: number;
  quantity: number;
  line_total_fils: number;
  /** Issue 28: this line's share of the order's discount; VAT (vat_fils) is on what is left. */
  discount_fils?: number;
  vat_fils: number;
  /** Issue 29: JSON text of the made-to-measure service (core StitchingSnapshot); null for a ready-made line. */
  stitching?: string | null;
  /** Issue 29: the workshop step of a made-to-measure line (core WORK_STEPS) and when it was reached. */
  work_step?: string | null;
  work_step_at?: string | null;
}

export type PaymentAttemptStatus = "created" | "pending" | "paid" | "failed" | "cancelled" | "expired";

export interface PaymentTable {
  id: string;
  order_id: string;
  provider: string;
  provider_checkout_id: string | null;
  request_id: string;
  amount_fils: number;
  currency: string;
  status: PaymentAttemptStatus;
  redirect_url: string | null;
  /** JSON text: [{ at, status, source }] as the provider reported them. */
  status_history: string;
  next_check_at: string;
  claimed_until: string | null;
  checks: number;
  finalized_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  at: string;
  actor: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
}

/** The shop's internal note on an order (issue 26): staff only, never shown to the shopper. */
export interface OrderNoteTable {
  id: string;
  order_id: string;
  at: string;
  author_id: string | null;
  author_name: string;
  body: string;
}

export interface StockHoldTable {
  id: string;
  order_id: string;
  variant_id: string;
  quantity: number;
  status: "active" | "converted" | "released";
  expires_at: string;
  created_at: string;
}

export interface SandboxCheckoutTable {
  id: string;
  request_id: string;
  order_id: string;
  currency: string;
  amount: string;
  status: string;
  return_url: string;
  shop_name: string;
  request_body: string;
  created_at: string;
  updated_at: string;
}

/** Idempotency keys of the order calls (decision 0017). */
export interface IdempotencyKeyTable {
  user_id: string;
  key: string;
  request_hash: string;
  state: "in_progress" | "committed" | "done";
  claim: string;
  claimed_until: string | null;
  order_id: string | null;
  payment_id: string | null;
  answer_status: number | null;
  answer_body: string | null;
  created_at: string;
  expires_at: string;
}
