import type { Kysely, Selectable } from "kysely";
import type { AdminBlogInput, AdminBlogPost } from "#core/admin.ts";
import {
  blogSlugTaken,
  findBlogPostRow,
  insertBlogPostRow,
  listAllBlogPostRows,
  updateBlogPostRow,
} from "../db/repositories/admin-content.ts";
import type { BlogPostTable, Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";
import { sanitizeBlogHtml } from "../sanitize.ts";
import { type AuditRecorder, diff } from "./admin-audit.ts";
import { catalogWrite, found, type UploadedFile } from "./admin-catalog-write.ts";
import { AdminError } from "./admin-errors.ts";
import { releaseImageFiles } from "./admin-image-files.ts";
import { storeUpload } from "./admin-images.ts";

const blank = (text: string | null | undefined) => !text?.trim();

/** The texts a shopper on /ar reads in English (the list's 'Needs Arabic', decision 0025). */
function missingArabic(row: Selectable<BlogPostTable>): AdminBlogPost["missingArabic"] {
  const gaps: AdminBlogPost["missingArabic"] = [];
  if (blank(row.title_ar)) gaps.push("title");
  if (!blank(row.excerpt) && blank(row.excerpt_ar)) gaps.push("excerpt");
  if (blank(row.content_html_ar)) gaps.push("content");
  return gaps;
}

function toBlogPost(row: Selectable<BlogPostTable>): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content_html,
    titleAr: row.title_ar || null,
    excerptAr: row.excerpt_ar || null,
    contentAr: row.content_html_ar || null,
    missingArabic: missingArabic(row),
    image: row.image,
    author: row.author,
    readTimeMinutes: Number(row.read_time_minutes),
    category: row.category,
    published: Boolean(row.published ?? true),
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

/** About 200 words a minute, at least one. */
function readTime(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** The editor's HTML through the blog allowlist; a post whose text is all refused is refused. */
function cleanContent(html: string): string {
  const clean = sanitizeBlogHtml(html).trim();
  if (clean.replace(/<[^>]*>/g, "").trim() === "")
    throw new AdminError(
      "invalid",
      "validation",
      "The post has no text left once unsupported markup is removed",
    );
  return clean;
}

/**
 * The Arabic text's HTML through the same allowlist: undefined leaves the stored one, and an empty
 * editor (or null) means "not translated", so /ar falls back to the English text.
 */
function cleanArabicContent(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const clean = sanitizeBlogHtml(html).trim();
  return clean.replace(/<[^>]*>/g, "").trim() === "" ? null : clean;
}

const slugTaken = (slug: string) =>
  new AdminError("conflict", "slug_taken", `Another post already has the address ${slug}`);

/**
 * The blog in the back office. A new post starts unpublished, so only publishing it and changes to a
 * published post bump the catalog version.
 */
export function createAdminPosts(options: {
  db: Kysely<Database>;
  media: MediaStore;
  /** UPLOAD_MAX_MEGAPIXELS: larger images are refused before they are decoded. */
  maxMegapixels: number;
}) {
  const { db, media, maxMegapixels } = options;

  async function getPost(id: string): Promise<AdminBlogPost> {
    return toBlogPost(found(await findBlogPostRow(db, id), "Post"));
  }

  return {
    /** Every post; `needsArabic` keeps those a shopper on /ar would read partly in English. */
    async listPosts(query: { needsArabic?: boolean } = {}): Promise<AdminBlogPost[]> {
      const posts = (await listAllBlogPostRows(db)).map(toBlogPost);
      return query.needsArabic ? posts.filter((p) => p.missingArabic.length > 0) : posts;
    },

    getPost,

    async createPost(input: AdminBlogInput, audit: AuditRecorder): Promise<AdminBlogPost> {
      const content = cleanContent(input.content);
      const contentAr = cleanArabicContent(input.contentAr) ?? null;
      const id = newId();
      await catalogWrite(db, audit, async (trx) => {
        if (await blogSlugTaken(trx, input.slug)) throw slugTaken(input.slug);
        const now = new Date().toISOString();
        await insertBlogPostRow(trx, {
          id,
          slug: input.slug,
          title: input.title,
          excerpt: input.excerpt,
          content_html: content,
          image: "",
          author: input.author,
          read_time_minutes: input.readTimeMinutes ?? readTime(content),
          category: input.category,
          published_at: now,
          created_at: now,
          published: false,
          title_ar: input.titleAr ?? null,
          excerpt_ar: input.excerptAr ?? null,
          content_html_ar: contentAr,
        });
        return {
          bump: false,
          audit: {
            action: "blog_post.create",
            entity: "blog_post",
            entityId: id,
            label: input.title,
            changes: diff({}, { title: input.title, slug: input.slug }),
          },
        };
      });
      return getPost(id);
    },

    async updatePost(id: string, input: AdminBlogInput, audit: AuditRecorder): Promise<AdminBlogPost> {
      const content = cleanContent(input.content);
      const contentAr = cleanArabicContent(input.contentAr);
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findBlogPostRow(trx, id), "Post");
        if (await blogSlugTaken(trx, input.slug, id)) throw slugTaken(input.slug);
        // Arabic left out of the body stays as stored; "" or null clears it (decision 0025).
        const patch = {
          slug: input.slug,
          title: input.title,
          excerpt: input.excerpt,
          content_html: content,
          title_ar: input.titleAr === undefined ? row.title_ar : input.titleAr,
          excerpt_ar: input.excerptAr === undefined ? row.excerpt_ar : input.excerptAr,
          content_html_ar: contentAr === undefined ? row.content_html_ar : contentAr,
          author: input.author,
          category: input.category,
          read_time_minutes: input.readTimeMinutes ?? readTime(content),
        };
        const changes = diff(row as unknown as Record<string, unknown>, patch).map((c) =>
          c.field === "content_html" || c.field === "content_html_ar"
            ? {
                field: c.field === "content_html" ? "content" : "contentAr",
                before: "(previous text)",
                after: "(new text)",
              }
            : c,
        );
        await updateBlogPostRow(trx, id, patch);
        const record = {
          action: "blog_post.update",
          entity: "blog_post" as const,
          entityId: id,
          label: input.title,
        };
        return {
          audit: changes.length > 0 ? { ...record, changes } : [],
          bump: Boolean(row.published ?? true),
        };
      });
      return getPost(id);
    },

    async setPublished(id: string, published: boolean, audit: AuditRecorder): Promise<AdminBlogPost> {
      await catalogWrite(db, audit, async (trx) => {
        const row = found(await findBlogPostRow(trx, id), "Post");
        const was = Boolean(row.published ?? true);
        if (was === published) return null;
        await updateBlogPostRow(trx, id, { published });
        return {
          audit: {
            action: published ? "blog_post.publish" : "blog_post.unpublish",
            entity: "blog_post",
            entityId: id,
            label: row.title,
            changes: [{ field: "published", before: was, after: published }],
          },
        };
      });
      return getPost(id);
    },

    async setCover(id: string, file: UploadedFile, audit: AuditRecorder): Promise<AdminBlogPost> {
      const existing = found(await findBlogPostRow(db, id), "Post");
      const image = await storeUpload(media, "blog", file.buffer, file.filename, maxMegapixels);
      await catalogWrite(db, audit, async (trx) => {
        await updateBlogPostRow(trx, id, { image: image.url });
        return {
          audit: {
            action: "blog_post.cover",
            entity: "blog_post",
            entityId: id,
            label: existing.title,
            changes: [{ field: "image", before: existing.image, after: image.url }],
          },
        };
      });
      if (existing.image !== image.url) await releaseImageFiles(db, media, existing.image);
      return getPost(id);
    },
  };
}
