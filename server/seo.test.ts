import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** A meta tag's content, entities decoded (property= for Open Graph, name= for Twitter). */
function metaContent(html: string, key: string): string | undefined {
  const raw = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return raw
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe.each(TEST_ENGINES)("search engines and link previews on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { PUBLIC_SITE_URL: "https://shop.example" } });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("lists pages, collections, products and posts in /sitemap.xml", async () => {
    const res = await store.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    const products = await store.database.db.selectFrom("products").select("slug").execute();
    const posts = await store.database.db.selectFrom("blog_posts").select("slug").execute();
    for (const p of products) expect(res.body).toContain(`<loc>https://shop.example/product/${p.slug}</loc>`);
    for (const p of posts) expect(res.body).toContain(`<loc>https://shop.example/blog/${p.slug}</loc>`);
    expect(res.body).toContain("<loc>https://shop.example/shop?category=graceful-abayas</loc>");
    expect(res.body).toContain("<loc>https://shop.example/terms</loc>");
  });

  it("lists every page in English and in Arabic, each with en, ar and x-default alternates", async () => {
    const res = await store.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const locs = entries.map((e) => /<loc>([^<]+)<\/loc>/.exec(e)![1]!);
    const english = locs.filter((l) => !l.startsWith("https://shop.example/ar"));
    const arabic = locs.filter((l) => l.startsWith("https://shop.example/ar"));
    expect(arabic.length).toBe(english.length);
    expect(english.length).toBeGreaterThan(50);
    expect(locs).toEqual(
      expect.arrayContaining([
        "https://shop.example/ar",
        "https://shop.example/ar/shop?category=graceful-abayas",
      ]),
    );
    const product = (await store.database.db.selectFrom("products").select("slug").executeTakeFirstOrThrow())
      .slug;
    for (const loc of [
      `https://shop.example/product/${product}`,
      `https://shop.example/ar/product/${product}`,
    ]) {
      const entry = entries[locs.indexOf(loc)]!;
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/product/${product}"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="ar" href="https://shop.example/ar/product/${product}"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/product/${product}"/>`,
      );
      expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    }
    // Every entry names all three.
    for (const entry of entries) expect(entry.match(/<xhtml:link /g)).toHaveLength(3);
    const home = entries[locs.indexOf("https://shop.example/")]!;
    expect(home).toContain('hreflang="ar" href="https://shop.example/ar"/>');
  });

  it("points robots at the sitemap and keeps private pages out", async () => {
    const res = await store.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.body).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(res.body).toContain("Disallow: /checkout");
    expect(res.body).toContain("Disallow: /wishlist");
  });

  it("gives the home page Organization and WebSite (with search) data", async () => {
    const res = await store.app.inject({ method: "GET", url: "/" });
    const types = jsonLd(res.body).map((d) => d["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    const site = jsonLd(res.body).find((d) => d["@type"] === "WebSite") as {
      potentialAction: { target: { urlTemplate: string } };
    };
    expect(site.potentialAction.target.urlTemplate).toBe(
      "https://shop.example/shop?search={search_term_string}",
    );
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/"');
  });

  it("gives a product page its own title, canonical, Open Graph image and Product data in AED", async () => {
    const product = await store.database.db
      .selectFrom("products")
      .select(["id", "slug", "name"])
      .where("id", "in", (eb) => eb.selectFrom("reviews").select("product_id"))
      .executeTakeFirstOrThrow();
    const res = await store.app.inject({ method: "GET", url: `/product/${product.slug}` });
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.example/product/${product.slug}"`);
    expect(res.body).toMatch(
      /<meta property="og:image" content="https:\/\/shop\.example\/media\/products\/[^"]+\.jpg\?w=1280"/,
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image"');
    // The preview image says what it shows, for people who cannot see it.
    expect(metaContent(res.body, "og:image:alt")).toBe(product.name);
    expect(metaContent(res.body, "twitter:image:alt")).toBe(product.name);
    const data = jsonLd(res.body);
    const item = data.find((d) => d["@type"] === "Product") as {
      name: string;
      offers: { priceCurrency: string; availability: string; lowPrice: number };
      aggregateRating: { reviewCount: number };
    };
    expect(item.name).toBe(product.name);
    expect(item.offers.priceCurrency).toBe("AED");
    expect(item.offers.availability).toMatch(/schema\.org\/(InStock|OutOfStock)/);
    expect(item.offers.lowPrice).toBeGreaterThanOrEqual(100);
    expect(item.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(data.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("gives a blog post BlogPosting data with the publisher's logo, and its image an alt text", async () => {
    const post = await store.database.db
      .selectFrom("blog_posts")
      .select(["slug", "title"])
      .executeTakeFirstOrThrow();
    const res = await store.app.inject({ method: "GET", url: `/blog/${post.slug}` });
    const posting = jsonLd(res.body).find((d) => d["@type"] === "BlogPosting") as {
      publisher: { "@type": string; name: string; logo: { "@type": string; url: string } };
    };
    expect(posting.publisher).toEqual({
      "@type": "Organization",
      name: "Noor Atelier",
      logo: { "@type": "ImageObject", url: "https://shop.example/favicon.svg" },
    });
    expect(metaContent(res.body, "og:image:alt")).toBe(post.title);
    expect(metaContent(res.body, "twitter:image:alt")).toBe(post.title);
    // Pages with the shop's default preview image describe it too.
    const about = await store.app.inject({ method: "GET", url: "/about" });
    expect(metaContent(about.body, "og:image:alt")).toMatch(/abayas/);
    expect(metaContent(about.body, "twitter:image:alt")).toBe(metaContent(about.body, "og:image:alt"));
  });

  it("gives every static page its own title and description", async () => {
    const titles = new Set<string>();
    for (const path of ["/about", "/terms", "/privacy", "/shipping", "/returns", "/contact", "/shop"]) {
      const res = await store.app.inject({ method: "GET", url: path });
      const title = /<title>(.*?)<\/title>/.exec(res.body)?.[1];
      expect(title).toBeTruthy();
      titles.add(title!);
      expect(res.body).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(res.body).toContain(`<link rel="canonical" href="https://shop.example${path}"`);
    }
    expect(titles.size).toBe(7);
  });
});
