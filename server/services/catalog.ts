import type { Kysely } from "kysely";
import type { BlogPostDto, ProductDto } from "#core/catalog.ts";
import { type ProductQuery, ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { findBlogPostBySlug, listBlogPosts } from "../db/repositories/content.ts";
import {
  findProductRowBySlug,
  listBestsellerRows,
  listProductColors,
  listProductFabrics,
  listProductRows,
  listProductTypes,
  listRelatedProductRows,
  toProductDtos,
} from "../db/repositories/products.ts";
import { listPublishedReviews, productExists } from "../db/repositories/reviews.ts";
import type { Database } from "../db/schema.ts";
import { sanitizeBlogHtml } from "../sanitize.ts";

/** A post leaves the service with its HTML cleaned: the post page renders it as-is. */
function withSafeContent(post: BlogPostDto): BlogPostDto {
  return { ...post, content: sanitizeBlogHtml(post.content) };
}

export interface CatalogFacets {
  colors: string[];
  fabrics: string[];
  types: string[];
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
}

/** Facets change only when the catalog does; a minute of staleness is fine for filter choices. */
const FACETS_TTL_MS = 60_000;

export function createCatalogService(db: Kysely<Database>) {
  let facets: { value: Promise<CatalogFacets>; at: number } | undefined;

  async function loadFacets(): Promise<CatalogFacets> {
    const [colors, fabrics, types] = await Promise.all([
      listProductColors(db),
      listProductFabrics(db),
      listProductTypes(db),
    ]);
    return { colors, fabrics, types };
  }

  return {
    async listProducts(query: ProductQuery): Promise<ProductPage> {
      const { rows, total } = await listProductRows(db, query);
      return { products: await toProductDtos(db, rows), total };
    },

    /** SPEC §2 Home "Featured Products": the newest by date. */
    async listNewestProducts(count: number): Promise<ProductDto[]> {
      const query = ProductQuerySchema.parse({ sort: "newest", limit: count });
      return (await this.listProducts(query)).products;
    },

    /** SPEC §2 Home "Graceful Abayas collection": bestsellers of that collection. */
    async listBestsellers(category: string, count: number): Promise<ProductDto[]> {
      const rows = await listBestsellerRows(db, category, count);
      return toProductDtos(db, rows);
    },

    async findProductBySlug(slug: string): Promise<ProductDto | undefined> {
      const row = await findProductRowBySlug(db, slug);
      if (!row) return undefined;
      return (await toProductDtos(db, [row]))[0];
    },

    /** The values the shop's filters offer, from what the catalog actually holds. */
    listFacets(): Promise<CatalogFacets> {
      if (!facets || Date.now() - facets.at > FACETS_TTL_MS) {
        const value = loadFacets();
        facets = { value, at: Date.now() };
        value.catch(() => {
          facets = undefined;
        });
      }
      return facets.value;
    },

    /** SPEC §2 'You May Also Like': same category, not this product. */
    async listRelatedProducts(product: ProductDto, count: number): Promise<ProductDto[]> {
      const rows = await listRelatedProductRows(db, product.category, product._id, count);
      return toProductDtos(db, rows);
    },

    /**
     * SPEC §7 GET /api/review/product/{productId}: published reviews and their summary (SPEC §5: pending
     * ones are not shown); undefined when the product does not exist.
     */
    async reviewsForProduct(productId: string) {
      if (!(await productExists(db, productId))) return undefined;
      return listPublishedReviews(db, productId);
    },

    /** Newest first. */
    async listBlogPosts(limit?: number): Promise<BlogPostDto[]> {
      return (await listBlogPosts(db, limit)).map(withSafeContent);
    },

    async findBlogPostBySlug(slug: string): Promise<BlogPostDto | undefined> {
      const post = await findBlogPostBySlug(db, slug);
      return post && withSafeContent(post);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
