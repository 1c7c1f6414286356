import "./zod-setup.ts";
import { z } from "zod";
import { SHOP_SORTS, SHOP_URL_MAX_PRICE_DEFAULT_AED } from "../constants.ts";
import { LangQuerySchema } from "../locale.ts";
import { normalizeText } from "./text.ts";

export { SHOP_SORTS, type ShopSort } from "../constants.ts";

const repeatable = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean),
  )
  .pipe(z.array(z.string().max(60, { error: "Filter values are at most 60 characters" })).max(20));

const amount = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, { error: `${field} cannot be negative` })
    .max(1_000_000, { error: `${field} is too large` });

/**
 * The shop's query (SPEC §2 /shop): the same names on the page URL and on GET /api/product/list.
 * Without parameters it means the whole catalog, newest first.
 */
export const ProductQuerySchema = z
  .object({
    category: z.string().overwrite(normalizeText).max(60).optional().default("all"),
    sort: z.enum(SHOP_SORTS, { error: `sort must be one of ${SHOP_SORTS.join(", ")}` }).default("newest"),
    minPrice: amount("minPrice").optional(),
    maxPrice: amount("maxPrice").optional(),
    color: repeatable,
    fabric: repeatable,
    type: repeatable,
    search: z
      .string()
      .overwrite(normalizeText)
      .max(100, { error: "Search is at most 100 characters" })
      .optional(),
    page: z.coerce.number({ error: "page must be a number" }).int().min(1).max(10_000).optional(),
    limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100).optional(),
    /** Issue 14: the API's answer language (the shop page takes it from its URL instead). */
    lang: LangQuerySchema,
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: "minPrice cannot be above maxPrice",
    path: ["minPrice"],
  });

export type ProductQuery = z.output<typeof ProductQuerySchema>;

/** SPEC §9: the shop page reads maxPrice from its URL with a default of 25000. */
export const SHOP_DEFAULT_MAX_PRICE = SHOP_URL_MAX_PRICE_DEFAULT_AED;

/** Products per page on the shop; the API's `limit` caps at 100. */
export const SHOP_PAGE_SIZE = 24;

/**
 * Reads the shop page's URL forgivingly: a page must render for any link a shopper pastes, so a bad
 * value is dropped (as if absent) rather than refused. The API, by contrast, answers bad values with 400.
 */
export function parseShopSearchParams(params: URLSearchParams): ProductQuery {
  const raw: Record<string, unknown> = {};
  for (const key of ["category", "sort", "minPrice", "maxPrice", "search", "page"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  for (const key of ["color", "fabric", "type"]) {
    const values = params.getAll(key).filter(Boolean);
    if (values.length > 0) raw[key] = values;
  }
  raw.maxPrice ??= SHOP_DEFAULT_MAX_PRICE;
  raw.limit = SHOP_PAGE_SIZE;
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = ProductQuerySchema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete raw[String(issue.path[0])];
    raw.limit = SHOP_PAGE_SIZE;
  }
  return ProductQuerySchema.parse({ limit: SHOP_PAGE_SIZE, maxPrice: SHOP_DEFAULT_MAX_PRICE });
}
