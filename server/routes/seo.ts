import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { CATEGORIES } from "#core/constants.ts";
import { listBlogPostSitemapRows } from "../db/repositories/content.ts";
import { listProductSitemapRows } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";

const STATIC_PATHS = [
  "/",
  "/shop",
  "/blog",
  "/about",
  "/contact",
  "/stitching-service",
  "/terms",
  "/privacy",
  "/shipping",
  "/returns",
];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

/** A storefront path at its Arabic address (issue 14): '/' is '/ar', '/shop?x' is '/ar/shop?x'. */
export function arabicPath(path: string): string {
  return path === "/" ? "/ar" : `/ar${path}`;
}

/**
 * /sitemap.xml (pages, collections, products and posts, each in English and in Arabic with hreflang
 * alternates en, ar and x-default, the English page) and /robots.txt pointing at it.
 */
export function registerSeoRoutes(app: FastifyInstance, db: Kysely<Database>, siteUrl: string) {
  const url = (path: string) => new URL(path, siteUrl).toString();

  app.get("/robots.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return [
      "User-agent: *",
      "Allow: /",
      "Disallow: /account",
      "Disallow: /checkout",
      "Disallow: /cart",
      "Disallow: /wishlist",
      "Disallow: /api/",
      `Sitemap: ${url("/sitemap.xml")}`,
      "",
    ].join("\n");
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    const [products, posts] = await Promise.all([listProductSitemapRows(db), listBlogPostSitemapRows(db)]);
    const pages: { path: string; lastmod?: string }[] = [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...CATEGORIES.map((c) => ({ path: `/shop?category=${c.slug}` })),
      ...products.map((p) => ({ path: `/product/${p.slug}`, lastmod: p.updated_at.slice(0, 10) })),
      ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.published_at.slice(0, 10) })),
    ];
    // Each page once per language; every entry names both languages and x-default (the English page).
    const entry = (loc: string, page: { path: string; lastmod?: string }) => {
      const english = escapeXml(url(page.path));
      const arabic = escapeXml(url(arabicPath(page.path)));
      return [
        `  <url><loc>${escapeXml(loc)}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ""}`,
        `    <xhtml:link rel="alternate" hreflang="en" href="${english}"/>`,
        `    <xhtml:link rel="alternate" hreflang="ar" href="${arabic}"/>`,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`,
        "  </url>",
      ].join("\n");
    };
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...pages.flatMap((page) => [entry(url(page.path), page), entry(url(arabicPath(page.path)), page)]),
      "</urlset>",
      "",
    ].join("\n");
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });
}
