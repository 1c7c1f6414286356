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

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_colors: ProductColorTable;
  product_images: ProductImageTable;
  product_variants: ProductVariantTable;
  blog_posts: BlogPostTable;
  reviews: ReviewTable;
  app_meta: MetaTable;
}

export type { Generated };
