import type { Kysely, Transaction } from "kysely";
import type { BlogPostDto } from "#core/catalog.ts";
import { fieldPicker, type Locale } from "#core/locale.ts";
import type { BlogPostTable, Database } from "../schema.ts";
import { bumpCatalogVersion } from "./catalog-version.ts";
import { loadTermNames, type TermNames } from "./terms.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A post to insert; its Arabic texts may be left out (null: shown in English). */
export type NewBlogPost = Omit<BlogPostTable, "title_ar" | "excerpt_ar" | "content_html_ar"> &
  Partial<Pick<BlogPostTable, "title_ar" | "excerpt_ar" | "content_html_ar">>;

export async function createBlogPost(db: Db, post: NewBlogPost): Promise<void> {
  await db.insertInto("blog_posts").values(post).execute();
  await bumpCatalogVersion(db);
}

export async function listBlogPosts(db: Db, limit?: number, locale: Locale = "en"): Promise<BlogPostDto[]> {
  // Issue 15: a post the back office unpublished is off /blog.
  let q = db
    .selectFrom("blog_posts")
    .selectAll()
    .where("published", "=", true)
    .orderBy("published_at", "desc")
    .orderBy("id");
  if (limit !== undefined) q = q.limit(limit);
  const [rows, terms] = await Promise.all([q.execute(), termsFor(db, locale)]);
  return rows.map((row) => toBlogPostDto(row, locale, terms));
}

export async function findBlogPostBySlug(
  db: Db,
  slug: string,
  locale: Locale = "en",
): Promise<BlogPostDto | undefined> {
  const [row, terms] = await Promise.all([
    db
      .selectFrom("blog_posts")
      .selectAll()
      .where("slug", "=", slug)
      .where("published", "=", true)
      .executeTakeFirst(),
    termsFor(db, locale),
  ]);
  return row ? toBlogPostDto(row, locale, terms) : undefined;
}

/** Gives a post the Arabic texts it lacks, only while its English title is still `englishTitle`. */
export async function addMissingBlogPostArabic(
  db: Db,
  slug: string,
  englishTitle: string,
  arabic: { title: string; excerpt: string; contentHtml: string },
): Promise<boolean> {
  const result = await db
    .updateTable("blog_posts")
    .set((eb) => ({
      title_ar: eb.fn.coalesce("title_ar", eb.val(arabic.title)),
      excerpt_ar: eb.fn.coalesce("excerpt_ar", eb.val(arabic.excerpt)),
      content_html_ar: eb.fn.coalesce("content_html_ar", eb.val(arabic.contentHtml)),
    }))
    .where("slug", "=", slug)
    .where("title", "=", englishTitle)
    .where((eb) =>
      eb.or([eb("title_ar", "is", null), eb("excerpt_ar", "is", null), eb("content_html_ar", "is", null)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const termsFor = (db: Db, locale: Locale) =>
  locale === "en" ? Promise.resolve(undefined) : loadTermNames(db, ["blog_category"]);

/** Every post's address and publication date, newest first, for the sitemap. */
export async function listBlogPostSitemapRows(db: Db): Promise<{ slug: string; published_at: string }[]> {
  return db
    .selectFrom("blog_posts")
    .select(["slug", "published_at"])
    .where("published", "=", true)
    .orderBy("published_at", "desc")
    .execute();
}

export function toBlogPostDto(row: BlogPostTable, locale: Locale = "en", terms?: TermNames): BlogPostDto {
  const pick = fieldPicker(locale);
  const minutes = Number(row.read_time_minutes);
  return {
    _id: row.id,
    title: pick.text("title", row.title_ar, row.title),
    excerpt: pick.text("excerpt", row.excerpt_ar, row.excerpt),
    content: pick.text("content", row.content_html_ar, row.content_html),
    image: row.image,
    date: row.published_at,
    author: row.author,
    readTime: locale === "ar" ? arabicReadTime(minutes) : `${minutes} min read`,
    category: pick.text("category", terms?.get("blog_category")?.get(row.category), row.category),
    slug: row.slug,
    ...pick.enFields(),
  };
}

/** '5 min read' in Arabic, with the noun Arabic grammar wants after the number (Western digits). */
export function arabicReadTime(minutes: number): string {
  if (minutes === 1) return "دقيقة واحدة للقراءة";
  if (minutes === 2) return "دقيقتان للقراءة";
  if (minutes >= 3 && minutes <= 10) return `${minutes} دقائق للقراءة`;
  return `${minutes} دقيقة للقراءة`;
}
