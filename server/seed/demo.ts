import type { Kysely } from "kysely";
import { renderBlogSvg, renderHeroSvg, renderLogoSvg, renderProductSvg } from "#content/artwork.ts";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { DEMO_BLOG_CATEGORIES_AR, DEMO_BLOG_POSTS_AR } from "#content/demo-blog-ar.ts";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct, skuFor } from "#content/demo-catalog.ts";
import {
  DEMO_CATEGORIES_AR,
  DEMO_COLORS_AR,
  DEMO_FABRICS_AR,
  DEMO_PRODUCTS_AR,
  DEMO_TYPES_AR,
  DEMO_VIEWS_AR,
} from "#content/demo-catalog-ar.ts";
import { DEMO_REVIEWS } from "#content/demo-reviews.ts";
import { aedToFils } from "#core/money.ts";
import { deleteAppMeta, insertAppMeta, keepFirstAppMeta, readAppMeta } from "../db/repositories/app-meta.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import { addMissingBlogPostArabic, createBlogPost } from "../db/repositories/content.ts";
import {
  addMissingCategoryArabic,
  addMissingProductArabic,
  countProducts,
  createProduct,
} from "../db/repositories/products.ts";
import { createReview } from "../db/repositories/reviews.ts";
import { deleteCatalogContent, upsertDemoCategories } from "../db/repositories/store-setup.ts";
import { addMissingTermNames } from "../db/repositories/terms.ts";
import type { CatalogTermKind, Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";
import { saveDemoStyleArtwork, seedDemoStitchingStyles } from "./stitching-styles.ts";

const SEEDED_KEY = "demo_seeded_at";
/** Set once the demo store's Arabic texts are in (seeded with them, or added to an older demo store). */
const ARABIC_KEY = "demo_arabic_at";

/** The Arabic names of the demo catalogue's types, fabrics, colours and blog categories. */
function demoTerms(): { kind: CatalogTermKind; value: string; nameAr: string }[] {
  const of = (kind: CatalogTermKind, names: Record<string, string>) =>
    Object.entries(names).map(([value, nameAr]) => ({ kind, value, nameAr }));
  return [
    ...of("type", DEMO_TYPES_AR),
    ...of("fabric", DEMO_FABRICS_AR),
    ...of("color", DEMO_COLORS_AR),
    ...of("blog_category", DEMO_BLOG_CATEGORIES_AR),
  ];
}

const viewAlt = (view: string) => (view === "detail" ? "detail" : `${view} view`);

/** A demo image's alt text in Arabic: the product's Arabic name and the view. */
function arabicAlts(product: DemoProduct): string[] {
  const name = DEMO_PRODUCTS_AR[product.slug]?.name ?? product.name;
  return product.images.map((spec) => `${name}، ${DEMO_VIEWS_AR[spec.view]}`);
}

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
  images += await saveDemoStyleArtwork(media);

  await db.transaction().execute(async (trx) => {
    await upsertDemoCategories(
      trx,
      DEMO_CATEGORIES.map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        name_ar: DEMO_CATEGORIES_AR[c.slug].name,
        description_ar: DEMO_CATEGORIES_AR[c.slug].description,
        position: c.position,
      })),
    );
    await addMissingTermNames(trx, demoTerms());

    for (const product of DEMO_PRODUCTS) {
      const id = newId(Date.parse(product.date));
      productIds.set(product.slug, id);
      const arabic = DEMO_PRODUCTS_AR[product.slug];
      const alts = arabicAlts(product);
      await createProduct(trx, {
        id,
        slug: product.slug,
        name: product.name,
        description: product.description,
        nameAr: arabic?.name ?? null,
        descriptionAr: arabic?.description ?? null,
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
          alt: `${product.name}, ${viewAlt(spec.view)}`,
          altAr: alts[index] ?? null,
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
        title_ar: DEMO_BLOG_POSTS_AR[post.slug]?.title ?? null,
        excerpt_ar: DEMO_BLOG_POSTS_AR[post.slug]?.excerpt ?? null,
        content_html_ar: DEMO_BLOG_POSTS_AR[post.slug]?.contentHtml ?? null,
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

    await seedDemoStitchingStyles(trx, now);
    await insertAppMeta(trx, SEEDED_KEY, now);
    await insertAppMeta(trx, ARABIC_KEY, now);
  });

  return {
    seeded: true,
    products: DEMO_PRODUCTS.length,
    posts: DEMO_BLOG_POSTS.length,
    reviews: DEMO_REVIEWS.length,
    images,
  };
}

/**
 * Issue 14: a demo store seeded before the Arabic texts existed gets them, once. Only rows still as the
 * demo wrote them (same English name or title) and only texts not set yet are filled, so nothing the
 * owner changed is overwritten. Returns how many products and posts were given Arabic texts.
 */
export async function addDemoArabic(db: Kysely<Database>): Promise<{ products: number; posts: number }> {
  const done = await readAppMeta(db, ARABIC_KEY);
  const seeded = await readAppMeta(db, SEEDED_KEY);
  if (done || !seeded) return { products: 0, posts: 0 };
  let products = 0;
  let posts = 0;
  await db.transaction().execute(async (trx) => {
    await addMissingTermNames(trx, demoTerms());
    for (const category of DEMO_CATEGORIES) {
      await addMissingCategoryArabic(trx, category.slug, DEMO_CATEGORIES_AR[category.slug]);
    }
    for (const product of DEMO_PRODUCTS) {
      const arabic = DEMO_PRODUCTS_AR[product.slug];
      if (!arabic) continue;
      const changed = await addMissingProductArabic(trx, product.slug, product.name, {
        ...arabic,
        imageAlts: arabicAlts(product),
      });
      if (changed) products += 1;
    }
    for (const post of DEMO_BLOG_POSTS) {
      const arabic = DEMO_BLOG_POSTS_AR[post.slug];
      if (arabic && (await addMissingBlogPostArabic(trx, post.slug, post.title, arabic))) posts += 1;
    }
    // Several processes may start at once: the first to finish marks it done, the others change nothing more.
    await keepFirstAppMeta(trx, ARABIC_KEY, new Date().toISOString());
    await bumpCatalogVersion(trx);
  });
  return { products, posts };
}

/** Empties the catalog, blog and reviews (the explicit reset of `npm run db:seed -- --reset`). */
export async function resetCatalog(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteCatalogContent(trx);
    await deleteAppMeta(trx, SEEDED_KEY);
    await deleteAppMeta(trx, ARABIC_KEY);
    await bumpCatalogVersion(trx);
  });
}
