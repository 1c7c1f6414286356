import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  AdminBlogInput,
  AdminBlogPost,
  AdminImage,
  AdminProduct,
  AdminProductInput,
  AdminProductQuery,
  AdminProductSummary,
  AdminReview,
  AdminVariant,
  AuditChange,
  StockAdjustment,
} from "#core/admin.ts";
import { aedToFils, filsToAed } from "#core/money.ts";
import { discountedPrice, listPrice } from "#core/pricing.ts";
import {
  type AdminReviewRow,
  blogSlugTaken,
  findBlogPostRow,
  findReviewRow,
  insertBlogPostRow,
  listAllBlogPostRows,
  listReviewRows,
  setReviewStatus,
  updateBlogPostRow,
} from "../db/repositories/admin-content.ts";
import {
  adjustVariantStock,
  categoryExists,
  deleteImageRow,
  deleteProductRow,
  deleteVariantRow,
  findProductRowById,
  findSkuTakenElsewhere,
  findVariantRow,
  insertImageRow,
  insertVariantRow,
  listAdminProductRows,
  listProductColorsOf,
  listProductImagesOf,
  listProductVariantsOf,
  nextImagePosition,
  productHasOrders,
  productSlugTaken,
  replaceProductColors,
  setImageAlt,
  setImagePosition,
  setProductArchived,
  uniqueViolationOn,
  updateProductRow,
  updateVariantRow,
  type VariantRow,
  variantInUse,
} from "../db/repositories/admin-products.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import { createProduct } from "../db/repositories/products.ts";
import type { BlogPostTable, Database, ProductTable, ReviewStatus } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";
import { sanitizeBlogHtml } from "../sanitize.ts";
import { type AuditRecorder, diff } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import { checkUpload, type StoredImage, storeUpload } from "./admin-images.ts";
import type { SettingsService } from "./admin-settings.ts";

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

function toVariant(v: VariantRow): AdminVariant {
  const priceFils = Number(v.retail_price_fils);
  const discount = Number(v.discount_percent);
  const stock = v.stock === null ? null : Number(v.stock);
  const held = Number(v.held_quantity);
  return {
    id: v.id,
    size: v.size,
    sku: v.sku,
    price: filsToAed(priceFils),
    priceFils,
    discount,
    salePriceFils: discountedPrice(priceFils, discount),
    stock,
    held,
    available: stock === null ? null : Math.max(0, stock - held),
  };
}

function toBlogPost(row: Selectable<BlogPostTable>): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content_html,
    image: row.image,
    author: row.author,
    readTimeMinutes: Number(row.read_time_minutes),
    category: row.category,
    published: Boolean(row.published ?? true),
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

function toReview(row: AdminReviewRow): AdminReview {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    productSlug: row.product_slug,
    userName: row.user_name,
    rating: Number(row.rating),
    comment: row.comment,
    isVerifiedPurchase: Boolean(row.is_verified_purchase),
    status: row.status,
    createdAt: row.created_at,
  };
}

/** About 200 words a minute, at least one. */
function readTime(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** The list-view price columns (SPEC §3: the first size's price and sale price) of a product's sizes. */
function priceColumns(variants: { retail_price_fils: number; discount_percent: number }[]) {
  const priced = listPrice(
    variants.map((v) => ({
      retailPrice: Number(v.retail_price_fils),
      discountPercent: Number(v.discount_percent),
    })),
  );
  if (!priced) throw new AdminError(400, "validation", "Add at least one size");
  return {
    price_fils: priced.price,
    sale_price_fils: priced.salePrice ?? null,
    effective_price_fils: priced.salePrice ?? priced.price,
  };
}

/**
 * The catalog as the back office edits it (issue 15): products with their sizes, stock and images, blog
 * posts and review moderation. Every write runs in one transaction with its audit row and bumps the
 * catalog version, so the storefront's caches drop the old catalog at once.
 */
export function createAdminCatalog(options: {
  db: Kysely<Database>;
  media: MediaStore;
  settings: SettingsService;
  /** UPLOAD_MAX_MEGAPIXELS: larger images are refused before they are decoded. */
  maxMegapixels: number;
}) {
  const { db, media, settings, maxMegapixels } = options;

  async function loadProduct(executor: Db, id: string): Promise<AdminProduct> {
    const row = await findProductRowById(executor, id);
    if (!row) throw notFound("Product");
    const [colors, images, variants, hasOrders] = await Promise.all([
      listProductColorsOf(executor, id),
      listProductImagesOf(executor, id),
      listProductVariantsOf(executor, id),
      productHasOrders(executor, id),
    ]);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      category: row.category_slug,
      type: row.type,
      fabric: row.fabric,
      colors,
      bestseller: Boolean(row.bestseller),
      isNew: Boolean(row.is_new),
      isSale: Boolean(row.is_sale),
      archived: row.archived_at != null,
      archivedAt: row.archived_at ?? null,
      hasOrders,
      date: row.date,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      images: images.map(toImage),
      variants: variants.map(toVariant),
    };
  }

  function toImage(i: {
    id: string;
    url: string;
    alt: string;
    width: number;
    height: number;
    position: number;
  }): AdminImage {
    return {
      id: i.id,
      url: i.url,
      alt: i.alt,
      width: Number(i.width),
      height: Number(i.height),
      position: Number(i.position),
    };
  }

  async function checkProductInput(executor: Db, input: AdminProductInput, productId?: string) {
    if (!(await categoryExists(executor, input.category)))
      throw new AdminError(400, "unknown_category", `There is no category ${input.category}`);
    if (await productSlugTaken(executor, input.slug, productId))
      throw new AdminError(409, "slug_taken", `Another product already has the address ${input.slug}`);
    const taken = await findSkuTakenElsewhere(
      executor,
      input.variants.map((v) => v.sku),
      productId,
    );
    if (taken) throw new AdminError(409, "sku_taken", `Another product already uses SKU ${taken}`);
  }

  /** Maps a unique-index race (two saves at once) onto the same 409 a check finds. */
  async function uniqueAware<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolationOn(error, "slug"))
        throw new AdminError(409, "slug_taken", "Another item already has this address");
      if (uniqueViolationOn(error, "sku"))
        throw new AdminError(409, "sku_taken", "Another size already uses this SKU");
      throw error;
    }
  }

  function productFields(
    product: Pick<
      ProductTable,
      | "name"
      | "slug"
      | "description"
      | "category_slug"
      | "type"
      | "fabric"
      | "bestseller"
      | "is_new"
      | "is_sale"
    >,
  ) {
    return {
      name: product.name,
      slug: product.slug,
      description: product.description,
      category: product.category_slug,
      type: product.type,
      fabric: product.fabric,
      bestseller: Boolean(product.bestseller),
      isNew: Boolean(product.is_new),
      isSale: Boolean(product.is_sale),
    };
  }

  return {
    async listProducts(
      query: AdminProductQuery,
    ): Promise<{ products: AdminProductSummary[]; total: number }> {
      const { lowStockThreshold } = await settings.current();
      const { rows, total } = await listAdminProductRows(db, query, lowStockThreshold);
      return {
        total,
        products: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          category: r.category_slug,
          type: r.type,
          image: r.image ?? null,
          priceFils: Number(r.price_fils),
          salePriceFils: r.sale_price_fils === null ? null : Number(r.sale_price_fils),
          bestseller: Boolean(r.bestseller),
          isNew: Boolean(r.is_new),
          isSale: Boolean(r.is_sale),
          archived: r.archived_at != null,
          variantCount: r.variant_count,
          available: r.available,
          lowStockSizes: r.low_stock_sizes,
          updatedAt: r.updated_at,
        })),
      };
    },

    getProduct: (id: string) => loadProduct(db, id),

    async createProduct(input: AdminProductInput, audit: AuditRecorder): Promise<AdminProduct> {
      const id = newId();
      await uniqueAware(() =>
        db.transaction().execute(async (trx) => {
          await checkProductInput(trx, input);
          const now = new Date().toISOString();
          await createProduct(trx, {
            id,
            slug: input.slug,
            name: input.name,
            description: input.description,
            type: input.type,
            categorySlug: input.category,
            fabric: input.fabric,
            colors: input.colors,
            popularity: 0,
            bestseller: input.bestseller,
            isNew: input.isNew,
            isSale: input.isSale,
            date: now,
            createdAt: now,
            images: [],
            variants: input.variants.map((v) => ({
              id: newId(),
              size: v.size,
              sku: v.sku,
              retailPriceFils: aedToFils(v.price),
              discountPercent: v.discount,
              stock: v.stock === undefined ? 0 : v.stock,
            })),
          });
          await audit(trx, {
            action: "product.create",
            entity: "product",
            entityId: id,
            label: input.name,
            changes: [
              ...diff({}, { name: input.name, slug: input.slug, category: input.category }),
              ...input.variants.map((v) => ({
                field: `size ${v.size}`,
                before: null,
                after: { sku: v.sku, price: v.price, discount: v.discount, stock: v.stock ?? 0 },
              })),
            ],
          });
          await bumpCatalogVersion(trx);
        }),
      );
      return loadProduct(db, id);
    },

    async updateProduct(id: string, input: AdminProductInput, audit: AuditRecorder): Promise<AdminProduct> {
      await uniqueAware(() =>
        db.transaction().execute(async (trx) => {
          const row = await findProductRowById(trx, id);
          if (!row) throw notFound("Product");
          await checkProductInput(trx, input, id);
          const existing = await listProductVariantsOf(trx, id);
          const byId = new Map(existing.map((v) => [v.id, v]));
          const changes: AuditChange[] = diff(productFields(row), {
            name: input.name,
            slug: input.slug,
            description: input.description,
            category: input.category,
            type: input.type,
            fabric: input.fabric,
            bestseller: input.bestseller,
            isNew: input.isNew,
            isSale: input.isSale,
          });
          const colorsBefore = await listProductColorsOf(trx, id);
          if (JSON.stringify(colorsBefore) !== JSON.stringify(input.colors)) {
            changes.push({ field: "colors", before: colorsBefore, after: input.colors });
            await replaceProductColors(trx, id, input.colors);
          }
          for (const v of input.variants)
            if (v.id && !byId.has(v.id))
              throw new AdminError(400, "validation", `Size ${v.size} is not a size of this product`);
          // Sizes left out are removed, unless an order or a stock hold refers to them.
          const kept = new Set(input.variants.map((v) => v.id).filter(Boolean));
          for (const old of existing) {
            if (kept.has(old.id)) continue;
            if (await variantInUse(trx, old.id))
              throw new AdminError(
                409,
                "variant_in_use",
                `Size ${old.size} has orders: it cannot be removed, only set to 0 stock`,
              );
            await deleteVariantRow(trx, old.id);
            changes.push({
              field: `size ${old.size}`,
              before: { sku: old.sku, price: filsToAed(Number(old.retail_price_fils)) },
              after: null,
            });
          }
          // Park the kept sizes first (positions and changed SKUs out of the way), so sizes can swap places or
          // SKUs without meeting the unique indexes on (product, position) and on SKU.
          for (const [index, v] of input.variants.entries()) {
            const old = v.id ? byId.get(v.id) : undefined;
            if (old)
              await updateVariantRow(trx, old.id, id, {
                position: -1 - index,
                size: old.size,
                sku: old.sku !== v.sku ? `${old.sku}~${old.id}` : old.sku,
                retail_price_fils: Number(old.retail_price_fils),
                discount_percent: Number(old.discount_percent),
              });
          }
          const finalVariants: { retail_price_fils: number; discount_percent: number }[] = [];
          for (const [position, v] of input.variants.entries()) {
            const priceFils = aedToFils(v.price);
            const old = v.id ? byId.get(v.id) : undefined;
            if (old) {
              await updateVariantRow(trx, old.id, id, {
                position,
                size: v.size,
                sku: v.sku,
                retail_price_fils: priceFils,
                discount_percent: v.discount,
              });
              const label = `size ${v.size}`;
              if (old.size !== v.size)
                changes.push({ field: `${label} size`, before: old.size, after: v.size });
              if (old.sku !== v.sku) changes.push({ field: `${label} sku`, before: old.sku, after: v.sku });
              if (Number(old.retail_price_fils) !== priceFils)
                changes.push({
                  field: `${label} price`,
                  before: filsToAed(Number(old.retail_price_fils)),
                  after: v.price,
                });
              if (Number(old.discount_percent) !== v.discount)
                changes.push({
                  field: `${label} discount`,
                  before: Number(old.discount_percent),
                  after: v.discount,
                });
            } else {
              const stock = v.stock === undefined ? 0 : v.stock;
              await insertVariantRow(trx, {
                id: newId(),
                product_id: id,
                position,
                size: v.size,
                sku: v.sku,
                retail_price_fils: priceFils,
                discount_percent: v.discount,
                stock,
              });
              changes.push({
                field: `size ${v.size}`,
                before: null,
                after: { sku: v.sku, price: v.price, discount: v.discount, stock },
              });
            }
            finalVariants.push({ retail_price_fils: priceFils, discount_percent: v.discount });
          }
          await updateProductRow(trx, id, {
            name: input.name,
            slug: input.slug,
            description: input.description,
            category_slug: input.category,
            type: input.type,
            fabric: input.fabric,
            bestseller: input.bestseller,
            is_new: input.isNew,
            is_sale: input.isSale,
            ...priceColumns(finalVariants),
            updated_at: new Date().toISOString(),
          });
          if (changes.length > 0)
            await audit(trx, {
              action: "product.update",
              entity: "product",
              entityId: id,
              label: input.name,
              changes,
            });
          await bumpCatalogVersion(trx);
        }),
      );
      return loadProduct(db, id);
    },

    /**
     * A stock adjustment: one conditional UPDATE adds the delta, so a sale committing at the same moment
     * is never overwritten, and stock never drops below the units payments in progress hold.
     */
    async adjustStock(
      productId: string,
      input: StockAdjustment,
      audit: AuditRecorder,
    ): Promise<AdminVariant> {
      return db.transaction().execute(async (trx) => {
        const product = await findProductRowById(trx, productId);
        if (!product) throw notFound("Product");
        const result = await adjustVariantStock(trx, productId, input.variantId, input.delta);
        if (!result) {
          const variant = await findVariantRow(trx, productId, input.variantId);
          if (!variant) throw notFound("Size");
          if (variant.stock === null)
            throw new AdminError(409, "stock_untracked", `Size ${variant.size} does not track stock`);
          const removable = Math.max(0, Number(variant.stock) - Number(variant.held_quantity));
          throw new AdminError(
            409,
            "stock_below_committed",
            `Only ${removable} of size ${variant.size} can be removed: ${Number(variant.held_quantity)} are held for payments in progress`,
          );
        }
        const variant = await findVariantRow(trx, productId, input.variantId);
        if (!variant) throw notFound("Size");
        await audit(trx, {
          action: "variant.stock",
          entity: "variant",
          entityId: variant.id,
          label: `${product.name} (${variant.size})`,
          changes: [
            { field: "stock", before: result.stock - input.delta, after: result.stock },
            ...(input.reason ? [{ field: "reason", before: null, after: input.reason }] : []),
          ],
        });
        await bumpCatalogVersion(trx);
        return toVariant(variant);
      });
    },

    async setArchived(id: string, archived: boolean, audit: AuditRecorder): Promise<AdminProduct> {
      await db.transaction().execute(async (trx) => {
        const row = await findProductRowById(trx, id);
        if (!row) throw notFound("Product");
        const now = new Date().toISOString();
        if (await setProductArchived(trx, id, archived ? now : null, now)) {
          await audit(trx, {
            action: archived ? "product.archive" : "product.unarchive",
            entity: "product",
            entityId: id,
            label: row.name,
            changes: [{ field: "archived", before: !archived, after: archived }],
          });
          await bumpCatalogVersion(trx);
        }
      });
      return loadProduct(db, id);
    },

    async deleteProduct(id: string, audit: AuditRecorder): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await findProductRowById(trx, id);
        if (!row) throw notFound("Product");
        if (await productHasOrders(trx, id))
          throw new AdminError(409, "product_has_orders", "Orders refer to this product: archive it instead");
        for (const variant of await listProductVariantsOf(trx, id))
          if (await variantInUse(trx, variant.id))
            throw new AdminError(
              409,
              "product_has_orders",
              "Payments in progress hold this product: archive it instead",
            );
        await deleteProductRow(trx, id);
        await audit(trx, {
          action: "product.delete",
          entity: "product",
          entityId: id,
          label: row.name,
          changes: [{ field: "product", before: { name: row.name, slug: row.slug }, after: null }],
        });
        await bumpCatalogVersion(trx);
      });
    },

    // Images

    async addImages(productId: string, files: UploadedFile[], audit: AuditRecorder): Promise<AdminImage[]> {
      const product = await findProductRowById(db, productId);
      if (!product) throw notFound("Product");
      if (files.length === 0) throw new AdminError(400, "validation", "Choose at least one image");
      // Every file is checked and converted before any is added: one bad file adds none.
      for (const file of files) await checkUpload(file.buffer, file.filename, maxMegapixels);
      const stored: (StoredImage & { file: UploadedFile })[] = [];
      for (const file of files)
        stored.push({
          ...(await storeUpload(media, "products", file.buffer, file.filename, maxMegapixels)),
          file,
        });
      await db.transaction().execute(async (trx) => {
        let position = await nextImagePosition(trx, productId);
        for (const image of stored) {
          const id = newId();
          await insertImageRow(trx, {
            id,
            product_id: productId,
            position,
            url: image.url,
            alt: product.name,
            alt_ar: null,
            width: image.width,
            height: image.height,
          });
          position += 1;
          await audit(trx, {
            action: "image.add",
            entity: "image",
            entityId: id,
            label: product.name,
            changes: [{ field: "image", before: null, after: image.url }],
          });
        }
        await bumpCatalogVersion(trx);
      });
      return (await listProductImagesOf(db, productId)).map(toImage);
    },

    async reorderImages(productId: string, imageIds: string[], audit: AuditRecorder): Promise<AdminImage[]> {
      await db.transaction().execute(async (trx) => {
        const product = await findProductRowById(trx, productId);
        if (!product) throw notFound("Product");
        const current = await listProductImagesOf(trx, productId);
        const known = new Set(current.map((i) => i.id));
        if (
          imageIds.length !== current.length ||
          new Set(imageIds).size !== imageIds.length ||
          !imageIds.every((i) => known.has(i))
        )
          throw new AdminError(400, "validation", "List every image of the product exactly once");
        // Two passes: the unique (product, position) index never sees two images at one place.
        for (const [index, imageId] of imageIds.entries())
          await setImagePosition(trx, productId, imageId, -1 - index);
        for (const [position, imageId] of imageIds.entries())
          await setImagePosition(trx, productId, imageId, position);
        await audit(trx, {
          action: "image.reorder",
          entity: "product",
          entityId: productId,
          label: product.name,
          changes: [{ field: "images", before: current.map((i) => i.id), after: imageIds }],
        });
        await bumpCatalogVersion(trx);
      });
      return (await listProductImagesOf(db, productId)).map(toImage);
    },

    async setImageAlt(
      productId: string,
      imageId: string,
      alt: string,
      audit: AuditRecorder,
    ): Promise<AdminImage[]> {
      await db.transaction().execute(async (trx) => {
        const product = await findProductRowById(trx, productId);
        const before = (await listProductImagesOf(trx, productId)).find((i) => i.id === imageId);
        if (!product || !before || !(await setImageAlt(trx, productId, imageId, alt)))
          throw notFound("Image");
        await audit(trx, {
          action: "image.alt",
          entity: "image",
          entityId: imageId,
          label: product.name,
          changes: [{ field: "alt", before: before.alt, after: alt }],
        });
        await bumpCatalogVersion(trx);
      });
      return (await listProductImagesOf(db, productId)).map(toImage);
    },

    async deleteImage(productId: string, imageId: string, audit: AuditRecorder): Promise<AdminImage[]> {
      await db.transaction().execute(async (trx) => {
        const product = await findProductRowById(trx, productId);
        const before = (await listProductImagesOf(trx, productId)).find((i) => i.id === imageId);
        if (!product || !before || !(await deleteImageRow(trx, productId, imageId))) throw notFound("Image");
        const rest = await listProductImagesOf(trx, productId);
        for (const [position, image] of rest.entries())
          await setImagePosition(trx, productId, image.id, position);
        await audit(trx, {
          action: "image.delete",
          entity: "image",
          entityId: imageId,
          label: product.name,
          changes: [{ field: "image", before: before.url, after: null }],
        });
        await bumpCatalogVersion(trx);
      });
      return (await listProductImagesOf(db, productId)).map(toImage);
    },

    // Blog

    async listPosts(): Promise<AdminBlogPost[]> {
      return (await listAllBlogPostRows(db)).map(toBlogPost);
    },

    async getPost(id: string): Promise<AdminBlogPost> {
      const row = await findBlogPostRow(db, id);
      if (!row) throw notFound("Post");
      return toBlogPost(row);
    },

    async createPost(input: AdminBlogInput, audit: AuditRecorder): Promise<AdminBlogPost> {
      const content = cleanContent(input.content);
      const id = newId();
      await uniqueAware(() =>
        db.transaction().execute(async (trx) => {
          if (await blogSlugTaken(trx, input.slug))
            throw new AdminError(409, "slug_taken", `Another post already has the address ${input.slug}`);
          const now = new Date().toISOString();
          await insertBlogPostRow(trx, {
            id,
            slug: input.slug,
            title: input.title,
            excerpt: input.excerpt,
            content_html: content,
            image: "",
            author: input.author,
            read_time_minutes: input.readTimeMinutes ?? readTime(content),
            category: input.category,
            published_at: now,
            created_at: now,
            published: false,
            title_ar: null,
            excerpt_ar: null,
            content_html_ar: null,
          });
          await audit(trx, {
            action: "blog_post.create",
            entity: "blog_post",
            entityId: id,
            label: input.title,
            changes: diff({}, { title: input.title, slug: input.slug }),
          });
        }),
      );
      return this.getPost(id);
    },

    async updatePost(id: string, input: AdminBlogInput, audit: AuditRecorder): Promise<AdminBlogPost> {
      const content = cleanContent(input.content);
      await uniqueAware(() =>
        db.transaction().execute(async (trx) => {
          const row = await findBlogPostRow(trx, id);
          if (!row) throw notFound("Post");
          if (await blogSlugTaken(trx, input.slug, id))
            throw new AdminError(409, "slug_taken", `Another post already has the address ${input.slug}`);
          const patch = {
            slug: input.slug,
            title: input.title,
            excerpt: input.excerpt,
            content_html: content,
            author: input.author,
            category: input.category,
            read_time_minutes: input.readTimeMinutes ?? readTime(content),
          };
          const changes = diff(row as unknown as Record<string, unknown>, patch).map((c) =>
            c.field === "content_html"
              ? { field: "content", before: "(previous text)", after: "(new text)" }
              : c,
          );
          await updateBlogPostRow(trx, id, patch);
          if (changes.length > 0)
            await audit(trx, {
              action: "blog_post.update",
              entity: "blog_post",
              entityId: id,
              label: input.title,
              changes,
            });
          if (row.published ?? true) await bumpCatalogVersion(trx);
        }),
      );
      return this.getPost(id);
    },

    async setPublished(id: string, published: boolean, audit: AuditRecorder): Promise<AdminBlogPost> {
      await db.transaction().execute(async (trx) => {
        const row = await findBlogPostRow(trx, id);
        if (!row) throw notFound("Post");
        const was = Boolean(row.published ?? true);
        if (was === published) return;
        await updateBlogPostRow(trx, id, { published });
        await audit(trx, {
          action: published ? "blog_post.publish" : "blog_post.unpublish",
          entity: "blog_post",
          entityId: id,
          label: row.title,
          changes: [{ field: "published", before: was, after: published }],
        });
        await bumpCatalogVersion(trx);
      });
      return this.getPost(id);
    },

    async setCover(id: string, file: UploadedFile, audit: AuditRecorder): Promise<AdminBlogPost> {
      const existing = await findBlogPostRow(db, id);
      if (!existing) throw notFound("Post");
      const image = await storeUpload(media, "blog", file.buffer, file.filename, maxMegapixels);
      await db.transaction().execute(async (trx) => {
        await updateBlogPostRow(trx, id, { image: image.url });
        await audit(trx, {
          action: "blog_post.cover",
          entity: "blog_post",
          entityId: id,
          label: existing.title,
          changes: [{ field: "image", before: existing.image, after: image.url }],
        });
        await bumpCatalogVersion(trx);
      });
      return this.getPost(id);
    },

    // Reviews

    async listReviews(status: ReviewStatus, page: number, limit: number) {
      const { rows, total } = await listReviewRows(db, status, limit, (page - 1) * limit);
      return { reviews: rows.map(toReview), total };
    },

    /** Approve publishes a review on its product page (catalog version bumped); reject hides it. */
    async moderateReview(
      id: string,
      to: "published" | "rejected",
      audit: AuditRecorder,
    ): Promise<AdminReview> {
      await db.transaction().execute(async (trx) => {
        const row = await findReviewRow(trx, id);
        if (!row) throw notFound("Review");
        if (!(await setReviewStatus(trx, id, to))) return;
        await audit(trx, {
          action: to === "published" ? "review.approve" : "review.reject",
          entity: "review",
          entityId: id,
          label: `${row.user_name} on ${row.product_name}`,
          changes: [{ field: "status", before: row.status, after: to }],
        });
        if (to === "published" || row.status === "published") await bumpCatalogVersion(trx);
      });
      const row = await findReviewRow(db, id);
      if (!row) throw notFound("Review");
      return toReview(row);
    },
  };
}

/** The editor's HTML through the blog allowlist; a post whose text is all refused is refused. */
function cleanContent(html: string): string {
  const clean = sanitizeBlogHtml(html).trim();
  if (clean.replace(/<[^>]*>/g, "").trim() === "")
    throw new AdminError(400, "validation", "The post has no text left once unsupported markup is removed");
  return clean;
}

export type AdminCatalog = ReturnType<typeof createAdminCatalog>;
