import type { Kysely } from "kysely";
import { renderBlogSvg, renderHeroSvg, renderLogoSvg, renderProductSvg } from "#content/artwork.ts";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, skuFor } from "#content/demo-catalog.ts";
import { DEMO_REVIEWS } from "#content/demo-reviews.ts";
import { aedToFils } from "#core/money.ts";
import { deleteAppMeta, insertAppMeta, readAppMeta } from "../db/repositories/app-meta.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import { createBlogPost } from "../db/repositories/content.ts";
import { countProducts, createProduct } from "../db/repositories/products.ts";
import { createReview } from "../db/repositories/reviews.ts";
import { deleteCatalogContent, upsertDemoCategories } from "../db/repositories/store-setup.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";

const SEEDED_KEY = "demo_seeded_at";

export interface SeedResult {
  seeded: boolean;
  products: number;
  posts: number;
  reviews: number;
  images: number;
}

/** Shop-wide artwork the pages use (hero slides, logo): written whenever it is missing. */
export async function ensureSiteArtwork(media: MediaStore): Promise<void> {
  for (const index of [0, 1, 2] as const) {
    if (!(await media.findSource(`site/hero-${index + 1}`))) {
      await media.saveSource(`site/hero-${index + 1}`, ".svg", renderHeroSvg(index));
    }
  }
  if (!(await media.findSource("site/logo"))) await media.saveSource("site/logo", ".svg", renderLogoSvg());
}

/**
 * Fills an empty store with the demo catalog, blog and reviews. Idempotent: a store that already has
 * products, or was seeded before, is left alone. Goes through the same repository calls as real writes.
 */
export async function seedDemoStore(db: Kysely<Database>, media: MediaStore): Promise<SeedResult> {
  const already = await readAppMeta(db, SEEDED_KEY);
  if (already || (await countProducts(db)) > 0) {
    return { seeded: false, products: 0, posts: 0, reviews: 0, images: 0 };
  }

  let images = 0;
  const now = new Date().toISOString();
  const productIds = new Map<string, string>();

  // Artwork first, outside the transaction: files are cheap to rewrite, and a crash leaves no rows behind.
  for (const product of DEMO_PRODUCTS) {
    for (const [index, spec] of product.images.entries()) {
      await media.saveSource(`products/${product.slug}-${index + 1}`, ".svg", renderProductSvg(spec));
      images += 1;
    }
  }
  for (const post of DEMO_BLOG_POSTS) {
    await media.saveSource(`blog/${post.slug}`, ".svg", renderBlogSvg(post.artwork));
    images += 1;
  }
  await ensureSiteArtwork(media);

  await db.transaction().execute(async (trx) => {
    await upsertDemoCategories(
      trx,
      DEMO_CATEGORIES.map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        position: c.position,
      })),
    );

    for (const product of DEMO_PRODUCTS) {
      const id = newId(Date.parse(product.date));
      productIds.set(product.slug, id);
      await createProduct(trx, {
        id,
        slug: product.slug,
        name: product.name,
        description: product.description,
        type: product.type,
        categorySlug: product.category,
        fabric: product.fabric,
        colors: product.colors,
        popularity: product.popularity,
        bestseller: product.bestseller,
        isNew: product.isNew,
        isSale: product.isSale,
        date: product.date,
        createdAt: product.date,
        images: product.images.map((spec, index) => ({
          id: newId(),
          url: `/media/products/${product.slug}-${index + 1}.webp`,
          alt: `${product.name}, ${spec.view === "detail" ? "detail" : `${spec.view} view`}`,
          width: 1200,
          height: 1500,
        })),
        variants: product.variants.map((v) => ({
          id: newId(),
          size: v.size,
          sku: skuFor(product.slug, v.size),
          retailPriceFils: aedToFils(v.priceAed),
          discountPercent: v.discount,
          stock: v.stock,
        })),
      });
    }

    for (const post of DEMO_BLOG_POSTS) {
      await createBlogPost(trx, {
        id: newId(Date.parse(post.date)),
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content_html: post.contentHtml,
        image: `/media/blog/${post.slug}.webp`,
        author: post.author,
        read_time_minutes: post.readTime,
        category: post.category,
        published_at: post.date,
        created_at: post.date,
      });
    }

    for (const review of DEMO_REVIEWS) {
      const productId = productIds.get(review.productSlug);
      if (!productId) throw new Error(`Demo review names unknown product ${review.productSlug}`);
      await createReview(trx, {
        id: newId(Date.parse(review.date)),
        product_id: productId,
        user_id: null,
        user_name: review.userName,
        rating: review.rating,
        comment: review.comment,
        is_verified_purchase: review.isVerifiedPurchase,
        created_at: review.date,
      });
    }

    await insertAppMeta(trx, SEEDED_KEY, now);
  });

  return {
    seeded: true,
    products: DEMO_PRODUCTS.length,
    posts: DEMO_BLOG_POSTS.length,
    reviews: DEMO_REVIEWS.length,
    images,
  };
}

/** Empties the catalog, blog and reviews (the explicit reset of `npm run db:seed -- --reset`). */
export async function resetCatalog(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteCatalogContent(trx);
    await deleteAppMeta(trx, SEEDED_KEY);
    await bumpCatalogVersion(trx);
  });
}
