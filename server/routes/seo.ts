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

/** /sitemap.xml (pages, collections, products and posts) and /robots.txt pointing at it. */
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
    const entries: { loc: string; lastmod?: string }[] = [
      ...STATIC_PATHS.map((path) => ({ loc: url(path) })),
      ...CATEGORIES.map((c) => ({ loc: url(`/shop?category=${c.slug}`) })),
      ...products.map((p) => ({ loc: url(`/product/${p.slug}`), lastmod: p.updated_at.slice(0, 10) })),
      ...posts.map((p) => ({ loc: url(`/blog/${p.slug}`), lastmod: p.published_at.slice(0, 10) })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) =>
          `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
      ),
      "</urlset>",
      "",
    ].join("\n");
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });
}
