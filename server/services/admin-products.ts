import type { Kysely } from "kysely";
import type {
  AdminImage,
  AdminProduct,
  AdminProductInput,
  AdminProductQuery,
  AdminProductSummary,
  AuditChange,
} from "#core/admin.ts";
import { aedToFils } from "#core/money.ts";
import { listProductImagesOf } from "../db/repositories/admin-product-images.ts";
import { setProductDraft } from "../db/repositories/admin-product-state.ts";
import {
  categoryExists,
  deleteProductRow,
  findProductRowById,
  findSkuTakenElsewhere,
  listAdminProductRows,
  listProductColorsOf,
  listProductVariantsOf,
  productHasOrders,
  productSlugTaken,
  replaceProductColors,
  setProductArchived,
  updateProductRow,
  variantInUse,
} from "../db/repositories/admin-products.ts";
import { createProduct } from "../db/repositories/products.ts";
import type { Database, ProductTable } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { type AuditRecorder, diff } from "./admin-audit.ts";
import { catalogWrite, type Db, found } from "./admin-catalog-write.ts";
import { AdminError } from "./admin-errors.ts";
import { saveVariants, toVariant } from "./admin-product-sizes.ts";
import type { SettingsService } from "./admin-settings.ts";
import { listedFieldsOf, productEditKeys, productShelfKeys } from "./product-change.ts";

export function toImage(i: {
  id: string;
  url: string;
  alt: string;
  alt_ar: string | null;
  width: number;
  height: number;
  position: number;
}): AdminImage {
  return {
    id: i.id,
    url: i.url,
    alt: i.alt,
    altAr: i.alt_ar || null,
    width: Number(i.width),
    height: Number(i.height),
    position: Number(i.position),
  };
}

type ArabicGap = AdminProduct["missingArabic"][number];

const blank = (text: string | null | undefined) => !text?.trim();

/** The shopper-facing texts a shopper on /ar reads in English (the list's 'Needs Arabic'). */
export function missingArabic(
  row: Pick<ProductTable, "name_ar" | "description" | "description_ar">,
  altMissing: boolean,
): ArabicGap[] {
  const gaps: ArabicGap[] = [];
  if (blank(row.name_ar)) gaps.push("name");
  if (!blank(row.description) && blank(row.description_ar)) gaps.push("description");
  if (altMissing) gaps.push("alt");
  return gaps;
}

function productFields(
  product: Pick<
    ProductTable,
    | "name"
    | "slug"
    | "description"
    | "name_ar"
    | "description_ar"
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
    nameAr: product.name_ar,
    descriptionAr: product.description_ar,
    category: product.category_slug,
    type: product.type,
    fabric: product.fabric,
    bestseller: Boolean(product.bestseller),
    isNew: Boolean(product.is_new),
    isSale: Boolean(product.is_sale),
  };
}

async function checkProductInput(executor: Db, input: AdminProductInput, productId?: string) {
  if (!(await categoryExists(executor, input.category)))
    throw new AdminError("invalid", "unknown_category", `There is no category ${input.category}`);
  if (await productSlugTaken(executor, input.slug, productId))
    throw new AdminError("conflict", "slug_taken", `Another product already has the address ${input.slug}`);
  const taken = await findSkuTakenElsewhere(
    executor,
    input.variants.map((v) => v.sku),
    productId,
  );
  if (taken) throw new AdminError("conflict", "sku_taken", `Another product already uses SKU ${taken}`);
}

export async function loadProduct(executor: Db, id: string): Promise<AdminProduct> {
  const row = found(await findProductRowById(executor, id), "Product");
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
    nameAr: row.name_ar || null,
    descriptionAr: row.description_ar || null,
    missingArabic: missingArabic(
      row,
      images.some((i) => !blank(i.alt) && blank(i.alt_ar)),
    ),
    category: row.category_slug,
    type: row.type,
    fabric: row.fabric,
    colors,
    bestseller: Boolean(row.bestseller),
    isNew: Boolean(row.is_new),
    isSale: Boolean(row.is_sale),
    returnPolicy: row.return_policy ?? "returnable",
    archived: row.archived_at != null,
    archivedAt: row.archived_at ?? null,
    draft: Boolean(row.draft),
    hasOrders,
    date: row.date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: images.map(toImage),
    variants: variants.map(toVariant),
  };
}

/** The back office's products: the list, the editor's product with its sizes, archive and delete. */
export function createAdminProducts(options: { db: Kysely<Database>; settings: SettingsService }) {
  const { db, settings } = options;
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
          draft: Boolean(r.draft),
          variantCount: r.variant_count,
          available: r.available,
          lowStockSizes: r.low_stock_sizes,
          missingArabic: missingArabic(r, r.alt_missing_ar > 0),
          updatedAt: r.updated_at,
        })),
      };
    },

    getProduct: (id: string) => loadProduct(db, id),

    async createProduct(input: AdminProductInput, audit: AuditRecorder): Promise<AdminProduct> {
      const id = newId();
      await catalogWrite(db, audit, async (trx) => {
        await checkProductInput(trx, input);
        const now = new Date().toISOString();
        await createProduct(trx, {
          id,
          slug: input.slug,
          name: input.name,
          description: input.description,
          nameAr: input.nameAr ?? null,
          descriptionAr: input.descriptionAr ?? null,
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
          // Issue 26: a new product is a draft until the owner publishes it.
          draft: true,
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
        if (input.returnPolicy && input.returnPolicy !== "returnable")
          await updateProductRow(trx, id, { return_policy: input.returnPolicy });
        const sizes = input.variants.map((v) => ({
          field: `size ${v.size}`,
          before: null,
          after: { sku: v.sku, price: v.price, discount: v.discount, stock: v.stock ?? 0 },
        }));
        return {
          audit: {
            action: "product.create",
            entity: "product",
            entityId: id,
            label: input.name,
            changes: [
              ...diff({}, { name: input.name, slug: input.slug, category: input.category }),
              ...sizes,
            ],
          },
        };
      });
      return loadProduct(db, id);
    },

    async updateProduct(id: string, input: AdminProductInput, audit: AuditRecorder): Promise<AdminProduct> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findProductRowById(trx, id), "Product");
        await checkProductInput(trx, input, id);
        const { name, slug, description, category, type, fabric, bestseller, isNew, isSale } = input;
        const returnPolicy = input.returnPolicy ?? row.return_policy ?? "returnable";
        // Arabic left out of the body stays as stored; "" or null clears it (decision 0025).
        const nameAr = input.nameAr === undefined ? row.name_ar : input.nameAr;
        const descriptionAr = input.descriptionAr === undefined ? row.description_ar : input.descriptionAr;
        const fields = {
          name,
          slug,
          description,
          nameAr,
          descriptionAr,
          category,
          type,
          fabric,
          bestseller,
          isNew,
          isSale,
          returnPolicy,
        };
        const changes: AuditChange[] = diff(
          { ...productFields(row), returnPolicy: row.return_policy ?? "returnable" },
          fields,
        );
        const colorsBefore = await listProductColorsOf(trx, id);
        if (JSON.stringify(colorsBefore) !== JSON.stringify(input.colors)) {
          changes.push({ field: "colors", before: colorsBefore, after: input.colors });
          await replaceProductColors(trx, id, input.colors);
        }
        const sizes = await saveVariants(trx, id, input.variants);
        changes.push(...sizes.changes);
        await updateProductRow(trx, id, {
          name,
          slug,
          description,
          name_ar: nameAr,
          description_ar: descriptionAr,
          category_slug: category,
          type,
          fabric,
          bestseller,
          is_new: isNew,
          is_sale: isSale,
          return_policy: returnPolicy,
          ...sizes.prices,
          updated_at: new Date().toISOString(),
        });
        const record = {
          action: "product.update",
          entity: "product" as const,
          entityId: id,
          label: name,
          changes,
        };
        // Only the answers that show this product, and the lists its edit reaches (decision 0037).
        const reached = productEditKeys(listedFieldsOf(row, colorsBefore), {
          name,
          nameAr: nameAr ?? null,
          category,
          type,
          fabric,
          colors: input.colors,
          bestseller,
          effectivePriceFils: sizes.prices.effective_price_fils,
        });
        return { audit: changes.length > 0 ? record : [], bump: { products: [id, ...reached] } };
      });
      return loadProduct(db, id);
    },

    async setArchived(id: string, archived: boolean, audit: AuditRecorder): Promise<AdminProduct> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findProductRowById(trx, id), "Product");
        const now = new Date().toISOString();
        if (!(await setProductArchived(trx, id, archived ? now : null, now))) return null;
        return {
          bump: { products: [id, ...productShelfKeys(row)] },
          audit: {
            action: archived ? "product.archive" : "product.unarchive",
            entity: "product",
            entityId: id,
            label: row.name,
            changes: [{ field: "archived", before: !archived, after: archived }],
          },
        };
      });
      return loadProduct(db, id);
    },

    /** Publish a draft (it goes on the storefront) or make a product a draft again (issue 26). */
    async setDraft(id: string, draft: boolean, audit: AuditRecorder): Promise<AdminProduct> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findProductRowById(trx, id), "Product");
        if (!(await setProductDraft(trx, id, draft, new Date().toISOString()))) return null;
        return {
          bump: { products: [id, ...productShelfKeys(row)] },
          audit: {
            action: draft ? "product.unpublish" : "product.publish",
            entity: "product",
            entityId: id,
            label: row.name,
            changes: [{ field: "draft", before: !draft, after: draft }],
          },
        };
      });
      return loadProduct(db, id);
    },

    async deleteProduct(id: string, audit: AuditRecorder): Promise<void> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findProductRowById(trx, id), "Product");
        if (await productHasOrders(trx, id))
          throw new AdminError(
            "conflict",
            "product_has_orders",
            "Orders refer to this product: archive it instead",
          );
        for (const variant of await listProductVariantsOf(trx, id))
          if (await variantInUse(trx, variant.id))
            throw new AdminError(
              "conflict",
              "product_has_orders",
              "Payments in progress hold this product: archive it instead",
            );
        await deleteProductRow(trx, id);
        return {
          bump: { products: [id, ...productShelfKeys(row)] },
          audit: {
            action: "product.delete",
            entity: "product",
            entityId: id,
            label: row.name,
            changes: [{ field: "product", before: { name: row.name, slug: row.slug }, after: null }],
          },
        };
      });
    },
  };
}
