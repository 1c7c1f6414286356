import type { BlogPostDto } from "#core/catalog.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { formatLongDate } from "#core/i18n/long-date.ts";

/** What a blog card shows: the post without its HTML, which the list never renders. */
export type BlogPostSummary = Omit<BlogPostDto, "content">;

/** SPEC §2 /blog: the search matches title, excerpt or author, ignoring case (in either language). */
export function matchesBlogQuery(post: BlogPostSummary, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase("en");
  if (!needle) return true;
  return [post.title, post.excerpt, post.author].some((field) =>
    field.toLocaleLowerCase("en").includes(needle),
  );
}

/** A post's date as a shopper in the UAE reads it, e.g. "5 February 2026" / "5 فبراير 2026". */
export function formatPostDate(iso: string, locale: Locale = "en"): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLongDate(date, locale);
}
