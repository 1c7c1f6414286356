import { ArrowLeft, CalendarDays, Clock, RotateCw, UserRound } from "lucide-react";

import { type BlogPostSummary, formatPostDate } from "../lib/blog";
import { Link, useLocale, useT } from "../lib/i18n";

/** Date, author and read time, in that order (SPEC §2 /blog/{slug}). */
export function PostMeta({
  post,
  icons = false,
  className = "",
}: {
  post: Pick<BlogPostSummary, "date" | "author" | "readTime">;
  icons?: boolean;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const iconClass = "size-4 shrink-0 text-accent";
  // With icons the items stand apart on their own; without, a middle dot separates them.
  const separator = icons ? null : (
    <span aria-hidden="true" className="text-sand-dark">
      ·
    </span>
  );
  return (
    <p
      className={`flex flex-wrap items-center ${icons ? "gap-x-5" : "gap-x-3"} gap-y-1.5 text-sm text-stone ${className}`}
      data-testid="post-meta"
    >
      <span className="inline-flex items-center gap-1.5">
        {icons ? <CalendarDays className={iconClass} aria-hidden="true" /> : null}
        <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time>
      </span>
      {separator}
      <span className="inline-flex items-center gap-1.5">
        {icons ? <UserRound className={iconClass} aria-hidden="true" /> : null}
        {t("blog.byAuthor", { author: post.author })}
      </span>
      {separator}
      <span className="inline-flex items-center gap-1.5">
        {icons ? <Clock className={iconClass} aria-hidden="true" /> : null}
        {post.readTime}
      </span>
    </p>
  );
}

/** The browser's own words when a request never reached the server (Chrome, Firefox, Safari). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** SPEC §8 Blog: the load failure, with a Try Again button that reloads the page. */
export function BlogLoadError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <section
      className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center"
      data-testid="blog-error"
    >
      <p className="eyebrow">{t("blog.eyebrow")}</p>
      <h1 className="mt-3 text-4xl text-ink sm:text-5xl">
        {isNetworkFailure(error) ? t("blog.error.network") : t("blog.error.load")}
      </h1>
      <p className="mt-4 max-w-md text-stone">{t("blog.error.text")}</p>
      <button type="button" className="btn-primary mt-8" onClick={() => window.location.reload()}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t("blog.error.retry")}
      </button>
    </section>
  );
}

/** SPEC §8 Blog: 'Blog post not found', with the way back to the list (answered with HTTP 404). */
export function BlogPostNotFound() {
  const t = useT();
  return (
    <section
      className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center"
      data-testid="blog-post-not-found"
    >
      <p className="eyebrow">404</p>
      <h1 className="mt-3 text-4xl text-ink sm:text-5xl">{t("blog.post.notFound")}</h1>
      <p className="mt-4 max-w-md text-stone">{t("blog.post.notFoundText")}</p>
      <Link to="/blog" className="btn-primary mt-8">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("blog.post.back")}
      </Link>
    </section>
  );
}
