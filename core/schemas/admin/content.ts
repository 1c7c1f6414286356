import "../zod-setup.ts";
import { z } from "zod";
import { arabicText, limit, optionalText, PagedSchema, page, queryFlag, SlugSchema, text } from "./fields.ts";

// Reviews

export const ADMIN_REVIEW_STATUSES = ["pending", "published", "rejected", "hidden"] as const;
/** GET /api/admin/reviews: one status (pending by default: the queue) or `all`. */
export const AdminReviewQuerySchema = z.object({
  status: z.enum([...ADMIN_REVIEW_STATUSES, "all"]).default("pending"),
  page,
  limit: limit(100, 50),
});
export const AdminReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSlug: z.string(),
  userName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  isVerifiedPurchase: z.boolean(),
  status: z.enum(ADMIN_REVIEW_STATUSES),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListAnswerSchema = PagedSchema.extend({
  success: z.literal(true),
  reviews: z.array(AdminReviewSchema),
});
export const AdminReviewAnswerSchema = z.object({ success: z.literal(true), review: AdminReviewSchema });

// Blog

export const AdminBlogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Sanitized HTML (server/sanitize.ts allowlist), as stored. */
  content: z.string(),
  /** The Arabic twins (decision 0021); null: /ar shows the English. */
  titleAr: z.string().nullable(),
  excerptAr: z.string().nullable(),
  contentAr: z.string().nullable(),
  /** The shopper-facing texts with no Arabic yet: the list's 'Needs Arabic' badge. */
  missingArabic: z.array(z.enum(["title", "excerpt", "content"])),
  image: z.string(),
  author: z.string(),
  readTimeMinutes: z.number().int(),
  category: z.string(),
  published: z.boolean(),
  publishedAt: z.string(),
  createdAt: z.string(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
/** GET /api/admin/blog */
export const AdminBlogQuerySchema = z.object({
  /** Only posts a shopper on /ar would read partly in English (decision 0025). */
  needsArabic: queryFlag.optional(),
});
export const AdminBlogListAnswerSchema = z.object({
  success: z.literal(true),
  posts: z.array(AdminBlogPostSchema),
});
export const AdminBlogAnswerSchema = z.object({ success: z.literal(true), post: AdminBlogPostSchema });

/** POST /api/admin/blog and PUT /api/admin/blog/:id. A new post starts unpublished. */
export const AdminBlogInputSchema = z.object({
  title: text(200, "Title"),
  slug: SlugSchema,
  excerpt: optionalText(500, "Excerpt").default(""),
  /** HTML from the editor; the server keeps only what the allowlist allows. */
  content: z.string({ error: "Content is required" }).min(1, { error: "Content is required" }).max(200_000),
  titleAr: arabicText(200, "Title"),
  excerptAr: arabicText(500, "Excerpt"),
  /** The Arabic text's HTML, through the same allowlist; "" or null: not translated. */
  contentAr: z.string().max(200_000, { error: "Content (Arabic) is too long" }).nullable().optional(),
  author: text(100, "Author"),
  category: optionalText(60, "Category").default(""),
  /** Minutes; computed from the text when omitted. */
  readTimeMinutes: z.number().int().min(1).max(120).optional(),
});
export type AdminBlogInput = z.output<typeof AdminBlogInputSchema>;
