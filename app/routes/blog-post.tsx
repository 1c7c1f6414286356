import { ArrowLeft, ArrowRight, Check, Link2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { COPY_LINK_CONFIRMATION_MS } from "#core/constants.ts";
import { BlogLoadError, BlogPostNotFound, PostMeta } from "../components/blog-parts";
import { MediaImage } from "../components/media-image";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { enLang, Link, useT } from "../lib/i18n";
import { absoluteUrl, breadcrumbLd, metaI18n, pageMeta, previewImage, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // The post's HTML comes back sanitized from the service (server/sanitize.ts).
  const post = await getServices(context).catalog.findBlogPostBySlug(params.slug, requestLocale(request));
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  const shopName = shop?.shopName ?? "";
  if (!loaderData) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    const title = t(missing ? "blog.post.notFound" : "blog.error.load");
    return [
      { title: t("blog.post.metaTitle", { title, shop: shopName }) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { post } = loaderData;
  const path = `/blog/${post.slug}`;
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const image = previewImage(post.image);
  return pageMeta({
    shop,
    t,
    locale,
    title: t("blog.post.metaTitle", { title: post.title, shop: shopName }),
    description: post.excerpt,
    path,
    image,
    imageAlt: post.title,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        image: image && absoluteUrl(site, image),
        datePublished: post.date,
        author: { "@type": "Person", name: post.author },
        publisher: {
          "@type": "Organization",
          name: shopName,
          logo: { "@type": "ImageObject", url: absoluteUrl(site, "/favicon.svg") },
        },
        mainEntityOfPage: absoluteUrl(site, path),
      },
      breadcrumbLd(site, [
        { name: t("nav.home"), path: "/" },
        { name: t("nav.blog"), path: "/blog" },
        { name: post.title, path },
      ]),
    ],
  }).concat({ property: "article:published_time", content: post.date });
}

/**
 * SPEC §2: copies the page's address and confirms for 2 s. Where the clipboard is refused (permissions,
 * an insecure origin, an old browser) the address appears in a field, selected, for the shopper to copy.
 */
function CopyLinkButton() {
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const [url, setUrl] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (state !== "manual") return;
    field.current?.focus();
    field.current?.select();
  }, [state]);

  async function copy() {
    const href = window.location.href;
    setUrl(href);
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error("No clipboard");
      await navigator.clipboard.writeText(href);
      setState("copied");
      timer.current = setTimeout(() => setState("idle"), COPY_LINK_CONFIRMATION_MS);
    } catch {
      setState("manual");
    }
  }

  return (
    <div className="flex flex-col items-start gap-3 sm:items-end" data-testid="copy-link">
      <div className="flex flex-wrap items-center gap-3 sm:flex-row-reverse">
        <button type="button" onClick={copy} className="btn-outline min-h-10 px-5">
          {state === "copied" ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Link2 className="size-4" aria-hidden="true" />
          )}
          {t("blog.post.copyLink")}
        </button>
        {/* Always in the page, so screen readers announce the confirmation when it appears. */}
        <p
          role="status"
          aria-live="polite"
          className="text-sm font-medium text-success"
          data-testid="copy-status"
        >
          {state === "copied" ? t("blog.post.linkCopied") : ""}
        </p>
      </div>
      {state === "manual" ? (
        <div className="w-full sm:w-80">
          <label htmlFor={fieldId} className="mb-1.5 block text-xs text-stone">
            {t("blog.post.copyFallback")}
          </label>
          <input
            ref={field}
            id={fieldId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="copy-link-field"
            className="h-10 w-full rounded-lg border border-sand-dark bg-white px-3 text-sm text-ink focus:border-accent focus:outline-none"
          />
        </div>
      ) : null}
    </div>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { post } = loaderData;
  return (
    <article className="pb-16 sm:pb-24" data-testid="blog-post">
      <header className="container-page max-w-3xl pt-8 sm:pt-12">
        <Link
          to="/blog"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-accent-dark hover:underline"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t("blog.post.back")}
        </Link>
        <p className="eyebrow mt-6">{post.category}</p>
        <h1 className="mt-3 text-4xl leading-tight text-ink sm:text-5xl" lang={enLang(post, "title")}>
          {post.title}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-stone" lang={enLang(post, "excerpt")}>
          {post.excerpt}
        </p>
        <div className="mt-8 flex flex-col gap-5 border-t border-sand pt-6 sm:flex-row sm:items-start sm:justify-between">
          <PostMeta post={post} icons className="sm:pt-2.5" />
          <CopyLinkButton />
        </div>
      </header>

      {post.image ? (
        <div className="container-page mt-10 max-w-5xl">
          <MediaImage
            src={post.image}
            alt=""
            width={1600}
            height={900}
            sizes="(min-width: 1024px) 976px, 100vw"
            maxWidth={1920}
            priority
            className="aspect-[16/9] h-auto w-full rounded-2xl bg-sand object-cover sm:rounded-3xl"
          />
        </div>
      ) : null}

      <div className="container-page max-w-3xl">
        <div
          className="prose-store mt-6 sm:text-lg sm:[&_blockquote]:text-2xl"
          data-testid="blog-content"
          lang={enLang(post, "content")}
          // Safe: the service cleans the HTML with a strict allowlist before it gets here (server/sanitize.ts).
          dangerouslySetInnerHTML={{ __html: post.content }}
        />

        <footer className="mt-14 flex flex-col items-start gap-5 rounded-3xl bg-cream p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <p className="font-display text-2xl text-ink">{t("blog.post.moreStories")}</p>
          <Link to="/blog" className="btn-primary shrink-0">
            {t("blog.post.allPosts")}
            <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
          </Link>
        </footer>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <BlogPostNotFound />;
  return <BlogLoadError error={error} />;
}
