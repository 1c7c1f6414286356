import type { Kysely, Transaction } from "kysely";
import type { ProductDto, ProductImageDto, ProductVariantDto } from "#core/catalog.ts";
import { fieldPicker, type Locale } from "#core/locale.ts";
import { filsToAed } from "#core/money.ts";
import { discountedPrice, listPrice } from "#core/pricing.ts";
import { listKeysChanged, noteProductsShown } from "../../products-shown.ts";
import type { Database, ProductTable } from "../schema.ts";
import { bumpCatalogVersion } from "./catalog-version.ts";
import { noteProductsChanged } from "./stock-changes.ts";
import { loadTermNames } from "./terms.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface NewProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** Issue 14: the Arabic name and description; absent or null shows the English ones. */
  nameAr?: string | null;
  descriptionAr?: string | null;
  /** Issue 26: the back office creates drafts; seeded and imported products are published. */
  draft?: boolean;
  type: string;
  categorySlug: string;
  fabric: string;
  colors: string[];
  popularity: number;
  bestseller: boolean;
  isNew: boolean;
  isSale: boolean;
  date: string;
  createdAt: string;
  images: { id: string; url: string; alt: string; altAr?: string | null; width: number; height: number }[];
  variants: {
    id: string;
    size: string;
    sku: string;
    retailPriceFils: number;
    discountPercent: number;
    stock: number | null;
  }[];
}

/** Inserts a product with its colours, images and variants; derives the list-view price columns. */
export async function createProduct(db: Db, product: NewProduct): Promise<void> {
  const priced = listPrice(
    product.variants.map((v) => ({ retailPrice: v.retailPriceFils, discountPercent: v.discountPercent })),
  );
  if (!priced) throw new Error(`Product ${product.slug} has no variants`);
  await db
    .insertInto("products")
    .values({
      id: product.id,
      slug: product.slug,
      name: product.name,
      description: product.description,
      name_ar: product.nameAr ?? null,
      description_ar: product.descriptionAr ?? null,
      type: product.type,
      category_slug: product.categorySlug,
      fabric: product.fabric,
      popularity: product.popularity,
      bestseller: product.bestseller,
      is_new: product.isNew,
      is_sale: product.isSale,
      date: product.date,
      price_fils: priced.price,
      sale_price_fils: priced.salePrice ?? null,
      effective_price_fils: priced.salePrice ?? priced.price,
      created_at: product.createdAt,
      updated_at: product.createdAt,
      ...(product.draft ? { draft: true } : {}),
    })
    .execute();
  if (product.colors.length > 0) {
    await db
      .insertInto("product_colors")
      .values(product.colors.map((color, position) => ({ product_id: product.id, color, position })))
      .execute();
  }
  if (product.images.length > 0) {
    await db
      .insertInto("product_images")
      .values(
        product.images.map(({ altAr, ...image }, position) => ({
          ...image,
          alt_ar: altAr ?? null,
          product_id: product.id,
          position,
        })),
      )
      .execute();
  }
  await db
    .insertInto("product_variants")
    .values(
      product.variants.map((v, position) => ({
        id: v.id,
        product_id: product.id,
        position,
        size: v.size,
        sku: v.sku,
        retail_price_fils: v.retailPriceFils,
        discount_percent: v.discountPercent,
        stock: v.stock,
      })),
    )
    .execute();
  await bumpCatalogVersion(db);
}

/**
 * Sets one size's price and discount and re-derives the product's list-view price columns from all its
 * sizes; drops the answers showing the product and the lists its price reaches. False when the variant
 * does not exist.
 */
export async function updateVariantPrice(
  db: Db,
  variantId: string,
  price: { retailPriceFils: number; discountPercent: number },
): Promise<boolean> {
  const variant = await db
    .updateTable("product_variants")
    .set({ retail_price_fils: price.retailPriceFils, discount_percent: price.discountPercent })
    .where("id", "=", variantId)
    .returning("product_id")
    .executeTakeFirst();
  if (!variant) return false;
  const sizes = await db
    .selectFrom("product_variants")
    .select(["retail_price_fils", "discount_percent"])
    .where("product_id", "=", variant.product_id)
    .execute();
  const priced = listPrice(
    sizes.map((v) => ({
      retailPrice: Number(v.retail_price_fils),
      discountPercent: Number(v.discount_percent),
    })),
  );
  const product = priced
    ? await db
        .updateTable("products")
        .set({
          price_fils: priced.price,
          sale_price_fils: priced.salePrice ?? null,
          effective_price_fils: priced.salePrice ?? priced.price,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", variant.product_id)
        .returning("category_slug")
        .executeTakeFirst()
    : undefined;
  // The product's answers, and the shop's lists that filter and sort by price (decision 0037).
  const lists = product ? listKeysChanged(["shop"], [product.category_slug]) : [];
  await noteProductsChanged(db, [variant.product_id, ...lists]);
  return true;
}

/**
 * Gives a product the Arabic texts it lacks (issue 14's backfill of stores seeded before Arabic existed),
 * only while its English name is still `englishName`, so a product the owner renamed is left alone.
 * Texts already set are kept. Returns whether the product was found and changed.
 */
export async function addMissingProductArabic(
  db: Db,
  slug: string,
  englishName: string,
  arabic: { name: string; description: string; imageAlts: string[] },
): Promise<boolean> {
  const product = await db
    .selectFrom("products")
    .select(["id", "name_ar", "description_ar"])
    .where("slug", "=", slug)
    .where("name", "=", englishName)
    .executeTakeFirst();
  if (!product) return false;
  let changed = false;
  if (product.name_ar === null || product.description_ar === null) {
    await db
      .updateTable("products")
      .set({
        name_ar: product.name_ar ?? arabic.name,
        description_ar: product.description_ar ?? arabic.description,
      })
      .where("id", "=", product.id)
      .execute();
    changed = true;
  }
  for (const [position, alt] of arabic.imageAlts.entries()) {
    const result = await db
      .updateTable("product_images")
      .set({ alt_ar: alt })
      .where("product_id", "=", product.id)
      .where("position", "=", position)
      .where("alt_ar", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) changed = true;
  }
  return changed;
}

/** Gives a collection the Arabic name and description it lacks, keeping any already set. */
export async function addMissingCategoryArabic(
  db: Db,
  slug: string,
  arabic: { name: string; description: string },
): Promise<void> {
  await db
    .updateTable("categories")
    .set((eb) => ({
      name_ar: eb.fn.coalesce("name_ar", eb.val(arabic.name)),
      description_ar: eb.fn.coalesce("description_ar", eb.val(arabic.description)),
    }))
    .where("slug", "=", slug)
    .execute();
}

/** Every product's address and last change, newest first, for the sitemap. */
export async function listProductSitemapRows(db: Db): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom("products")
    .select(["slug", "updated_at"])
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .orderBy("date", "desc")
    .execute();
}

/**
 * Turns product rows into the SPEC shape with three batched queries (no N+1); in Arabic, a fourth reads
 * the names of types, fabrics and colours. Texts fall back to English per field (issue 14).
 */
export async function toProductDtos(
  db: Db,
  rows: ProductTable[],
  locale: Locale = "en",
): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // A cached answer showing these products is dropped when their stock changes (decision 0037).
  noteProductsShown(ids);
  const [colors, images, variants, terms] = await Promise.all([
    db.selectFrom("product_colors").selectAll().where("product_id", "in", ids).orderBy("position").execute(),
    db.selectFrom("product_images").selectAll().where("product_id", "in", ids).orderBy("position").execute(),
    db
      .selectFrom("product_variants")
      .selectAll()
      .where("product_id", "in", ids)
      .orderBy("position")
      .execute(),
    locale === "en" ? undefined : loadTermNames(db, ["type", "fabric", "color"]),
  ]);
  const colorsBy = groupBy(colors, (c) => c.product_id);
  const imagesBy = groupBy(images, (i) => i.product_id);
  const variantsBy = groupBy(variants, (v) => v.product_id);
  return rows.map((row) => {
    const pick = fieldPicker(locale);
    const productImages: ProductImageDto[] = (imagesBy.get(row.id) ?? []).map((i) => ({
      url: i.url,
      alt: pick.text("alt", i.alt_ar, i.alt),
      width: Number(i.width),
      height: Number(i.height),
    }));
    const productVariants: ProductVariantDto[] = (variantsBy.get(row.id) ?? []).map((v) => ({
      _id: v.id,
      filter_value: v.size,
      retail_price: filsToAed(Number(v.retail_price_fils)),
      discount: Number(v.discount_percent),
      // Issue 11: shoppers see what they can buy, stock minus the units held for payments in progress.
      stock: v.stock === null ? null : Math.max(0, Number(v.stock) - Number(v.held_quantity)),
      sku: v.sku,
    }));
    const productColors = (colorsBy.get(row.id) ?? []).map((c) => c.color);
    const dto: ProductDto = {
      _id: row.id,
      name: pick.text("name", row.name_ar, row.name),
      slug: row.slug,
      description: pick.text("description", row.description_ar, row.description),
      image: productImages.map((i) => i.url),
      images: productImages,
      type: row.type,
      category: row.category_slug,
      filter_name: row.fabric,
      colors: productColors,
      popularity: Number(row.popularity),
      sizes: [...new Set(productVariants.map((v) => v.filter_value))],
      bestseller: Boolean(row.bestseller),
      isNew: Boolean(row.is_new),
      isSale: Boolean(row.is_sale),
      date: row.date,
      createdAt: row.created_at,
      variants: productVariants,
      price: filsToAed(Number(row.price_fils)),
    };
    const first = variantsBy.get(row.id)?.[0];
    if (first && Number(first.discount_percent) > 0) {
      dto.salePrice = filsToAed(
        discountedPrice(Number(first.retail_price_fils), Number(first.discount_percent)),
      );
    }
    if (terms) {
      dto.labels = {
        type: pick.text("type", terms.get("type")?.get(row.type), row.type),
        fabric: pick.text("fabric", terms.get("fabric")?.get(row.fabric), row.fabric),
        colors: productColors.map((color) => pick.text("colors", terms.get("color")?.get(color), color)),
      };
    }
    Object.assign(dto, pick.enFields());
    return dto;
  });
}

export { availableStockFor } from "./stock-holds.ts";

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** The products of a cart or wishlist, by id (unknown ids are simply absent). */
export async function listProductsByIds(
  db: Db,
  ids: readonly string[],
  locale: Locale = "en",
): Promise<Map<string, ProductDto>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where("id", "in", unique)
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .execute();
  return new Map((await toProductDtos(db, rows, locale)).map((p) => [p._id, p]));
}
