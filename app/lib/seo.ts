import type { MetaDescriptor } from "react-router";
import { t } from "#core/i18n/index.ts";
import type { PublicConfig } from "../../server/config.ts";

type Match = { id: string; loaderData?: unknown } | undefined;

/** The shop's public details from the root loader, for meta functions. */
export function shopFromMatches(matches: readonly Match[]): PublicConfig | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as { shop?: PublicConfig } | undefined)?.shop;
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
}): MetaDescriptor[] {
  const { shop, title, description, path, type = "website" } = options;
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const url = absoluteUrl(site, path);
  const image = absoluteUrl(site, options.image ?? "/media/site/hero-1.jpg?w=1280");
  const imageAlt = options.image ? (options.imageAlt ?? title) : t("meta.defaultImageAlt");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: shop?.shopName ?? "" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: "en_AE" },
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
