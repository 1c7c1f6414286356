import { Search, X } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { BLOG_SEARCH_DEBOUNCE_MS } from "#core/constants.ts";
import { BlogLoadError, PostMeta } from "../components/blog-parts";
import { MediaImage } from "../components/media-image";
import { type BlogPostSummary, matchesBlogQuery } from "../lib/blog";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { enLang, Link, useHref, useT, useTc } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/blog";

export async function loader({ context, request }: Route.LoaderArgs) {
  const posts = await getServices(context).catalog.listBlogPosts(undefined, requestLocale(request));
  // The cards never show the HTML, so it stays out of the page's data.
  const summaries: BlogPostSummary[] = posts.map(({ content: _content, ...post }) => post);
  return { posts: summaries };
}

// SPEC §2: the search filters in the browser, so a change of ?q= alone loads nothing.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  const name = shop?.shopName ?? "";
  // One canonical address for the list, whatever ?q= a shared link carries.
  return pageMeta({
    shop,
    t,
    locale,
    title: t("blog.metaTitle", { shop: name }),
    description: t("blog.metaDescription", { shop: name }),
    path: "/blog",
  });
}

function BlogCard({
  post,
  featured,
  priority,
}: {
  post: BlogPostSummary;
  featured: boolean;
  priority: boolean;
}) {
  return (
    <article
      data-testid="blog-card"
      data-slug={post.slug}
      className={`group relative flex flex-col ${featured ? "gap-6 md:col-span-2 lg:col-span-3 lg:grid lg:grid-cols-[3fr_2fr] lg:items-center lg:gap-12" : ""}`}
    >
      <div className="overflow-hidden rounded-2xl bg-sand">
        {post.image ? (
          <MediaImage
            src={post.image}
            alt=""
            width={1600}
            height={900}
            sizes={
              featured
                ? "(min-width: 1024px) 60vw, 100vw"
                : "(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
            }
            maxWidth={featured ? 1600 : 960}
            priority={priority}
            className="aspect-[16/9] h-auto w-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
          />
        ) : (
          // A post without a cover keeps the card's shape (never an <img> without a source).
          <div className="aspect-[16/9] w-full" aria-hidden="true" />
        )}
      </div>
      <div className={featured ? "" : "mt-5"}>
        <p className="eyebrow">{post.category}</p>
        <h2 className={`mt-2 text-ink ${featured ? "text-3xl sm:text-4xl" : "text-2xl"}`}>
          {/* The whole card follows this link; the image and text are not links of their own. */}
          <Link
            to={`/blog/${post.slug}`}
            className="transition-colors group-hover:text-accent-dark after:absolute after:inset-0 after:content-['']"
            lang={enLang(post, "title")}
          >
            {post.title}
          </Link>
        </h2>
        <p
          className={`mt-3 leading-relaxed text-charcoal/80 ${featured ? "sm:text-lg" : "line-clamp-3 text-sm"}`}
          lang={enLang(post, "excerpt")}
        >
          {post.excerpt}
        </p>
        <PostMeta post={post} className="mt-4" />
      </div>
    </article>
  );
}

/** SPEC §2: debounced 300 ms; the text lives in ?q= (replace, so Back leaves the blog, not the search). */
function useBlogSearch() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get("q") ?? "";
  const [text, setText] = useState(urlQuery);
  const committed = useRef(urlQuery.trim());
  const input = useRef<HTMLInputElement>(null);

  // Text typed before hydration is in the box, not in state: take it over once, so the list narrows
  // and Enter commits what the shopper sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the hydrating render only
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== text) setText(typed);
  }, []);

  const commit = useCallback(
    (value: string) => {
      const next = value.trim();
      committed.current = next;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("q", next);
          else updated.delete("q");
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (text.trim() === committed.current) return;
    const timer = setTimeout(() => commit(text), BLOG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, commit]);

  // The URL changed from outside the box (Back, a link to /blog): the box follows it.
  useEffect(() => {
    if (urlQuery.trim() === committed.current) return;
    committed.current = urlQuery.trim();
    setText(urlQuery);
  }, [urlQuery]);

  return { text, setText, query: urlQuery.trim(), commit, input };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const href = useHref();
  const t = useT();
  const tc = useTc();
  const { posts } = loaderData;
  const { text, setText, query, commit, input } = useBlogSearch();
  const inputId = useId();
  const shown = posts.filter((post) => matchesBlogQuery(post, query));

  const clear = () => {
    setText("");
    commit("");
    input.current?.focus();
  };

  const count = query ? tc("blog.matches", shown.length, { query }) : tc("blog.count", shown.length);

  return (
    <div className="container-page py-12 sm:py-16" data-testid="blog-page">
      <header className="flex flex-col gap-8 border-b border-sand pb-10 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <p className="eyebrow">{t("blog.eyebrow")}</p>
          <h1 className="mt-3 text-4xl text-ink sm:text-5xl">{t("blog.title")}</h1>
          <p className="mt-4 text-lg leading-relaxed text-stone">{t("blog.intro")}</p>
        </div>
        {posts.length > 0 ? (
          <Form
            role="search"
            aria-label={t("blog.search.label")}
            action={href("/blog")}
            discover="none"
            method="get"
            className="relative w-full lg:max-w-sm"
            onSubmit={(event) => {
              event.preventDefault();
              commit(text);
            }}
          >
            <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-charcoal">
              {t("blog.search.label")}
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute start-4 top-1/2 size-4 -translate-y-1/2 text-stone"
                aria-hidden="true"
              />
              <input
                ref={input}
                id={inputId}
                name="q"
                type="search"
                enterKeyHint="search"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t("blog.search.placeholder")}
                data-testid="blog-search"
                className="h-12 w-full rounded-full border border-sand-dark bg-white/70 ps-11 pe-12 text-base text-ink placeholder:text-stone focus:border-accent focus:bg-white focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:appearance-none"
              />
              {text ? (
                <button
                  type="button"
                  onClick={clear}
                  aria-label={t("blog.search.clear")}
                  className="absolute end-1.5 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-charcoal hover:bg-cream"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              ) : null}
            </div>
          </Form>
        ) : null}
      </header>

      {posts.length === 0 ? (
        <section className="py-20 text-center" data-testid="blog-empty">
          <h2 className="text-3xl text-ink">{t("blog.empty")}</h2>
          <p className="mx-auto mt-3 max-w-md text-stone">{t("blog.emptyText")}</p>
        </section>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-stone" data-testid="blog-count">
            {count}
          </p>
          {shown.length === 0 ? (
            <section
              className="mt-8 rounded-3xl bg-cream px-6 py-14 text-center sm:px-12"
              data-testid="blog-no-matches"
            >
              <h2 className="text-3xl text-ink">{t("blog.noMatches", { query })}</h2>
              <p className="mx-auto mt-3 max-w-md text-stone">{t("blog.noMatchesText")}</p>
              <button type="button" className="btn-outline mt-7" onClick={clear}>
                {t("blog.search.clear")}
              </button>
            </section>
          ) : (
            <div className="mt-8 grid gap-x-8 gap-y-14 md:grid-cols-2 lg:grid-cols-3" data-testid="blog-list">
              {shown.map((post, index) => (
                <BlogCard
                  key={post._id}
                  post={post}
                  featured={index === 0 && !query}
                  priority={index === 0}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BlogLoadError error={error} />;
}
