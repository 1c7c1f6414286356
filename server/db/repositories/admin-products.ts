import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from "kysely";
import type { AdminProductQuery } from "#core/admin.ts";
import type { Database, ProductTable, ProductVariantTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type VariantRow = Selectable<ProductVariantTable>;

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A row of the back office's product list, with its stock figures. */
export interface AdminProductListRow extends ProductTable {
  image: string | null;
  variant_count: number;
  available: number | null;
  low_stock_sizes: number;
  /** Images with an English alt text and no Arabic one. */
  alt_missing_ar: number;
}

/** "No Arabic" for a twin column: null, or blank (decision 0025). */
const noArabic = (column: string) => sql<boolean>`coalesce(trim(${sql.ref(column)}), '') = ''`;
const hasText = (column: string) => sql<boolean>`trim(${sql.ref(column)}) <> ''`;

/** The back office's product list: every product (archived ones on request), filtered and paged. */
export async function listAdminProductRows(
  db: Db,
  query: AdminProductQuery,
  lowStockThreshold: number,
): Promise<{ rows: AdminProductListRow[]; total: number }> {
  let q = db.selectFrom("products");
  if (query.archived === "active") q = q.where("products.archived_at", "is", null);
  else if (query.archived === "archived") q = q.where("products.archived_at", "is not", null);
  if (query.state) q = q.where("products.draft", "=", query.state === "draft");
  if (query.category) q = q.where("products.category_slug", "=", query.category);
  if (query.type) q = q.where("products.type", "=", query.type);
  if (query.flag === "bestseller") q = q.where("products.bestseller", "=", true);
  if (query.flag === "new") q = q.where("products.is_new", "=", true);
  if (query.flag === "sale") q = q.where("products.is_sale", "=", true);
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(products.name)`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(products.slug)`, "like", sql<string>`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("product_variants as sv")
            .select(sql.lit(1).as("one"))
            .whereRef("sv.product_id", "=", "products.id")
            .where(sql<boolean>`lower(sv.sku) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (query.needsArabic) {
    // What a shopper on /ar would read in English: the name, a description, an image's alt text.
    q = q.where((eb) =>
      eb.or([
        noArabic("products.name_ar"),
        eb.and([hasText("products.description"), noArabic("products.description_ar")]),
        eb.exists(
          eb
            .selectFrom("product_images as ai")
            .select(sql.lit(1).as("one"))
            .whereRef("ai.product_id", "=", "products.id")
            .where(hasText("ai.alt"))
            .where(noArabic("ai.alt_ar")),
        ),
      ]),
    );
  }
  if (query.lowStock) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_variants as lv")
          .select(sql.lit(1).as("one"))
          .whereRef("lv.product_id", "=", "products.id")
          .where("lv.stock", "is not", null)
          .where(sql<boolean>`lv.stock - lv.held_quantity <= ${lowStockThreshold}`),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll("products")
      .select((eb) => [
        eb
          .selectFrom("product_images as i")
          .select("i.url")
          .whereRef("i.product_id", "=", "products.id")
          .orderBy("i.position")
          .limit(1)
          .as("image"),
        eb
          .selectFrom("product_variants as v")
          .select((v) => v.fn.countAll<number>().as("n"))
          .whereRef("v.product_id", "=", "products.id")
          .as("variant_count"),
        eb
          .selectFrom("product_variants as v")
          .select(
            sql<
              number | null
            >`sum(case when v.stock is null then null else v.stock - v.held_quantity end)`.as("s"),
          )
          .whereRef("v.product_id", "=", "products.id")
          .as("available"),
        eb
          .selectFrom("product_variants as v")
          .select((v) => v.fn.countAll<number>().as("n"))
          .whereRef("v.product_id", "=", "products.id")
          .where("v.stock", "is not", null)
          .where(sql<boolean>`v.stock - v.held_quantity <= ${lowStockThreshold}`)
          .as("low_stock_sizes"),
        eb
          .selectFrom("product_images as ai")
          .select((v) => v.fn.countAll<number>().as("n"))
          .whereRef("ai.product_id", "=", "products.id")
          .where(hasText("ai.alt"))
          .where(noArabic("ai.alt_ar"))
          .as("alt_missing_ar"),
      ])
      .orderBy("products.updated_at", "desc")
      .orderBy("products.id")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      variant_count: Number(r.variant_count ?? 0),
      available: r.available === null || r.available === undefined ? null : Number(r.available),
      low_stock_sizes: Number(r.low_stock_sizes ?? 0),
      alt_missing_ar: Number(r.alt_missing_ar ?? 0),
    })),
    total: Number(count.n),
  };
}

/** Any product by id, archived or not. */
export async function findProductRowById(db: Db, id: string): Promise<ProductTable | undefined> {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listProductColorsOf(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("product_colors")
    .select("color")
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.color);
}

export async function listProductVariantsOf(db: Db, productId: string): Promise<VariantRow[]> {
  return db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
}

/** True when an order line refers to the product: it can be archived, never deleted. */
export async function productHasOrders(db: Db, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom("order_lines")
    .select("id")
    .where("product_id", "=", productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function productSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("products").select("id").where("slug", "=", slug);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** The first of `skus` another product already uses (compared case-insensitively), if any. */
export async function findSkuTakenElsewhere(
  db: Db,
  skus: string[],
  productId?: string,
): Promise<string | undefined> {
  if (skus.length === 0) return undefined;
  let q = db
    .selectFrom("product_variants")
    .select("sku")
    .where(
      sql<string>`lower(sku)`,
      "in",
      skus.map((s) => s.toLowerCase()),
    );
  if (productId) q = q.where("product_id", "!=", productId);
  return (await q.limit(1).executeTakeFirst())?.sku;
}

export async function updateProductRow(
  db: Db,
  id: string,
  patch: Omit<Updateable<ProductTable>, "id">,
): Promise<void> {
  await db.updateTable("products").set(patch).where("id", "=", id).execute();
}

export async function replaceProductColors(db: Db, productId: string, colors: string[]): Promise<void> {
  await db.deleteFrom("product_colors").where("product_id", "=", productId).execute();
  if (colors.length > 0)
    await db
      .insertInto("product_colors")
      .values(colors.map((color, position) => ({ product_id: productId, color, position })))
      .execute();
}

export async function insertVariantRow(
  db: Db,
  row: Omit<ProductVariantTable, "held_quantity">,
): Promise<void> {
  await db.insertInto("product_variants").values(row).execute();
}

/** Everything of a size but its stock, which only an adjustment changes. */
export async function updateVariantRow(
  db: Db,
  id: string,
  productId: string,
  patch: Pick<ProductVariantTable, "position" | "size" | "sku" | "retail_price_fils" | "discount_percent">,
): Promise<void> {
  await db
    .updateTable("product_variants")
    .set(patch)
    .where("id", "=", id)
    .where("product_id", "=", productId)
    .execute();
}

/** True when a size has order lines or stock holds (units held now, or a history the orders need). */
export async function variantInUse(db: Db, variantId: string): Promise<boolean> {
  const [line, hold] = await Promise.all([
    db.selectFrom("order_lines").select("id").where("variant_id", "=", variantId).limit(1).executeTakeFirst(),
    db.selectFrom("stock_holds").select("id").where("variant_id", "=", variantId).limit(1).executeTakeFirst(),
  ]);
  return line !== undefined || hold !== undefined;
}

export async function deleteVariantRow(db: Db, variantId: string): Promise<void> {
  await db.deleteFrom("product_variants").where("id", "=", variantId).execute();
}

/**
 * Adds `delta` (negative to remove) to a size's stock in one conditional UPDATE: the row's write lock
 * orders it against a concurrent sale (reserveStock/takeStock), and the condition keeps stock at or
 * above what payments in progress hold, so an adjustment can never make a sold or held unit vanish.
 * Undefined when the condition fails (or the size does not track stock, or does not exist).
 */
export async function adjustVariantStock(
  db: Db,
  productId: string,
  variantId: string,
  delta: number,
): Promise<{ stock: number; held: number } | undefined> {
  const row = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "+", delta) }))
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .where("stock", "is not", null)
    .where(sql<boolean>`stock + ${delta} >= held_quantity`)
    .returning(["stock", "held_quantity"])
    .executeTakeFirst();
  return row ? { stock: Number(row.stock), held: Number(row.held_quantity) } : undefined;
}

export async function findVariantRow(
  db: Db,
  productId: string,
  variantId: string,
): Promise<VariantRow | undefined> {
  return db
    .selectFrom("product_variants")
    .selectAll()
    .where("id", "=", variantId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
}

export async function setProductArchived(
  db: Db,
  id: string,
  archivedAt: string | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ archived_at: archivedAt, updated_at: now })
    .where("id", "=", id)
    .where("archived_at", archivedAt === null ? "is not" : "is", null)
    .executeTakeFirst();
  return changed(result) === 1;
}

/** Deletes a product; colours, images, sizes, reviews, cart lines and wishlist entries go with it. */
export async function deleteProductRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("products").where("id", "=", id).execute();
}

// Dashboard

export interface LowStockDbRow {
  product_id: string;
  product_name: string;
  slug: string;
  variant_id: string;
  size: string;
  sku: string;
  stock: number;
  held: number;
}

/** Active products' tracked sizes whose available stock is at or below the threshold, fewest first. */
export async function listLowStockRows(db: Db, threshold: number, limit: number): Promise<LowStockDbRow[]> {
  const rows = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "p.id as product_id",
      "p.name as product_name",
      "p.slug",
      "v.id as variant_id",
      "v.size",
      "v.sku",
      "v.stock",
      "v.held_quantity",
    ])
    .where("p.archived_at", "is", null)
    .where("v.stock", "is not", null)
    .where(sql<boolean>`v.stock - v.held_quantity <= ${threshold}`)
    .orderBy(sql`v.stock - v.held_quantity`)
    .orderBy("p.name")
    .orderBy("v.position")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    product_name: r.product_name,
    slug: r.slug,
    variant_id: r.variant_id,
    size: r.size,
    sku: r.sku,
    stock: Number(r.stock),
    held: Number(r.held_quantity),
  }));
}

export async function categoryExists(db: Db, slug: string): Promise<boolean> {
  const row = await db.selectFrom("categories").select("slug").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined;
}

/** True when the failed write ran into a unique index on `column` (either engine). */
export function uniqueViolationOn(error: unknown, column: string): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as {
    code?: string;
    errcode?: number;
    constraint?: string;
    detail?: string;
    message?: string;
  };
  const unique =
    e.code === "23505" || e.errcode === 2067 || /UNIQUE constraint failed/i.test(e.message ?? "");
  return (
    unique && new RegExp(`\\b${column}\\b`).test(`${e.constraint ?? ""} ${e.detail ?? ""} ${e.message ?? ""}`)
  );
}
