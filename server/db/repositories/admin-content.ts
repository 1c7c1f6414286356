import type { Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { BlogPostTable, Database, ReviewStatus, ReviewTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

// Blog posts, published or not (the storefront's reads are in content.ts)

export async function listAllBlogPostRows(db: Db): Promise<Selectable<BlogPostTable>[]> {
  return db.selectFrom("blog_posts").selectAll().orderBy("published_at", "desc").orderBy("id").execute();
}

export async function findBlogPostRow(db: Db, id: string): Promise<Selectable<BlogPostTable> | undefined> {
  return db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function blogSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertBlogPostRow(db: Db, row: BlogPostTable): Promise<void> {
  await db.insertInto("blog_posts").values(row).execute();
}

export async function updateBlogPostRow(
  db: Db,
  id: string,
  patch: Omit<Updateable<BlogPostTable>, "id">,
): Promise<void> {
  await db.updateTable("blog_posts").set(patch).where("id", "=", id).execute();
}

// Reviews of every status, for moderation

export interface AdminReviewRow extends Selectable<ReviewTable> {
  product_name: string;
  product_slug: string;
}

export async function listReviewRows(
  db: Db,
  status: ReviewStatus | "all",
  limit: number,
  offset: number,
): Promise<{ rows: AdminReviewRow[]; total: number }> {
  let q = db.selectFrom("reviews").innerJoin("products", "products.id", "reviews.product_id");
  if (status !== "all") q = q.where("reviews.status", "=", status);
  const [rows, count] = await Promise.all([
    q
      .selectAll("reviews")
      .select(["products.name as product_name", "products.slug as product_slug"])
      // Pending ones oldest first (a queue); the others newest first.
      .orderBy("reviews.created_at", status === "pending" ? "asc" : "desc")
      .orderBy("reviews.id")
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findReviewRow(db: Db, id: string): Promise<AdminReviewRow | undefined> {
  return db
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.product_id")
    .selectAll("reviews")
    .select(["products.name as product_name", "products.slug as product_slug"])
    .where("reviews.id", "=", id)
    .executeTakeFirst();
}

/** Sets a review's status; conditional on it changing, so the audit log records real moves only. */
export async function setReviewStatus(db: Db, id: string, status: ReviewStatus): Promise<boolean> {
  const result = await db
    .updateTable("reviews")
    .set({ status })
    .where("id", "=", id)
    .where("status", "!=", status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countReviewsWithStatus(db: Db, status: ReviewStatus): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
