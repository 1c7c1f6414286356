import type { MetaDescriptor } from "react-router";
import { type Locale, localizePath, OG_LOCALES } from "#core/i18n/locale.ts";
import type { PublicConfig } from "../../server/config.ts";
import { type PageMessages, type T, translator } from "./i18n";

type Match = { id: string; loaderData?: unknown } | undefined;

/** The shop's public details from the root loader, for meta functions. */
export function shopFromMatches(matches: readonly Match[]): PublicConfig | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as { shop?: PublicConfig } | undefined)?.shop;
}

type RootData = { shop?: PublicConfig; locale?: Locale; messages?: PageMessages } | undefined;

/**
 * What a meta function needs to speak the page's language: its locale and a `t()` over the page's
 * messages (the root loader's), beside the shop's details.
 */
export function metaI18n(matches: readonly Match[]): {
  t: T;
  locale: Locale;
  shop: PublicConfig | undefined;
} {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return { t: translator(root?.messages ?? {}), locale: root?.locale ?? "en", shop: root?.shop };
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).toString();
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for one page, so every page
 * previews well when shared on WhatsApp or Instagram and is indexed under one address.
 */
export function pageMeta(options: {
  shop: PublicConfig | undefined;
  title: string;
  description: string;
  path: string;
  image?: string;
  /** What the preview image shows, for og:image:alt and twitter:image:alt. */
  imageAlt?: string;
  type?: "website" | "product" | "article";
  jsonLd?: object[];
  noindex?: boolean;
  /** The page's language: its canonical URL is in it, with the other language as an alternate. */
  locale: Locale;
  /** The page's messages (metaI18n), for the default preview image's description. */
  t: T;
}): MetaDescriptor[] {
  const { shop, title, description, path, type = "website", locale } = options;
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const url = absoluteUrl(site, localizePath(path, locale));
  const image = absoluteUrl(site, options.image ?? "/media/site/hero-1.jpg?w=1280");
  const imageAlt = options.image ? (options.imageAlt ?? title) : options.t("meta.defaultImageAlt");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(site, path),
    { property: "og:type", content: type },
    { property: "og:site_name", content: shop?.shopName ?? "" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: OG_LOCALES[locale] },
    { property: "og:locale:alternate", content: OG_LOCALES[locale === "en" ? "ar" : "en"] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const item of options.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}

/** `hreflang` alternates for both languages and `x-default` (the English page), for search engines. */
export function languageAlternates(site: string, path: string): MetaDescriptor[] {
  const en = absoluteUrl(site, localizePath(path, "en"));
  const ar = absoluteUrl(site, localizePath(path, "ar"));
  return [
    { tagName: "link", rel: "alternate", hrefLang: "en", href: en },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: ar },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: en },
  ];
}

/** JPEG for link previews: WhatsApp and some crawlers do not read AVIF or WebP. */
export function previewImage(url: string | undefined): string | undefined {
  return url?.startsWith("/media/") ? `${url.replace(/\.(webp|avif|jpg)$/, ".jpg")}?w=1280` : url;
}

export function breadcrumbLd(site: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(site, item.path),
    })),
  };
}
