import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { DEMO_BLOG_POSTS_AR } from "#content/demo-blog-ar.ts";
import { DEMO_PRODUCTS } from "#content/demo-catalog.ts";
import { DEMO_PRODUCTS_AR } from "#content/demo-catalog-ar.ts";
import type { BlogPostDto, ProductDto } from "#core/catalog.ts";
import { readCatalogVersion } from "./db/repositories/catalog-version.ts";
import { addDemoArabic } from "./seed/demo.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const ARABIC = /[\u0600-\u06FF]/;

/** Issue 14: catalog and blog content in Arabic, from the services and from the API with ?lang=ar. */
describe.each(TEST_ENGINES)("Arabic catalog and blog content on $name", (engine) => {
  let store: TestStore;
  const db = () => store.database.db;

  async function get<T>(url: string): Promise<{ status: number; body: T }> {
    const res = await store.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() as T };
  }
  const products = async (query: string) =>
    (await get<{ products: ProductDto[]; total: number }>(`/api/product/list${query}`)).body.products;

  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("products", () => {
    it("answers ?lang=ar with Arabic names, descriptions, labels and alt texts, and nothing in enFields", async () => {
      const list = await products("?lang=ar");
      expect(list).toHaveLength(DEMO_PRODUCTS.length);
      const noor = list.find((p) => p.slug === "noor-crepe-abaya")!;
      expect(noor.name).toBe("عباية نور كريب");
      expect(noor.description).toBe(DEMO_PRODUCTS_AR["noor-crepe-abaya"]!.description);
      // The values filters, the cart and URLs use stay English; labels name them in Arabic.
      expect(noor.type).toBe("Abaya");
      expect(noor.filter_name).toBe("Crepe");
      expect(noor.colors).toEqual(["Black"]);
      expect(noor.labels).toEqual({ type: "عباية", fabric: "كريب", colors: ["أسود"] });
      expect(noor.images[0]!.alt).toBe("عباية نور كريب، منظر أمامي");
      expect(noor).not.toHaveProperty("enFields");
      for (const product of list) {
        expect(product.name, product.slug).toMatch(ARABIC);
        expect(product.enFields, product.slug).toBeUndefined();
      }
    });

    it("keeps the English answer exactly as it was: no labels, no enFields, ?lang=en the same", async () => {
      const plain = await store.app.inject({ method: "GET", url: "/api/product/list" });
      const english = await store.app.inject({ method: "GET", url: "/api/product/list?lang=en" });
      expect(english.body).toBe(plain.body);
      const list = plain.json().products as ProductDto[];
      const noor = list.find((p) => p.slug === "noor-crepe-abaya")!;
      expect(noor.name).toBe("Noor Crepe Abaya");
      expect(noor.images[0]!.alt).toBe("Noor Crepe Abaya, front view");
      for (const product of list) {
        expect(product).not.toHaveProperty("labels");
        expect(product).not.toHaveProperty("enFields");
        expect(product.name).not.toMatch(ARABIC);
      }
    });

    it("falls back to English per field and names the fields in enFields", async () => {
      const slug = "maha-everyday-nida-abaya";
      await db().updateTable("products").set({ description_ar: null }).where("slug", "=", slug).execute();
      await db()
        .deleteFrom("catalog_terms")
        .where("kind", "=", "color")
        .where("value", "=", "Grey")
        .execute();
      try {
        const maha = (await store.services.catalog.findProductBySlug(slug, "ar"))!;
        expect(maha.name).toBe("عباية مها ندى يومية");
        expect(maha.description).toBe(DEMO_PRODUCTS.find((p) => p.slug === slug)!.description);
        expect(maha.colors).toContain("Grey");
        expect(maha.labels!.colors[maha.colors.indexOf("Grey")]).toBe("Grey");
        expect(maha.enFields).toEqual(["description", "colors"]);
        // The same product in English knows nothing of it.
        expect((await store.services.catalog.findProductBySlug(slug))!).not.toHaveProperty("enFields");
      } finally {
        const arabic = DEMO_PRODUCTS_AR[slug]!;
        await db()
          .updateTable("products")
          .set({ description_ar: arabic.description })
          .where("slug", "=", slug)
          .execute();
        await db()
          .insertInto("catalog_terms")
          .values({ kind: "color", value: "Grey", name_ar: "رمادي" })
          .execute();
      }
    });

    it("searches Arabic and English names on an Arabic page, whatever the shopper's spelling of alef and taa marbuta", async () => {
      const names = (list: ProductDto[]) => list.map((p) => p.slug).sort();
      const jalabiyas = DEMO_PRODUCTS.filter((p) => DEMO_PRODUCTS_AR[p.slug]!.name.includes("جلابية"));
      expect(jalabiyas.length).toBeGreaterThan(2);
      expect(names(await products(`?lang=ar&search=${encodeURIComponent("جلابية")}`))).toEqual(
        jalabiyas.map((p) => p.slug).sort(),
      );
      // 'جلابيه' (haa for taa marbuta) finds the same products.
      expect(names(await products(`?lang=ar&search=${encodeURIComponent("جلابيه")}`))).toEqual(
        jalabiyas.map((p) => p.slug).sort(),
      );
      // 'اسماء' without hamza finds 'أسماء'.
      expect(names(await products(`?lang=ar&search=${encodeURIComponent("اسماء")}`))).toEqual([
        "asma-printed-cotton-kaftan",
      ]);
      // English names still match on the Arabic page.
      const farah = await products("?lang=ar&search=farah");
      expect(farah.map((p) => p.name)).toEqual(["قفطان فرح حرير"]);
    });

    it("keeps English search as it was, and finds Arabic typed on the English page", async () => {
      const english = await products("?search=kaftan");
      expect(english.length).toBe(DEMO_PRODUCTS.filter((p) => /kaftan/i.test(p.name)).length);
      expect(english.every((p) => /kaftan/i.test(p.name))).toBe(true);
      const typedInArabic = await products(`?search=${encodeURIComponent("قفطان")}`);
      expect(typedInArabic.map((p) => p.slug).sort()).toEqual(english.map((p) => p.slug).sort());
      expect(typedInArabic[0]!.name).not.toMatch(ARABIC);
    });

    it("names the cart's products in Arabic on POST /api/cart/quote?lang=ar, and in English without it", async () => {
      const noor = (await products("")).find((p) => p.slug === "noor-crepe-abaya")!;
      const lines = [{ productId: noor._id, size: noor.variants[0]!.filter_value, quantity: 1 }];
      const quote = async (query: string) =>
        (
          await store.app.inject({ method: "POST", url: `/api/cart/quote${query}`, payload: { lines } })
        ).json().lines as { name: string; price: number }[];
      const arabic = await quote("?lang=ar");
      const english = await quote("");
      expect(arabic[0]!.name).toBe("عباية نور كريب");
      expect(english[0]!.name).toBe("Noor Crepe Abaya");
      expect(arabic[0]!.price).toBe(english[0]!.price);
    });

    it("refuses a language it does not speak with 400 and the code validation", async () => {
      const res = await get<{ code: string; message: string }>("/api/product/list?lang=fr");
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: "validation",
        message: "The language must be 'en' or 'ar'.",
      });
    });

    it("serves bestsellers, related products, facets and collections in Arabic from the catalog service", async () => {
      const catalog = store.services.catalog;
      const bestsellers = await catalog.listBestsellers("graceful-abayas", 4, "ar");
      expect(bestsellers.length).toBeGreaterThan(0);
      expect(bestsellers.every((p) => ARABIC.test(p.name) && p.labels !== undefined)).toBe(true);
      const noor = (await catalog.findProductBySlug("noor-crepe-abaya", "ar"))!;
      const related = await catalog.listRelatedProducts(noor, 4, "ar");
      expect(related.length).toBe(4);
      expect(related.every((p) => ARABIC.test(p.name))).toBe(true);

      const facets = await catalog.listFacets("ar");
      expect(facets.colors).toContain("Black");
      expect(facets.labels?.colors.Black).toBe("أسود");
      expect(facets.labels?.fabrics.Khaddar).toBe("خدّار");
      expect(facets.labels?.types["Kimono Abaya"]).toBe("عباية كيمونو");
      expect(await catalog.listFacets("en")).not.toHaveProperty("labels");

      const categories = await catalog.listCategories("ar");
      expect(categories.map((c) => c.name)).toEqual(["أناقة تراثية", "عبايات راقية", "جلابيات مصمّمة"]);
      expect(categories.every((c) => ARABIC.test(c.description) && c.enFields === undefined)).toBe(true);
      expect((await catalog.listCategories()).map((c) => c.name)).toEqual([
        "Ethnic Elegance",
        "Graceful Abayas",
        "Designer Jalabiya",
      ]);
    });
  });

  describe("blog", () => {
    it("answers /api/blog/list?lang=ar with Arabic titles, excerpts, bodies, categories and reading times", async () => {
      const { body } = await get<{ blogs: BlogPostDto[] }>("/api/blog/list?lang=ar");
      expect(body.blogs).toHaveLength(DEMO_BLOG_POSTS.length);
      const lawn = body.blogs.find((p) => p.slug === "a-guide-to-pakistani-lawn")!;
      expect(lawn.title).toBe(DEMO_BLOG_POSTS_AR["a-guide-to-pakistani-lawn"]!.title);
      expect(lawn.excerpt).toMatch(ARABIC);
      expect(lawn.content).toContain("<h2>لماذا يناسب اللون الحر</h2>");
      expect(lawn.category).toBe("دليل الأقمشة");
      expect(lawn.readTime).toMatch(/^(\d+ (دقائق|دقيقة)|دقيقتان) للقراءة$/);
      expect(body.blogs.every((p) => p.enFields === undefined)).toBe(true);
      const english = await get<{ blogs: BlogPostDto[] }>("/api/blog/list");
      const englishLawn = english.body.blogs.find((p) => p.slug === "a-guide-to-pakistani-lawn")!;
      expect(englishLawn.title).toBe("A Guide to Pakistani Lawn");
      expect(englishLawn.readTime).toMatch(/^\d+ min read$/);
      expect(englishLawn).not.toHaveProperty("enFields");
    });

    it("falls back to the English body of a post without an Arabic one, naming it in enFields", async () => {
      const slug = "caring-for-chiffon-and-crepe";
      await db().updateTable("blog_posts").set({ content_html_ar: null }).where("slug", "=", slug).execute();
      try {
        const post = (await store.services.catalog.findBlogPostBySlug(slug, "ar"))!;
        expect(post.title).toMatch(ARABIC);
        expect(post.content).toContain("<h2>Always read the label first</h2>");
        expect(post.enFields).toEqual(["content"]);
      } finally {
        await db()
          .updateTable("blog_posts")
          .set({ content_html_ar: DEMO_BLOG_POSTS_AR[slug]!.contentHtml })
          .where("slug", "=", slug)
          .execute();
      }
    });
  });

  describe("a demo store seeded before the Arabic texts", () => {
    it("gets them once at start, leaving a product the owner renamed and texts already set alone", async () => {
      await db().updateTable("products").set({ name_ar: null, description_ar: null }).execute();
      await db().updateTable("product_images").set({ alt_ar: null }).execute();
      await db()
        .updateTable("blog_posts")
        .set({ title_ar: null, excerpt_ar: null, content_html_ar: null })
        .execute();
      await db().updateTable("categories").set({ name_ar: null, description_ar: null }).execute();
      await db().deleteFrom("catalog_terms").execute();
      await db().deleteFrom("app_meta").where("key", "=", "demo_arabic_at").execute();
      await db()
        .updateTable("products")
        .set({ name: "Owner's Own Name" })
        .where("slug", "=", "farah-silk-kaftan")
        .execute();
      await db()
        .updateTable("products")
        .set({ name_ar: "اسم اختاره المالك" })
        .where("slug", "=", "noor-crepe-abaya")
        .execute();
      const before = await readCatalogVersion(db());

      expect(await addDemoArabic(db())).toEqual({
        products: DEMO_PRODUCTS.length - 1,
        posts: DEMO_BLOG_POSTS.length,
      });
      expect(await readCatalogVersion(db())).not.toBe(before);
      const catalog = store.services.catalog;
      const noor = (await catalog.findProductBySlug("noor-crepe-abaya", "ar"))!;
      expect(noor.name).toBe("اسم اختاره المالك");
      expect(noor.description).toBe(DEMO_PRODUCTS_AR["noor-crepe-abaya"]!.description);
      expect(noor.images[1]!.alt).toBe("عباية نور كريب، منظر خلفي");
      expect(noor.labels).toEqual({ type: "عباية", fabric: "كريب", colors: ["أسود"] });
      const farah = (await catalog.findProductBySlug("farah-silk-kaftan", "ar"))!;
      expect(farah.name).toBe("Owner's Own Name");
      expect(farah.enFields).toEqual(expect.arrayContaining(["name", "description"]));
      expect((await catalog.listCategories("ar"))[0]!.name).toBe("أناقة تراثية");
      // Once only: a second start changes nothing.
      expect(await addDemoArabic(db())).toEqual({ products: 0, posts: 0 });
    });
  });
});
