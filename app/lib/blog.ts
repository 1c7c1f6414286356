import type { BlogPostDto } from "#core/catalog.ts";

/** What a blog card shows: the post without its HTML, which the list never renders. */
export type BlogPostSummary = Omit<BlogPostDto, "content">;

/** SPEC §2 /blog: the search matches title, excerpt or author, ignoring case. */
export function matchesBlogQuery(post: BlogPostSummary, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase("en");
  if (!needle) return true;
  return [post.title, post.excerpt, post.author].some((field) =>
    field.toLocaleLowerCase("en").includes(needle),
  );
}

const postDate = new Intl.DateTimeFormat("en-AE", { dateStyle: "long", timeZone: "Asia/Dubai" });

/** A post's date as a shopper in the UAE reads it, e.g. "5 February 2026". */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : postDate.format(date);
}
