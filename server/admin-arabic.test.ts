import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as backfillOrderLineArabic } from "./db/migrations/2026-11-27-0014-order-line-arabic.ts";
import { newId } from "./ids.ts";
import { freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import { addTestProduct, orderPayload } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Arabic in the back office (issue 25, decision 0025): the owner writes the Arabic of products, images,
 * posts and the shop's settings; /ar shows it at once (the page caches drop as for English edits) and
 * falls back to English per field, marked lang="en"; lists show and filter what needs Arabic; an order
 * line keeps the Arabic name it was bought under whatever the owner edits afterwards.
 */

const product = (overrides: Record<string, unknown> = {}) => ({
  name: "Moonlit Crepe Abaya",
  slug: `moonlit-crepe-${newId().slice(-8)}`,
  description: "Soft crepe with a satin edge.",
  category: "graceful-abayas",
  type: "Abaya",
  fabric: "Crepe",
  colors: ["Black"],
  variants: [{ size: "M/54", sku: `ML-M-${newId().slice(-8)}`, price: 450, discount: 0, stock: 4 }],
  ...overrides,
});

interface ProductBody {
  id: string;
  slug: string;
  name: string;
  nameAr: string | null;
  descriptionAr: string | null;
  missingArabic: string[];
  images: { id: string; alt: string; altAr: string | null }[];
}

describe.each(TEST_ENGINES)("Arabic in the back office on $name", (engine) => {
  let store: TestStore;
  let owner: AdminClient;

  beforeAll(async () => {
    store = await createTestStore(engine, {
      pages: true,
      env: { COD_ENABLED: "true", AUTH_RATE_LIMIT_PER_IP: "100000" },
    });
    const user = await createRoleUser(store.database.db, "owner");
    owner = await adminLogin(store.app, user.email);
  });
  afterAll(async () => {
    await store?.close();
  });

  const page = async (url: string) => {
    const res = await store.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it("a product's Arabic name and description show on /ar at once; English pages stay English", async () => {
    const created = await owner.call("POST", "/api/admin/products", product());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const p = created.body.product as ProductBody;
    // A new product is a draft (issue 26): published, the shop shows it.
    expect((await owner.call("POST", `/api/admin/products/${p.id}/publish`)).status).toBe(200);
    expect(p).toMatchObject({ nameAr: null, descriptionAr: null, missingArabic: ["name", "description"] });
    // Read once in Arabic, so the page is in the response cache before the edit.
    const before = await page(`/ar/product/${p.slug}`);
    expect(before).toMatch(/<h1[^>]*lang="en"[^>]*>Moonlit Crepe Abaya<\/h1>/);

    const saved = await owner.call(
      "PUT",
      `/api/admin/products/${p.id}`,
      product({ slug: p.slug, nameAr: "عباية كريب ضوء القمر", descriptionAr: "" }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.product).toMatchObject({
      nameAr: "عباية كريب ضوء القمر",
      descriptionAr: null,
      missingArabic: ["description"],
    });
    const ar = await page(`/ar/product/${p.slug}`);
    expect(ar).toMatch(/<h1[^>]*>عباية كريب ضوء القمر<\/h1>/);
    expect(ar).not.toMatch(/<h1[^>]*lang="en"/);
    // The description has no Arabic: English, marked so.
    expect(ar).toMatch(/<p[^>]*lang="en"[^>]*>Soft crepe with a satin edge\.<\/p>/);
    const en = await page(`/product/${p.slug}`);
    expect(visibleText(en)).toContain("Moonlit Crepe Abaya");
    expect(visibleText(en)).not.toContain("عباية كريب ضوء القمر");
    const list = await store.app.inject({ method: "GET", url: "/api/product/list?lang=ar&limit=100" });
    const item = (list.json().products as { slug: string; name: string; enFields?: string[] }[]).find(
      (x) => x.slug === p.slug,
    );
    expect(item).toMatchObject({ name: "عباية كريب ضوء القمر", enFields: ["description"] });
  });

  it("a body without the Arabic fields keeps them; a refused Arabic text changes nothing", async () => {
    const created = await owner.call(
      "POST",
      "/api/admin/products",
      product({ nameAr: "عباية", descriptionAr: "كريب ناعم" }),
    );
    const p = created.body.product as ProductBody;
    const kept = await owner.call("PUT", `/api/admin/products/${p.id}`, product({ slug: p.slug }));
    expect(kept.body.product).toMatchObject({
      nameAr: "عباية",
      descriptionAr: "كريب ناعم",
      missingArabic: [],
    });

    const refused = await owner.call(
      "PUT",
      `/api/admin/products/${p.id}`,
      product({ slug: p.slug, name: "Changed", nameAr: "ع".repeat(161) }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: "validation" });
    expect(String(refused.body.message)).toContain("Name (Arabic) is at most 160 characters");
    const after = (await owner.call("GET", `/api/admin/products/${p.id}`)).body.product as ProductBody;
    expect(after).toMatchObject({ name: "Moonlit Crepe Abaya", nameAr: "عباية" });
    const notText = await owner.call(
      "PUT",
      `/api/admin/products/${p.id}`,
      product({ slug: p.slug, nameAr: 42 }),
    );
    expect(notText.status).toBe(400);
  });

  it("an image's Arabic alt text: saved, shown on /ar, and its absence is listed", async () => {
    const test = await addTestProduct(store.database.db, {
      name: "Alt Test Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }],
    });
    await owner.call("PUT", `/api/admin/products/${test.productId}`, {
      ...product({ slug: test.slug, name: "Alt Test Abaya", category: "abayas", description: "" }),
      nameAr: "عباية الاختبار",
      variants: [{ id: test.variants[0]!.variantId, size: "M/54", sku: test.variants[0]!.sku, price: 450 }],
    });
    const before = (await owner.call("GET", `/api/admin/products/${test.productId}`)).body
      .product as ProductBody;
    expect(before.missingArabic).toEqual(["alt"]);
    const image = before.images[0]!;
    const listed = await owner.call("GET", "/api/admin/products?needsArabic=true&limit=100");
    const ids = (listed.body.products as { id: string; missingArabic: string[] }[]).map((x) => x.id);
    expect(ids).toContain(test.productId);

    const saved = await owner.call("PATCH", `/api/admin/products/${test.productId}/images/${image.id}`, {
      alt: "Alt Test Abaya, front",
      altAr: "عباية الاختبار من الأمام",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.images).toMatchObject([
      { alt: "Alt Test Abaya, front", altAr: "عباية الاختبار من الأمام" },
    ]);
    expect(await page(`/ar/product/${test.slug}`)).toContain('alt="عباية الاختبار من الأمام"');
    expect(await page(`/product/${test.slug}`)).toContain('alt="Alt Test Abaya, front"');
    const after = await owner.call("GET", "/api/admin/products?needsArabic=true&limit=100");
    expect((after.body.products as { id: string }[]).map((x) => x.id)).not.toContain(test.productId);
    const all = await owner.call("GET", "/api/admin/products?limit=100");
    const row = (all.body.products as { id: string; missingArabic: string[] }[]).find(
      (x) => x.id === test.productId,
    );
    expect(row?.missingArabic).toEqual([]);

    // Only the English sent: the Arabic stays.
    const englishOnly = await owner.call(
      "PATCH",
      `/api/admin/products/${test.productId}/images/${image.id}`,
      {
        alt: "Alt Test Abaya",
      },
    );
    expect(englishOnly.body.images).toMatchObject([
      { alt: "Alt Test Abaya", altAr: "عباية الاختبار من الأمام" },
    ]);
  });

  it("a post's Arabic title, excerpt and text on /ar/blog; the list filters what needs Arabic", async () => {
    const slug = `eid-edit-${newId().slice(-8)}`;
    const created = await owner.call("POST", "/api/admin/blog", {
      title: "The Eid edit",
      slug,
      excerpt: "Five abayas for the holiday.",
      content: "<p>Our picks for Eid.</p>",
      author: "Noor",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.post as { id: string }).id;
    expect(created.body.post).toMatchObject({
      titleAr: null,
      contentAr: null,
      missingArabic: ["title", "excerpt", "content"],
    });
    await owner.call("POST", `/api/admin/blog/${id}/publish`);
    expect(await page(`/ar/blog/${slug}`)).toMatch(/<h1[^>]*lang="en"[^>]*>The Eid edit<\/h1>/);
    const needing = await owner.call("GET", "/api/admin/blog?needsArabic=true");
    expect((needing.body.posts as { id: string }[]).map((p) => p.id)).toContain(id);

    const saved = await owner.call("PUT", `/api/admin/blog/${id}`, {
      title: "The Eid edit",
      slug,
      excerpt: "Five abayas for the holiday.",
      content: "<p>Our picks for Eid.</p>",
      author: "Noor",
      titleAr: "مختارات العيد",
      excerptAr: "خمس عباءات للعيد.",
      contentAr: '<p dir="rtl">اختياراتنا للعيد.</p><script>alert(1)</script>',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const post = saved.body.post as { contentAr: string; missingArabic: string[] };
    expect(post.missingArabic).toEqual([]);
    expect(post.contentAr).toContain("اختياراتنا للعيد.");
    expect(post.contentAr).not.toContain("script");
    const ar = await page(`/ar/blog/${slug}`);
    expect(ar).toMatch(/<h1[^>]*>مختارات العيد<\/h1>/);
    expect(visibleText(ar)).toContain("خمس عباءات للعيد.");
    expect(visibleText(ar)).toContain("اختياراتنا للعيد.");
    expect(ar).not.toContain("alert(1)");
    // A post without a cover draws no picture at all, never an <img> without a source.
    const sourceless = (html: string) =>
      (html.match(/<img\b[^>]*>/g) ?? []).filter((tag) => !/\ssrc="[^"]+"/.test(tag));
    expect(sourceless(ar)).toEqual([]);
    expect(sourceless(await page("/ar/blog"))).toEqual([]);
    expect(visibleText(await page(`/blog/${slug}`))).toContain("Our picks for Eid.");
    const done = await owner.call("GET", "/api/admin/blog?needsArabic=true");
    expect((done.body.posts as { id: string }[]).map((p) => p.id)).not.toContain(id);
    const badQuery = await owner.call("GET", "/api/admin/blog?needsArabic=perhaps");
    expect(badQuery.status).toBe(400);
  });

  it("the shop's Arabic name, addresses and announcement on /ar; English where none is given", async () => {
    const res = await owner.call("PUT", "/api/admin/settings", {
      announcement: "Eid collection now in store · Free delivery over AED 500",
      officeAddress: "Office 12, Bay Square, Business Bay, Dubai",
      officeAddressAr: "مكتب 12، باي سكوير، الخليج التجاري، دبي",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // No Arabic announcement yet: /ar shows the owner's English one, marked so.
    const first = await page("/ar/contact");
    expect(first).toMatch(/<p lang="en" dir="ltr"[^>]*>.*Eid collection now in store/s);
    expect(visibleText(first)).toContain("مكتب 12، باي سكوير، الخليج التجاري، دبي");
    // The warehouse has no Arabic: the English address, marked so.
    expect(first).toMatch(/<address[^>]*lang="en"[^>]*>/);

    const arabic = await owner.call("PUT", "/api/admin/settings", {
      shopNameAr: "نور أتيليه",
      announcementAr: "تشكيلة العيد في المتجر الآن · توصيل مجاني فوق 500 درهم",
      warehouseAddressAr: "",
    });
    expect(arabic.status).toBe(200);
    expect(arabic.body.settings).toMatchObject({ shopNameAr: "نور أتيليه", warehouseAddressAr: null });
    const ar = await page("/ar/contact");
    expect(visibleText(ar)).toContain("تشكيلة العيد في المتجر الآن");
    expect(visibleText(ar)).not.toContain("Eid collection now in store");
    expect(visibleText(ar)).toContain("نور أتيليه");
    const en = await page("/contact");
    expect(visibleText(en)).toContain("Eid collection now in store");
    expect(visibleText(en)).toContain("Office 12, Bay Square");
    for (const arabic of ["تشكيلة العيد", "نور أتيليه", "باي سكوير"])
      expect(visibleText(en)).not.toContain(arabic);
    const tooLong = await owner.call("PUT", "/api/admin/settings", { announcementAr: "ع".repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(String(tooLong.body.message)).toContain("Announcement (Arabic) is at most 300 characters");
  });

  it("an order line keeps the Arabic name it was bought under; the backfill fills only empty lines", async () => {
    const db = store.database.db;
    const test = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    await owner.call("PUT", `/api/admin/products/${test.productId}`, {
      ...product({ slug: test.slug, name: test.name, category: "abayas", description: "" }),
      nameAr: "عباية العيد",
      variants: [{ id: test.variants[0]!.variantId, size: "M/54", sku: test.variants[0]!.sku, price: 450 }],
    });
    const phone = freshPhone();
    const register = await store.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: { name: "Noura", phone, password: "password-1", language: "ar" },
    });
    expect(register.statusCode).toBeLessThan(300);
    const login = await store.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { identifier: phone, password: "password-1" },
    });
    const token = login.json().token as string;
    const plain = await addTestProduct(db, { variants: [{ size: "S/52", retailFils: 30_000, stock: 5 }] });
    const placed = await store.app.inject({
      method: "POST",
      url: "/api/order/place",
      headers: { token },
      payload: orderPayload(
        [
          { product: test, quantity: 1 },
          { product: plain, quantity: 1 },
        ],
        { language: "ar" },
      ),
    });
    expect(placed.statusCode, placed.body).toBe(200);

    // The owner renames the product in both languages afterwards.
    await owner.call("PUT", `/api/admin/products/${test.productId}`, {
      ...product({ slug: test.slug, name: "Renamed Abaya", category: "abayas", description: "" }),
      nameAr: "اسم جديد",
      variants: [{ id: test.variants[0]!.variantId, size: "M/54", sku: test.variants[0]!.sku, price: 450 }],
    });
    const orders = await store.app.inject({
      method: "POST",
      url: "/api/order/userorders",
      headers: { token },
      payload: {},
    });
    const lines = (orders.json().orders as { line_items: { name: string; nameAr: string | null }[] }[])[0]!
      .line_items;
    expect(lines).toMatchObject([
      { name: test.name, nameAr: "عباية العيد" },
      { name: plain.name, nameAr: null },
    ]);

    // The backfill (migration 0014) leaves named lines and lines of products without Arabic alone...
    const lineOf = async (productId: string) =>
      db
        .selectFrom("order_lines")
        .select(["id", "name_ar"])
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow();
    await backfillOrderLineArabic(db);
    expect((await lineOf(test.productId)).name_ar).toBe("عباية العيد");
    expect((await lineOf(plain.productId)).name_ar).toBeNull();
    // ...and gives a line stored without an Arabic name its product's.
    const named = await lineOf(test.productId);
    await db.updateTable("order_lines").set({ name_ar: null }).where("id", "=", named.id).execute();
    await backfillOrderLineArabic(db);
    const after = [await lineOf(test.productId), await lineOf(plain.productId)].map((l) => l.name_ar);
    expect(after).toEqual(["اسم جديد", null]);
  });
});
