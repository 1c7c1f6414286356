import type { Kysely, Transaction } from "kysely";
import type { BlogPostDto, ReviewDto, ReviewSummaryDto } from "#core/catalog.ts";
import type { BlogPostTable, Database, ReviewTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function createBlogPost(db: Db, post: BlogPostTable): Promise<void> {
  await db.insertInto("blog_posts").values(post).execute();
}

export async function listBlogPosts(db: Db, limit?: number): Promise<BlogPostDto[]> {
  let q = db.selectFrom("blog_posts").selectAll().orderBy("published_at", "desc").orderBy("id");
  if (limit !== undefined) q = q.limit(limit);
  return (await q.execute()).map(toBlogPostDto);
}

export async function findBlogPostBySlug(db: Db, slug: string): Promise<BlogPostDto | undefined> {
  const row = await db.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toBlogPostDto(row) : undefined;
}

export function toBlogPostDto(row: BlogPostTable): BlogPostDto {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content_html,
    image: row.image,
    date: row.published_at,
    author: row.author,
    readTime: `${row.read_time_minutes} min read`,
    category: row.category,
    slug: row.slug,
  };
}

export async function createReview(db: Db, review: ReviewTable): Promise<void> {
  await db.insertInto("reviews").values(review).execute();
}

export async function listReviewsForProduct(
  db: Db,
  productId: string,
): Promise<{ reviews: ReviewDto[]; summary: ReviewSummaryDto }> {
  const rows = await db
    .selectFrom("reviews")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("created_at", "desc")
    .execute();
  const ratingDistribution: ReviewSummaryDto["ratingDistribution"] = {
    "1": 0,
    "2": 0,
    "3": 0,
    "4": 0,
    "5": 0,
  };
  let sum = 0;
  for (const row of rows) {
    const rating = Number(row.rating);
    sum += rating;
    const key = String(rating) as keyof typeof ratingDistribution;
    if (key in ratingDistribution) ratingDistribution[key] += 1;
  }
  return {
    reviews: rows.map((row) => ({
      _id: row.id,
      userName: row.user_name,
      rating: Number(row.rating),
      comment: row.comment,
      isVerifiedPurchase: Boolean(row.is_verified_purchase),
      createdAt: row.created_at,
    })),
    summary: {
      averageRating: rows.length === 0 ? 0 : Math.round((sum / rows.length) * 10) / 10,
      totalReviews: rows.length,
      ratingDistribution,
    },
  };
}
