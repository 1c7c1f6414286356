import type { Kysely, Transaction } from "kysely";
import type { Database, ProductImageTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/* A product's photos as the back office edits them: ordered by position, unique per (product, position). */

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0);

export async function listProductImagesOf(db: Db, productId: string): Promise<ProductImageTable[]> {
  return db
    .selectFrom("product_images")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function insertImageRow(db: Db, row: ProductImageTable): Promise<void> {
  await db.insertInto("product_images").values(row).execute();
}

export async function nextImagePosition(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom("product_images")
    .select((eb) => eb.fn.max("position").as("p"))
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

/** The English alt text, and the Arabic one when given (null clears it). */
export async function setImageAlt(
  db: Db,
  productId: string,
  imageId: string,
  alt: string,
  altAr?: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("product_images")
    .set(altAr === undefined ? { alt } : { alt, alt_ar: altAr })
    .where("id", "=", imageId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return changed(result) === 1;
}

export async function setImagePosition(
  db: Db,
  productId: string,
  imageId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable("product_images")
    .set({ position })
    .where("id", "=", imageId)
    .where("product_id", "=", productId)
    .execute();
}

export async function deleteImageRow(db: Db, productId: string, imageId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("product_images")
    .where("id", "=", imageId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return changed(result) === 1;
}
