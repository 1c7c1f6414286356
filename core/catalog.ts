/**
 * Issue 14: what an answer in a language other than English adds. `enFields` names the fields that had
 * no text in the asked language and carry the English one instead (absent when nothing fell back), so a
 * page marks them `lang="en"`. English answers never carry it.
 */
export interface LocalizedDto {
  enFields?: string[];
}

/**
 * The shop's words for a product's type, fabric and colours in the answer's language (Arabic answers
 * only). The values themselves (`type`, `filter_name`, `colors`) stay the English ones filters, the cart
 * and URLs use; `labels.colors[i]` names `colors[i]`.
 */
export interface ProductLabels {
  type: string;
  fabric: string;
  colors: string[];
}

/** The product as the API and the pages show it (SPEC §3 Product and Variant, amounts in AED). */
export interface ProductVariantDto {
  _id: string;
  filter_value: string;
  retail_price: number;
  discount: number;
  stock: number | null;
  sku: string;
}

export interface ProductImageDto {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductDto extends LocalizedDto {
  _id: string;
  name: string;
  slug: string;
  description: string;
  /** SPEC §3: a list of URLs. */
  image: string[];
  /** Beside SPEC: the same images with alt text and intrinsic size, so pages reserve their space. */
  images: ProductImageDto[];
  type: string;
  category: string;
  filter_name: string;
  colors: string[];
  popularity: number;
  sizes: string[];
  bestseller: boolean;
  isNew: boolean;
  isSale: boolean;
  date: string;
  createdAt: string;
  variants: ProductVariantDto[];
  /** SPEC §3 list view: the first variant's retail price. */
  price: number;
  /** SPEC §3 list view: present only when the first variant is discounted. */
  salePrice?: number;
  /** Arabic answers: the type, fabric and colours in Arabic (enFields: `type`, `fabric`, `colors`). */
  labels?: ProductLabels;
}

/** What a product card shows: the list pages send only this to the browser, not whole products. */
export type ProductCardData = Pick<
  ProductDto,
  | "_id"
  | "slug"
  | "name"
  | "images"
  | "price"
  | "salePrice"
  | "type"
  | "isNew"
  | "description"
  | "sizes"
  | "labels"
  | "enFields"
>;

export function toProductCard(
  product: ProductDto,
  detail: "plain" | "bestseller" = "plain",
): ProductCardData {
  return {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    images: product.images.slice(0, 1),
    price: product.price,
    ...(product.salePrice !== undefined ? { salePrice: product.salePrice } : {}),
    type: product.type,
    isNew: product.isNew,
    description: detail === "bestseller" ? product.description : "",
    sizes: detail === "bestseller" ? product.sizes : [],
    ...(product.labels ? { labels: product.labels } : {}),
    ...(product.enFields ? { enFields: product.enFields } : {}),
  };
}

/** A collection (SPEC §2 categories) with its name and description in the answer's language. */
export interface CategoryDto extends LocalizedDto {
  slug: string;
  name: string;
  description: string;
}

/**
 * The values the shop's filters offer (English: the values URLs, filters and the cart use). Arabic answers
 * add `labels`: the Arabic name of each value that has one; a value without one shows in English.
 */
export interface CatalogFacets {
  colors: string[];
  fabrics: string[];
  types: string[];
  labels?: { colors: Record<string, string>; fabrics: Record<string, string>; types: Record<string, string> };
}

export interface BlogPostDto extends LocalizedDto {
  _id: string;
  title: string;
  excerpt: string;
  content: string;
  image: string;
  date: string;
  author: string;
  readTime: string;
  category: string;
  slug: string;
}

export interface ReviewDto {
  _id: string;
  userName: string;
  rating: number;
  comment: string;
  isVerifiedPurchase: boolean;
  createdAt: string;
}

export interface ReviewSummaryDto {
  averageRating: number;
  totalReviews: number;
  ratingDistribution: Record<"1" | "2" | "3" | "4" | "5", number>;
}
