import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const SITE = "https://shop.example";
const ARABIC = /[\u0600-\u06FF]/;

function links(html: string): { rel: string; href: string; hreflang?: string }[] {
  return [...html.matchAll(/<link ([^>]+)\/?>/g)].map((m) => {
    const attrs = Object.fromEntries(
      [...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!]),
    );
    return { rel: attrs.rel ?? "", href: attrs.href ?? "", hreflang: attrs.hreflang };
  });
}

describe.each(TEST_ENGINES)("the Arabic storefront at /ar on $name", (engine) => {
  let store: TestStore;
  let pages: string[];
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { PUBLIC_SITE_URL: SITE } });
    const product = await store.database.db
      .selectFrom("products")
      .select("slug")
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    const post = await store.database.db
      .selectFrom("blog_posts")
      .select("slug")
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    pages = [
      "/",
      "/shop",
      `/product/${product.slug}`,
      "/cart",
      "/wishlist",
      "/checkout",
      "/payment-redirect",
      "/account",
      "/login",
      "/signup",
      "/forgot-password",
      "/contact",
      "/stitching-service",
      "/blog",
      `/blog/${post.slug}`,
      "/about",
      "/terms",
      "/privacy",
      "/shipping",
      "/returns",
    ];
  });
  afterAll(async () => {
    await store?.close();
  });

  const arabicPath = (path: string) => (path === "/" ? "/ar" : `/ar${path}`);

  it("answers every page under /ar right to left, in Arabic, with its canonical and both languages' alternates", async () => {
    for (const path of pages) {
      const res = await store.app.inject({ method: "GET", url: arabicPath(path) });
      expect(res.statusCode, arabicPath(path)).toBe(200);
      expect(res.body, arabicPath(path)).toContain('<html lang="ar" dir="rtl"');
      const text = visibleText(res.body);
      // The shell speaks Arabic: navigation, footer and the way back to English.
      expect(text, arabicPath(path)).toContain("الرئيسية");
      expect(text, arabicPath(path)).toContain("جميع الحقوق محفوظة");
      expect(text, arabicPath(path)).toContain("English");
      // No message key leaks instead of a text.
      expect(text, arabicPath(path)).not.toMatch(
        /\b(nav|footer|shop|pdp|cart|checkout|home|blog|account|login|signup|forgot|contact|stitching|policy|product|stock|payment)\.[a-z][\w-]*\b/,
      );
      const head = links(res.body);
      expect(
        head.filter((l) => l.rel === "canonical").map((l) => l.href),
        arabicPath(path),
      ).toEqual([`${SITE}${arabicPath(path)}`]);
      const alternates = Object.fromEntries(
        head.filter((l) => l.rel === "alternate" && l.hreflang).map((l) => [l.hreflang, l.href]),
      );
      expect(alternates, arabicPath(path)).toEqual({
        en: `${SITE}${path}`,
        ar: `${SITE}${arabicPath(path)}`,
        "x-default": `${SITE}${path}`,
      });
      expect(res.body).toContain('<meta property="og:locale" content="ar_AE"');
    }
  });

  it("keeps English pages left to right, with their canonical and the same alternates, and no Arabic beyond the switch", async () => {
    for (const path of pages) {
      const res = await store.app.inject({ method: "GET", url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<html lang="en" dir="ltr"');
      const head = links(res.body);
      expect(
        head.filter((l) => l.rel === "canonical").map((l) => l.href),
        path,
      ).toEqual([`${SITE}${path}`]);
      expect(
        head.some((l) => l.hreflang === "ar" && l.href === `${SITE}${arabicPath(path)}`),
        path,
      ).toBe(true);
      // The Arabic catalog does not travel with an English page: the one Arabic word is the switch's.
      const arabicWords = [
        ...new Set(res.body.match(/[\u0600-\u06FF][\u0600-\u06FF\s]*[\u0600-\u06FF]/g) ?? []),
      ];
      expect(arabicWords, path).toEqual(["العربية"]);
      expect(ARABIC.test(visibleText(res.body).replace(/العربية/g, "")), path).toBe(false);
    }
  });

  it("sends an Arabic page none of the English catalog", async () => {
    const shop = await store.app.inject({ method: "GET", url: "/ar/shop" });
    expect(visibleText(shop.body)).toContain("تشكيلتنا");
    expect(shop.body).not.toContain("Our Collection");
    expect(shop.body).not.toContain("Price: Low to High");
    const cart = await store.app.inject({ method: "GET", url: "/ar/cart" });
    expect(cart.body).not.toContain("Proceed to Checkout");
    const about = await store.app.inject({ method: "GET", url: "/ar/about" });
    expect(visibleText(about.body)).toContain("نُحيي التراث، ونُعيد تعريف الأناقة.");
    expect(about.body).not.toContain("Reviving tradition, redefining fashion.");
  });

  it('shows a product in Arabic on its /ar page, marking any English fallback lang="en"', async () => {
    const list = await store.app.inject({ method: "GET", url: "/api/product/list?lang=ar" });
    const products = list.json().products as { slug: string; name: string; enFields?: string[] }[];
    const arabic = products.find((p) => !p.enFields?.includes("name") && ARABIC.test(p.name));
    expect(arabic).toBeDefined();
    const page = await store.app.inject({ method: "GET", url: `/ar/product/${arabic!.slug}` });
    expect(visibleText(page.body)).toContain(arabic!.name);
    expect(page.body).not.toMatch(/<h1[^>]*lang="en"/);
    const english = products.find((p) => p.enFields?.includes("name"));
    if (english) {
      const fallback = await store.app.inject({ method: "GET", url: `/ar/product/${english.slug}` });
      expect(fallback.body).toMatch(/<h1[^>]*lang="en"/);
    }
  });

  it("keeps the shopper's filters when switching language", async () => {
    const res = await store.app.inject({ method: "GET", url: "/shop?category=graceful-abayas&color=Black" });
    expect(res.body).toMatch(
      /href="\/ar\/shop\?category=graceful-abayas&amp;color=Black"[^>]*data-testid="language-switch"/,
    );
    const back = await store.app.inject({
      method: "GET",
      url: "/ar/shop?category=graceful-abayas&color=Black",
    });
    expect(back.body).toMatch(
      /href="\/shop\?category=graceful-abayas&amp;color=Black"[^>]*data-testid="language-switch"/,
    );
  });

  it("answers an unknown Arabic path with the Arabic not-found page", async () => {
    const res = await store.app.inject({ method: "GET", url: "/ar/no-such-page" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="ar" dir="rtl"');
    expect(visibleText(res.body)).toContain("عذرًا! الصفحة غير موجودة");
  });
});
