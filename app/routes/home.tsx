import { ArrowRight, Ruler } from "lucide-react";
import { Suspense } from "react";
import { Await } from "react-router";
import { toProductCard } from "#core/catalog.ts";
import {
  BLOG_PREVIEW_COUNT,
  CATEGORIES,
  FEATURED_PRODUCTS_COUNT,
  HOME_BESTSELLERS_MAX,
} from "#core/constants.ts";
import { HeroSlider } from "../components/hero-slider";
import { MediaImage } from "../components/media-image";
import { ProductCard } from "../components/product-card";
import { ProductCardSkeleton } from "../components/skeleton";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { enLang, Link, useT } from "../lib/i18n";
import { absoluteUrl, metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog, settings } = getServices(context);
  const locale = requestLocale(request);
  // The first screenful is awaited; the sections below it stream in after (SPEC §2: placeholders meanwhile).
  const featured = catalog
    .listNewestProducts(FEATURED_PRODUCTS_COUNT, locale)
    .then((list) => list.map((product) => toProductCard(product)));
  const posts = catalog
    .listBlogPosts(BLOG_PREVIEW_COUNT, locale)
    .then((list) => list.map(({ content: _content, ...post }) => post));
  // The page's <Await> reports their failures; if the awaited part fails first, nobody will.
  for (const deferred of [featured, posts]) deferred.catch(() => {});
  const bestsellers = (await catalog.listBestsellers("graceful-abayas", HOME_BESTSELLERS_MAX, locale)).map(
    (p) => toProductCard(p, "bestseller"),
  );
  const { shopName } = await settings.shop();
  return { shopName, bestsellers, featured, posts };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  const site = shop?.siteUrl ?? "";
  return pageMeta({
    shop,
    t,
    locale,
    title: t("home.title", { shop: shop?.shopName ?? "" }),
    description: t("meta.defaultDescription"),
    path: "/",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: shop?.shopName,
        url: site,
        logo: absoluteUrl(site || "http://localhost", "/favicon.svg"),
        email: shop?.email,
        telephone: shop?.phone,
        address: { "@type": "PostalAddress", streetAddress: shop?.officeAddress, addressCountry: "AE" },
      },
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: shop?.shopName,
        url: site,
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${site.replace(/\/$/, "")}/shop?search={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  });
}

function SectionHeading({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: { to: string; label: string };
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-3xl text-ink sm:text-4xl">{title}</h2>
        {text ? <p className="mt-2 text-stone">{text}</p> : null}
      </div>
      {action ? (
        <Link
          to={action.to}
          className="inline-flex items-center gap-2 text-sm font-medium text-accent-dark hover:underline"
        >
          {action.label}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Link>
      ) : null}
    </div>
  );
}

function SkeletonGrid({ count, className }: { count: number; className: string }) {
  return (
    <div className={`grid grid-cols-2 gap-x-4 gap-y-10 ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

function SectionError() {
  const t = useT();
  return (
    <p role="alert" className="rounded-2xl bg-cream px-6 py-10 text-center text-stone">
      {t("home.sectionError")}
    </p>
  );
}

const CATEGORY_ART: Record<string, string> = {
  "ethnic-elegance": "/media/site/hero-3.webp",
  "graceful-abayas": "/media/site/hero-1.webp",
  "designer-jalabiya": "/media/site/hero-2.webp",
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shopName, bestsellers, featured, posts } = loaderData;
  return (
    <>
      {/* The page's one h1 names the shop for screen readers and search engines; the slides carry h2s. */}
      <h1 className="sr-only">{t("home.h1", { shop: shopName })}</h1>
      <HeroSlider />

      <section
        className="container-page py-16 sm:py-20"
        aria-labelledby="bestsellers-title"
        data-testid="home-bestsellers"
      >
        <div id="bestsellers-title" className="contents">
          <SectionHeading
            title={t("home.bestsellers.title")}
            text={t("home.bestsellers.text")}
            action={{ to: "/shop?category=graceful-abayas", label: t("home.bestsellers.cta") }}
          />
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4">
          {bestsellers.map((product) => (
            <ProductCard key={product._id} product={product} variant="bestseller" />
          ))}
        </div>
      </section>

      <section className="bg-cream py-16 sm:py-20" data-testid="home-categories">
        <div className="container-page">
          <SectionHeading title={t("home.categories.title")} />
          <div className="grid gap-4 sm:grid-cols-3">
            {CATEGORIES.map((category) => (
              <Link
                key={category.slug}
                to={`/shop?category=${category.slug}`}
                className="group relative block overflow-hidden rounded-2xl"
                aria-label={t("home.categories.explore", { name: t(`category.${category.slug}`) })}
              >
                <MediaImage
                  src={CATEGORY_ART[category.slug] ?? "/media/site/hero-1.webp"}
                  alt=""
                  width={1920}
                  height={1080}
                  sizes="(min-width: 640px) 33vw, 100vw"
                  maxWidth={960}
                  className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-ink/70 to-transparent" />
                <span className="absolute bottom-5 start-5 font-display text-3xl text-ivory">
                  {t(`category.${category.slug}`)}
                </span>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-16 sm:py-20" data-testid="home-featured">
        <SectionHeading
          title={t("home.featured.title")}
          action={{ to: "/shop", label: t("home.featured.cta") }}
        />
        <Suspense fallback={<SkeletonGrid count={FEATURED_PRODUCTS_COUNT} className="lg:grid-cols-3" />}>
          <Await resolve={featured} errorElement={<SectionError />}>
            {(products) => (
              <div className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-3">
                {products.map((product) => (
                  <ProductCard key={product._id} product={product} />
                ))}
              </div>
            )}
          </Await>
        </Suspense>
      </section>

      <section className="container-page" data-testid="home-stitching">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-ink px-6 py-12 text-ivory sm:flex-row sm:items-center sm:justify-between sm:px-12">
          <div className="max-w-xl">
            <Ruler className="mb-4 size-8 text-accent-soft" aria-hidden="true" />
            <h2 className="text-3xl sm:text-4xl">{t("home.stitching.title")}</h2>
            <p className="mt-3 text-ivory/80">{t("home.stitching.text")}</p>
          </div>
          <Link to="/stitching-service" className="btn bg-ivory text-ink hover:bg-white">
            {t("home.stitching.cta")}
          </Link>
        </div>
      </section>

      <section className="container-page py-16 sm:py-20" data-testid="home-blog">
        <SectionHeading title={t("home.blog.title")} action={{ to: "/blog", label: t("home.blog.cta") }} />
        <Suspense fallback={<SkeletonGrid count={BLOG_PREVIEW_COUNT} className="md:grid-cols-3" />}>
          <Await resolve={posts} errorElement={<SectionError />}>
            {(list) => (
              <div className="grid gap-8 md:grid-cols-3">
                {list.map((post) => (
                  <article key={post._id} className="group">
                    <Link to={`/blog/${post.slug}`} aria-label={t("home.blog.read", { title: post.title })}>
                      <MediaImage
                        src={post.image}
                        alt=""
                        width={1600}
                        height={900}
                        sizes="(min-width: 768px) 33vw, 100vw"
                        maxWidth={960}
                        className="aspect-[16/9] w-full rounded-2xl object-cover"
                      />
                    </Link>
                    <p className="mt-4 text-xs tracking-wider text-stone uppercase">
                      {post.category} · {post.readTime}
                    </p>
                    <h3 className="mt-1 text-2xl text-ink">
                      <Link
                        to={`/blog/${post.slug}`}
                        className="hover:text-accent-dark"
                        lang={enLang(post, "title")}
                      >
                        {post.title}
                      </Link>
                    </h3>
                    <p className="mt-2 line-clamp-3 text-sm text-stone" lang={enLang(post, "excerpt")}>
                      {post.excerpt}
                    </p>
                  </article>
                ))}
              </div>
            )}
          </Await>
        </Suspense>
      </section>

      <section className="container-page" data-testid="home-shopping">
        <div className="rounded-3xl bg-accent-soft px-6 py-14 text-center sm:px-12">
          <h2 className="text-4xl text-ink">{t("home.shopping.title")}</h2>
          <p className="mx-auto mt-3 max-w-lg text-charcoal">{t("home.shopping.text")}</p>
          <Link to="/shop" className="btn-primary mt-7">
            {t("home.shopping.cta")}
          </Link>
        </div>
      </section>
    </>
  );
}
