import type { Kysely } from "kysely";
import type { BlogPostDto, CatalogFacets, CategoryDto, ProductDto } from "#core/catalog.ts";
import type { Locale } from "#core/locale.ts";
import { type ProductQuery, ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { findBlogPostBySlug, listBlogPosts } from "../db/repositories/content.ts";
import {
  findProductRowBySlug,
  listBestsellerRows,
  listCategories,
  listProductColors,
  listProductFabrics,
  listProductRows,
  listProductTypes,
  listRelatedProductRows,
} from "../db/repositories/product-listing.ts";
import { toProductDtos } from "../db/repositories/products.ts";
import { listPublishedReviews, productExists } from "../db/repositories/reviews.ts";
import { loadTermNames } from "../db/repositories/terms.ts";
import type { Database } from "../db/schema.ts";
import { noteProductsShown, showingCardsOnly } from "../products-shown.ts";
import { sanitizeBlogHtml } from "../sanitize.ts";

/** A post leaves the service with its HTML cleaned: the post page renders it as-is. */
function withSafeContent(post: BlogPostDto): BlogPostDto {
  return { ...post, content: sanitizeBlogHtml(post.content) };
}

export type { CatalogFacets };

export interface ProductPage {
  products: ProductDto[];
  total: number;
}

/** Facets change only when the catalog does; a minute of staleness is fine for filter choices. */
const FACETS_TTL_MS = 60_000;

/**
 * The catalog's read side. Every read takes an optional `locale` (issue 14): texts come in that language,
 * English per field where a translation is missing, and the DTO's `enFields` names those fields.
 */
export function createCatalogService(db: Kysely<Database>) {
  const facets = new Map<Locale, { value: Promise<CatalogFacets>; at: number }>();

  async function loadFacets(locale: Locale): Promise<CatalogFacets> {
    const [colors, fabrics, types] = await Promise.all([
      listProductColors(db),
      listProductFabrics(db),
      listProductTypes(db),
    ]);
    if (locale === "en") return { colors, fabrics, types };
    const names = await loadTermNames(db, ["color", "fabric", "type"]);
    const named = (kind: "color" | "fabric" | "type", values: string[]) =>
      Object.fromEntries(
        values.flatMap((value) => {
          const name = names.get(kind)?.get(value);
          return name ? [[value, name]] : [];
        }),
      );
    return {
      colors,
      fabrics,
      types,
      labels: {
        colors: named("color", colors),
        fabrics: named("fabric", fabrics),
        types: named("type", types),
      },
    };
  }

  return {
    /**
     * `cards`: the caller shows them as cards (toProductCard), never their stock, so a sale does not drop
     * its cached answer (decision 0037, amended); the list API shows the stock.
     */
    async listProducts(
      query: ProductQuery,
      locale: Locale = "en",
      options: { cards?: boolean } = {},
    ): Promise<ProductPage> {
      const read = async () => {
        const { rows, total } = await listProductRows(db, query, locale);
        return { products: await toProductDtos(db, rows, locale), total };
      };
      return options.cards ? showingCardsOnly(read) : read();
    },

    /** SPEC §2 Home "Featured Products": the newest by date, shown as cards. */
    async listNewestProducts(count: number, locale: Locale = "en"): Promise<ProductDto[]> {
      const query = ProductQuerySchema.parse({ sort: "newest", limit: count });
      return (await this.listProducts(query, locale, { cards: true })).products;
    },

    /** SPEC §2 Home "Graceful Abayas collection": bestsellers of that collection, shown as cards. */
    async listBestsellers(category: string, count: number, locale: Locale = "en"): Promise<ProductDto[]> {
      return showingCardsOnly(async () =>
        toProductDtos(db, await listBestsellerRows(db, category, count), locale),
      );
    },

    async findProductBySlug(slug: string, locale: Locale = "en"): Promise<ProductDto | undefined> {
      const row = await findProductRowBySlug(db, slug);
      if (!row) return undefined;
      return (await toProductDtos(db, [row], locale))[0];
    },

    /** The values the shop's filters offer, from what the catalog actually holds. */
    listFacets(locale: Locale = "en"): Promise<CatalogFacets> {
      const cached = facets.get(locale);
      if (cached && Date.now() - cached.at <= FACETS_TTL_MS) return cached.value;
      const value = loadFacets(locale);
      facets.set(locale, { value, at: Date.now() });
      value.catch(() => {
        facets.delete(locale);
      });
      return value;
    },

    /** The collections, in the shop's order. */
    listCategories(locale: Locale = "en"): Promise<CategoryDto[]> {
      return listCategories(db, locale);
    },

    /** SPEC §2 'You May Also Like': same category, not this product, shown as cards. */
    async listRelatedProducts(
      product: ProductDto,
      count: number,
      locale: Locale = "en",
    ): Promise<ProductDto[]> {
      // Shown as cards: a sale of a related product does not drop this page.
      return showingCardsOnly(async () =>
        toProductDtos(db, await listRelatedProductRows(db, product.category, product._id, count), locale),
      );
    },

    /**
     * SPEC §7 GET /api/review/product/{productId}: published reviews and their summary (SPEC §5: pending
     * ones are not shown); undefined when the product does not exist.
     */
    async reviewsForProduct(productId: string) {
      // A cached answer with these reviews is dropped when they change (decision 0037).
      noteProductsShown([productId]);
      if (!(await productExists(db, productId))) return undefined;
      return listPublishedReviews(db, productId);
    },

    /** Newest first. */
    async listBlogPosts(limit?: number, locale: Locale = "en"): Promise<BlogPostDto[]> {
      return (await listBlogPosts(db, limit, locale)).map(withSafeContent);
    },

    async findBlogPostBySlug(slug: string, locale: Locale = "en"): Promise<BlogPostDto | undefined> {
      const post = await findBlogPostBySlug(db, slug, locale);
      return post && withSafeContent(post);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
