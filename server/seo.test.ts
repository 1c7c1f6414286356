import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
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
