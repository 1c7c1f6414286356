/** Discount codes and their uses (issue 28; decision 0038). Money in fils; instants ISO-8601 UTC. */

export interface PromotionTable {
  id: string;
  /** Upper-case, unique. */
  code: string;
  kind: "percent" | "fixed";
  value: number;
  scope: "all" | "collections" | "products";
  /** JSON array of category slugs. */
  collections: string;
  /** JSON array of product ids. */
  product_ids: string;
  min_spend_fils: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  include_sale_items: boolean | number;
  active: boolean | number;
  /** Reserved plus used uses. */
  taken: number;
  created_at: string;
  updated_at: string;
}

export type PromotionUseStatus = "reserved" | "used" | "released";

export interface PromotionUseTable {
  id: string;
  promotion_id: string;
  order_id: string;
  user_id: string;
  status: PromotionUseStatus;
  discount_fils: number;
  overshoot: boolean | number;
  created_at: string;
  updated_at: string;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface PromotionsTables {
  promotions: PromotionTable;
  promotion_uses: PromotionUseTable;
}
