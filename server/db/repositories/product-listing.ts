import { type Kysely, sql, type Transaction } from "kysely";
import type { CategoryDto } from "#core/catalog.ts";
import { fieldPicker, type Locale } from "#core/locale.ts";
import type { ProductQuery } from "#core/schemas/catalog.schema.ts";
import { noteListShown } from "../../products-shown.ts";
import type { Database, ProductTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Which products the storefront shows, in which order (SPEC §2): the shop's filtered, sorted page and the
 * values its filters offer, a product by its address, the home's bestsellers and a product page's related
 * products. Rows become the SPEC shape through toProductDtos (products.ts).
 */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const ARABIC_LETTER = /[\u0621-\u064A]/;

/**
 * A LIKE pattern for Arabic text as shoppers type it: diacritics and tatweel dropped, and the letters
 * people write interchangeably (alef with or without hamza or madda, final yaa and alef maqsura, taa
 * marbuta and haa) matching each other, so 'عبايه' finds 'عباية' and 'اسراء' finds 'إسراء'.
 */
export function arabicLikePattern(search: string): string {
  const bare = search.replace(/[\u064B-\u0652\u0670\u0640]/g, "");
  return `%${escapeLike(bare).replace(/[\u0622\u0623\u0625\u0627\u0649\u064A\u0629\u0647]/g, "_")}%`;
}

/** The WHERE clause of the shop query, shared by the page of rows and its count. */
function filtered(db: Db, query: ProductQuery, locale: Locale) {
  // Issue 15: an archived product is gone from the storefront.
  let q = db
    .selectFrom("products")
    .where("products.archived_at", "is", null)
    .where("products.draft", "=", false);
  if (query.category && query.category !== "all") q = q.where("products.category_slug", "=", query.category);
  // The shop always sends a price range (maxPrice defaults to 25000), which rarely narrows much. Unless the
  // list is sorted by price, `+ 0` keeps SQLite from choosing the price index over the sort's index
  // (measured on 10,000 products: 8.8 ms → 0.2 ms for the first page).
  const price = query.sort.startsWith("price")
    ? sql.ref("products.effective_price_fils")
    : sql<number>`(products.effective_price_fils + 0)`;
  if (query.minPrice !== undefined) q = q.where(price, ">=", Math.round(query.minPrice * 100));
  if (query.maxPrice !== undefined) q = q.where(price, "<=", Math.round(query.maxPrice * 100));
  if (query.fabric.length > 0) q = q.where("products.fabric", "in", query.fabric);
  if (query.type.length > 0) q = q.where("products.type", "in", query.type);
  if (query.color.length > 0) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_colors")
          .select(sql.lit(1).as("one"))
          .whereRef("product_colors.product_id", "=", "products.id")
          .where("product_colors.color", "in", query.color),
      ),
    );
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    // Issue 14: an Arabic page, or Arabic letters in the search, also look in the Arabic names; an
    // English search on an English page is the query it always was.
    if (locale === "ar" || ARABIC_LETTER.test(query.search)) {
      const arabic = arabicLikePattern(query.search.toLowerCase());
      q = q.where(
        sql<boolean>`(lower(products.name) like ${pattern} escape '\\' or products.name_ar like ${arabic} escape '\\')`,
      );
    } else {
      q = q.where(sql<boolean>`lower(products.name) like ${pattern} escape '\\'`);
    }
  }
  return q;
}

export async function listProductRows(
  db: Db,
  query: ProductQuery,
  locale: Locale = "en",
): Promise<{ rows: ProductTable[]; total: number }> {
  // A cached answer of this list is dropped by what changes its products, filters, sorts or search.
  noteListShown(query.search ? ["lists", "shop", "search"] : ["lists", "shop"], query.category);
  let q = filtered(db, query, locale).selectAll("products");
  switch (query.sort) {
    case "price-low-high":
      q = q.orderBy("products.effective_price_fils", "asc");
      break;
    case "price-high-low":
      q = q.orderBy("products.effective_price_fils", "desc");
      break;
    case "popularity":
      q = q.orderBy("products.popularity", "desc");
      break;
    default:
      q = q.orderBy("products.date", "desc");
  }
  q = q.orderBy("products.id", "asc");
  if (query.limit !== undefined) q = q.limit(query.limit).offset(((query.page ?? 1) - 1) * query.limit);
  const rows = await q.execute();
  const needsCount = query.limit !== undefined && (rows.length === query.limit || (query.page ?? 1) > 1);
  const total = needsCount
    ? Number(
        (
          await filtered(db, query, locale)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      )
    : ((query.page ?? 1) - 1) * (query.limit ?? 0) + rows.length;
  return { rows, total };
}

export async function findProductRowBySlug(db: Db, slug: string): Promise<ProductTable | undefined> {
  return db
    .selectFrom("products")
    .selectAll()
    .where("slug", "=", slug)
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .executeTakeFirst();
}

/** SPEC §2 Home: a collection's bestsellers, most popular first. */
export async function listBestsellerRows(db: Db, category: string, count: number): Promise<ProductTable[]> {
  noteListShown(["lists"], category);
  return db
    .selectFrom("products")
    .selectAll()
    .where("category_slug", "=", category)
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .where("bestseller", "=", true)
    .orderBy("popularity", "desc")
    .orderBy("id")
    .limit(count)
    .execute();
}

/** SPEC §2 'You May Also Like': the category's most popular products other than this one. */
export async function listRelatedProductRows(
  db: Db,
  category: string,
  productId: string,
  count: number,
): Promise<ProductTable[]> {
  noteListShown(["lists"], category);
  return db
    .selectFrom("products")
    .selectAll()
    .where("category_slug", "=", category)
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .where("id", "!=", productId)
    .orderBy("popularity", "desc")
    .orderBy("id")
    .limit(count)
    .execute();
}

/** The colours the catalog holds, for the shop's colour filter. */
export async function listProductColors(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("product_colors")
    .innerJoin("products", "products.id", "product_colors.product_id")
    .where("products.archived_at", "is", null)
    .where("products.draft", "=", false)
    .select("product_colors.color")
    .distinct()
    .orderBy("product_colors.color")
    .execute();
  return rows.map((r) => r.color);
}

/** The fabrics the catalog holds, for the shop's fabric filter. */
export async function listProductFabrics(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select("fabric")
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .distinct()
    .orderBy("fabric")
    .execute();
  return rows.map((r) => r.fabric);
}

/** The product types the catalog holds, for the shop's type filter. */
export async function listProductTypes(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select("type")
    .where("archived_at", "is", null)
    .where("draft", "=", false)
    .distinct()
    .orderBy("type")
    .execute();
  return rows.map((r) => r.type);
}

/** The collections in the shop's order, named in `locale` (English per field where Arabic is missing). */
export async function listCategories(db: Db, locale: Locale = "en"): Promise<CategoryDto[]> {
  const rows = await db.selectFrom("categories").selectAll().orderBy("position").orderBy("slug").execute();
  return rows.map((row) => {
    const pick = fieldPicker(locale);
    return {
      slug: row.slug,
      name: pick.text("name", row.name_ar, row.name),
      description: pick.text("description", row.description_ar, row.description),
      ...pick.enFields(),
    };
  });
}
