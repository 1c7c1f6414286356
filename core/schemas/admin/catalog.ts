import "../zod-setup.ts";
import { z } from "zod";
import { CATEGORIES } from "../../constants.ts";
import { RETURN_POLICIES } from "../returns.ts";
import {
  aedAmount,
  arabicText,
  limit,
  optionalText,
  PagedSchema,
  page,
  queryFlag,
  SlugSchema,
  text,
} from "./fields.ts";

// Products

export const PRODUCT_FLAGS = ["bestseller", "new", "sale"] as const;
export const ARCHIVE_FILTERS = ["active", "archived", "all"] as const;

/** GET /api/admin/products */
export const AdminProductQuerySchema = z.object({
  search: optionalText(100, "Search").optional(),
  category: z.string().max(60).optional(),
  type: z.string().max(60).optional(),
  flag: z.enum(PRODUCT_FLAGS, { error: `flag must be one of ${PRODUCT_FLAGS.join(", ")}` }).optional(),
  archived: z.enum(ARCHIVE_FILTERS).default("active"),
  /** Drafts only, or published ones only (issue 26); both when absent. */
  state: z.enum(["draft", "published"]).optional(),
  lowStock: queryFlag.optional(),
  /** Only products a shopper on /ar would read partly in English (decision 0025). */
  needsArabic: queryFlag.optional(),
  page,
  limit: limit(100, 25),
});
export type AdminProductQuery = z.output<typeof AdminProductQuerySchema>;

export const AdminImageSchema = z.object({
  id: z.string(),
  /** `/media/products/<key>.webp`: the storefront's MediaImage renders it at MEDIA_WIDTHS. */
  url: z.string(),
  alt: z.string(),
  /** null: not translated, /ar shows the English alt text. */
  altAr: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type AdminImage = z.infer<typeof AdminImageSchema>;

export const AdminVariantSchema = z.object({
  id: z.string(),
  size: z.string(),
  sku: z.string(),
  /** Retail price in AED and fils, before the discount. */
  price: z.number(),
  priceFils: z.number().int(),
  discount: z.number(),
  /** What shoppers pay. */
  salePriceFils: z.number().int(),
  /** null: stock is not tracked for this size. */
  stock: z.number().int().nullable(),
  /** Units reserved by payments in progress. */
  held: z.number().int(),
  available: z.number().int().nullable(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** The Arabic twins (decision 0021); null: /ar shows the English. */
  nameAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  /** The shopper-facing texts with no Arabic yet (`name`, `description`, `alt`); empty when translated. */
  missingArabic: z.array(z.enum(["name", "description", "alt"])),
  category: z.string(),
  type: z.string(),
  fabric: z.string(),
  colors: z.array(z.string()),
  bestseller: z.boolean(),
  isNew: z.boolean(),
  isSale: z.boolean(),
  /** Issue 24: final-sale and made-to-measure products cannot be returned or exchanged (decision 0032). */
  returnPolicy: z.enum(RETURN_POLICIES),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  /** A draft until published (issue 26): nowhere on the storefront, not orderable. */
  draft: z.boolean(),
  /** True when an order refers to it: it can be archived, not deleted. */
  hasOrders: z.boolean(),
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(AdminImageSchema),
  variants: z.array(AdminVariantSchema),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  type: z.string(),
  image: z.string().nullable(),
  priceFils: z.number().int(),
  salePriceFils: z.number().int().nullable(),
  bestseller: z.boolean(),
  isNew: z.boolean(),
  isSale: z.boolean(),
  archived: z.boolean(),
  draft: z.boolean(),
  variantCount: z.number().int(),
  /** Sum of available stock over tracked sizes; null when no size tracks stock. */
  available: z.number().int().nullable(),
  /** Tracked sizes at or below the low-stock threshold. */
  lowStockSizes: z.number().int(),
  /** The shopper-facing texts with no Arabic yet: the list's 'Needs Arabic' badge. */
  missingArabic: z.array(z.enum(["name", "description", "alt"])),
  updatedAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof AdminProductSummarySchema>;

export const AdminProductListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  products: z.array(AdminProductSummarySchema),
});
export const AdminProductAnswerSchema = z.object({ success: z.literal(true), product: AdminProductSchema });

/**
 * One size of a product in the editor. `id` names an existing size (omitted for a new one). `stock` is
 * read only for a new size (its opening stock; null = not tracked): an existing size's stock changes
 * only through the stock adjustment, so an edit never overwrites a sale that happened meanwhile.
 */
export const AdminVariantInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  size: text(40, "Size"),
  sku: text(64, "SKU"),
  price: aedAmount("Price"),
  discount: z
    .number({ error: "Discount must be a number" })
    .int({ error: "Discount is a whole percent" })
    .min(0, { error: "Discount cannot be negative" })
    .max(95, { error: "Discount is at most 95%" })
    .default(0),
  stock: z
    .number({ error: "Stock must be a number" })
    .int({ error: "Stock is a whole number" })
    .min(0, { error: "Stock cannot be negative" })
    .max(1_000_000)
    .nullable()
    .optional(),
});
export type AdminVariantInput = z.output<typeof AdminVariantInputSchema>;

/** POST /api/admin/products and PUT /api/admin/products/:id (the whole editable product). */
export const AdminProductInputSchema = z
  .object({
    name: text(160, "Name"),
    slug: SlugSchema,
    description: optionalText(5000, "Description").default(""),
    nameAr: arabicText(160, "Name"),
    descriptionAr: arabicText(5000, "Description"),
    category: z.string({ error: "Category is required" }).trim().min(1, { error: "Category is required" }),
    type: text(60, "Type"),
    fabric: text(60, "Fabric"),
    colors: z.array(text(40, "Colour")).max(20, { error: "At most 20 colours" }).default([]),
    bestseller: z.boolean().default(false),
    isNew: z.boolean().default(false),
    isSale: z.boolean().default(false),
    /** Left out: kept as stored (returnable for a new product). */
    returnPolicy: z
      .enum(RETURN_POLICIES, { error: `returnPolicy must be one of ${RETURN_POLICIES.join(", ")}` })
      .optional(),
    variants: z
      .array(AdminVariantInputSchema)
      .min(1, { error: "Add at least one size" })
      .max(20, { error: "At most 20 sizes" }),
  })
  .superRefine((product, ctx) => {
    const sizes = new Set<string>();
    const skus = new Set<string>();
    product.variants.forEach((v, index) => {
      const size = v.size.toLowerCase();
      if (sizes.has(size))
        ctx.addIssue({
          code: "custom",
          message: `Size ${v.size} is listed twice`,
          path: ["variants", index],
        });
      sizes.add(size);
      const sku = v.sku.toLowerCase();
      if (skus.has(sku))
        ctx.addIssue({ code: "custom", message: `SKU ${v.sku} is listed twice`, path: ["variants", index] });
      skus.add(sku);
    });
  });
export type AdminProductInput = z.output<typeof AdminProductInputSchema>;

/** POST /api/admin/products/:id/stock: an adjustment, never an overwrite (+3 received, -1 damaged). */
export const StockAdjustmentSchema = z.object({
  variantId: z.string({ error: "Choose a size" }).min(1, { error: "Choose a size" }).max(64),
  delta: z
    .number({ error: "The change must be a number" })
    .int({ error: "The change is a whole number" })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((d) => d !== 0, { error: "The change cannot be 0" }),
  reason: optionalText(200, "Reason").optional(),
});
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

const stockFigure = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} is a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(1_000_000, { error: `${label} is too large` });

/**
 * POST /api/admin/products/:id/stock/count (issue 26; decision 0026, amending 0013): set a size's stock
 * to the counted number, if it still is the figure the owner read (`expected`); otherwise 409
 * stock_changed naming the figure it is now.
 */
export const StockCountSchema = z.object({
  variantId: z.string({ error: "Choose a size" }).min(1, { error: "Choose a size" }).max(64),
  expected: stockFigure("The stock you read"),
  counted: stockFigure("The counted number"),
  reason: optionalText(200, "Reason").optional(),
});
export type StockCount = z.infer<typeof StockCountSchema>;
export const StockAdjustmentAnswerSchema = z.object({
  success: z.literal(true),
  variant: AdminVariantSchema,
});

/** Upload limits: per file, and files per request (multipart field `images`, or `image` for a cover). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;
/** The largest side an upload is kept at; larger originals are scaled down once, on upload. */
export const IMAGE_MAX_SIDE = 2400;

/** PUT /api/admin/products/:id/images/order: every image id of the product, in the new order. */
export const ImageOrderSchema = z.object({
  imageIds: z.array(z.string().min(1).max(64)).min(1).max(50),
});
/** PATCH /api/admin/products/:id/images/:imageId */
export const ImageAltSchema = z.object({
  alt: optionalText(200, "Alt text"),
  altAr: arabicText(200, "Alt text"),
});
export const ImageParamsSchema = z.object({
  id: z.string().min(1).max(64),
  imageId: z.string().min(1).max(64),
});
export const ImagesAnswerSchema = z.object({ success: z.literal(true), images: z.array(AdminImageSchema) });

/** The categories a product may be in (the categories table holds the same, SPEC §2). */
export const PRODUCT_CATEGORIES = CATEGORIES;
