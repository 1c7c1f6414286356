import type { Kysely, Transaction } from "kysely";
import type { BlogPostDto } from "#core/catalog.ts";
import type { BlogPostTable, Database } from "../schema.ts";
import { bumpCatalogVersion } from "./catalog-version.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A post to insert; its Arabic texts may be left out (null: shown in English). */
export type NewBlogPost = Omit<BlogPostTable, "title_ar" | "excerpt_ar" | "content_html_ar"> &
  Partial<Pick<BlogPostTable, "title_ar" | "excerpt_ar" | "content_html_ar">>;

export async function createBlogPost(db: Db, post: NewBlogPost): Promise<void> {
  await db.insertInto("blog_posts").values(post).execute();
  await bumpCatalogVersion(db);
}

export async function listBlogPosts(db: Db, limit?: number): Promise<BlogPostDto[]> {
  // Issue 15: a post the back office unpublished is off /blog.
  let q = db
    .selectFrom("blog_posts")
    .selectAll()
    .where("published", "=", true)
    .orderBy("published_at", "desc")
    .orderBy("id");
  if (limit !== undefined) q = q.limit(limit);
  return (await q.execute()).map(toBlogPostDto);
}

export async function findBlogPostBySlug(db: Db, slug: string): Promise<BlogPostDto | undefined> {
  const row = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("slug", "=", slug)
    .where("published", "=", true)
    .executeTakeFirst();
  return row ? toBlogPostDto(row) : undefined;
}

/** Every post's address and publication date, newest first, for the sitemap. */
export async function listBlogPostSitemapRows(db: Db): Promise<{ slug: string; published_at: string }[]> {
  return db
    .selectFrom("blog_posts")
    .select(["slug", "published_at"])
    .where("published", "=", true)
    .orderBy("published_at", "desc")
    .execute();
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
