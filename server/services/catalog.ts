import type { Kysely } from "kysely";
import type { BlogPostDto, ProductDto } from "#core/catalog.ts";
import { type ProductQuery, ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { listBlogPosts } from "../db/repositories/content.ts";
import { findProductRowBySlug, listProductRows, toProductDtos } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";

export interface ProductPage {
  products: ProductDto[];
  total: number;
}

export function createCatalogService(db: Kysely<Database>) {
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
      const rows = await db
        .selectFrom("products")
        .selectAll()
        .where("category_slug", "=", category)
        .where("bestseller", "=", true)
        .orderBy("popularity", "desc")
        .orderBy("id")
        .limit(count)
        .execute();
      return toProductDtos(db, rows);
    },

    async findProductBySlug(slug: string): Promise<ProductDto | undefined> {
      const row = await findProductRowBySlug(db, slug);
      if (!row) return undefined;
      return (await toProductDtos(db, [row]))[0];
    },

    async listBlogPosts(limit?: number): Promise<BlogPostDto[]> {
      return listBlogPosts(db, limit);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
