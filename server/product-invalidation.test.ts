import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminProductInput, AdminProductInputSchema } from "#core/schemas/admin/catalog.ts";
import { watchCatalogVersion } from "./db/repositories/catalog-version.ts";
import { createReview } from "./db/repositories/reviews.ts";
import { newId } from "./ids.ts";
import { listKey } from "./products-shown.ts";
import { addTestProduct, freePort, newShopper, type TestProduct } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Issue 27, decision 0037 (amended): a price or text change of one product re-renders only what shows
 * that product, and the lists whose membership, filters or order it can alter; B's answers stay in the
 * cache (its `x-cache: hit`). A is in "abayas", B in "kaftans", so neither's page shows the other.
 */
describe.each(TEST_ENGINES)("invalidation of a product's edit on $name", (engine) => {
  let store: TestStore;
  let base: string;
  let a: TestProduct;
  let b: TestProduct;
  /** In A's collection: its page shows A as a related product's card. */
  let c: TestProduct;

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { SEED_DEMO: "false" } });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await store.app.listen({ host: "127.0.0.1", port });
    const db = store.database.db;
    a = await addTestProduct(db, {
      name: "Midnight Crepe Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }],
    });
    c = await addTestProduct(db, {
      name: "Pleated Chiffon Abaya",
      variants: [{ size: "S/52", retailFils: 52_000, stock: 2 }],
    });
    b = await addTestProduct(db, {
      name: "Quiet Kaftan",
      variants: [{ size: "L/56", retailFils: 38_000, stock: 4 }],
    });
    await db
      .insertInto("categories")
      .values({ slug: "kaftans", name: "Kaftans", description: "", position: 1 })
      .execute();
    await db
      .updateTable("products")
      .set({ category_slug: "kaftans" })
      .where("id", "=", b.productId)
      .execute();
  }, 120_000);
  afterAll(() => store?.close());

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { cache: res.headers.get("x-cache"), body: await res.text() };
  };
  const names = async (path: string) => {
    const res = await get(path);
    const listed = JSON.parse(res.body) as {
      products: { name: string; price: number; salePrice?: number }[];
    };
    return { cache: res.cache, products: listed.products };
  };
  /** Every path is answered from the cache (a render may still be reading a change: polled). */
  const cached = async (paths: string[]) => {
    for (const path of paths)
      await expect.poll(async () => (await get(path)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
  };
  /** Saves A in the back office as its editor would, with `change` applied. */
  const editA = async (change: Partial<AdminProductInput>) => {
    const p = await store.services.admin.catalog.getProduct(a.productId);
    const input = AdminProductInputSchema.parse({
      name: p.name,
      slug: p.slug,
      description: p.description,
      nameAr: p.nameAr,
      descriptionAr: p.descriptionAr,
      category: p.category,
      type: p.type,
      fabric: p.fabric,
      colors: p.colors,
      bestseller: p.bestseller,
      isNew: p.isNew,
      isSale: p.isSale,
      variants: p.variants.map((v) => ({
        id: v.id,
        size: v.size,
        sku: v.sku,
        price: v.price,
        discount: v.discount,
      })),
      ...change,
    });
    await store.services.admin.catalog.updateProduct(a.productId, input, async () => {});
  };

  const pageA = () => `/product/${a.slug}`;
  const pageB = () => `/product/${b.slug}`;
  const listAll = "/api/product/list?limit=24";
  const listKaftans = "/api/product/list?category=kaftans&limit=24";
  /** Abayas under 100 AED: none, until A's price falls. */
  const cheapAbayas = "/api/product/list?category=abayas&maxPrice=100&limit=24";

  it("a name change re-renders A's page, the lists showing A and searches, and keeps B's answers", async () => {
    const newName = "Moonlit Crepe Abaya";
    const findNew = `/api/product/list?search=${encodeURIComponent("Moonlit")}&limit=24`;
    const untouched = [pageB(), `${pageB()}.data`, listKaftans, "/shop?category=kaftans", "/shipping"];
    for (const path of [pageA(), listAll, findNew, cheapAbayas, ...untouched]) await get(path);
    await cached([pageA(), listAll, findNew, cheapAbayas, ...untouched]);
    expect((await names(findNew)).products).toEqual([]);

    await editA({ name: newName });

    const afterA = await get(pageA());
    expect(afterA.cache).toBe("miss");
    expect(afterA.body).toContain(newName);
    const afterList = await names(listAll);
    expect(afterList.cache).toBe("miss");
    expect(afterList.products.map((p) => p.name)).toContain(newName);
    // A search that did not find A before finds it now.
    const found = await names(findNew);
    expect(found.cache).toBe("miss");
    expect(found.products.map((p) => p.name)).toEqual([newName]);
    // What does not show A, and no list a name can change, is still answered from memory.
    for (const path of [...untouched, cheapAbayas]) expect((await get(path)).cache).toBe("hit");
    expect((await get(pageB())).body).toContain("Quiet Kaftan");
    // A's new answers are kept again.
    await cached([pageA(), listAll]);
  });

  it("a description change re-renders only the answers that show A", async () => {
    const untouched = [pageB(), listKaftans, cheapAbayas, "/shipping"];
    await cached([pageA(), listAll, ...untouched]);
    await editA({ description: "Crepe that falls softly, with a hidden pocket." });
    const afterA = await get(pageA());
    expect(afterA.cache).toBe("miss");
    expect(afterA.body).toContain("with a hidden pocket");
    expect((await get(listAll)).cache).toBe("miss");
    for (const path of untouched) expect((await get(path)).cache).toBe("hit");
  });

  it("a price change also re-renders the lists its collection filters and sorts by price, not B's", async () => {
    const untouched = [pageB(), listKaftans, "/shop?category=kaftans&sort=price-low-high", "/shipping"];
    for (const path of untouched) await get(path);
    await cached([pageA(), listAll, cheapAbayas, ...untouched]);
    expect((await names(cheapAbayas)).products).toEqual([]);

    const p = await store.services.admin.catalog.getProduct(a.productId);
    await editA({
      variants: p.variants.map((v) => ({ id: v.id, size: v.size, sku: v.sku, price: 80, discount: 0 })),
    });

    const afterA = await get(pageA());
    expect(afterA.cache).toBe("miss");
    expect(afterA.body).toMatch(/AED\s*80\b|80\.00/);
    const listed = await names(listAll);
    expect(listed.cache).toBe("miss");
    expect(listed.products.find((x) => x.name === "Moonlit Crepe Abaya")?.price).toBe(80);
    // A list of A's collection that did not show A shows it now: its price range holds A.
    const cheap = await names(cheapAbayas);
    expect(cheap.cache).toBe("miss");
    expect(cheap.products.map((x) => x.name)).toEqual(["Moonlit Crepe Abaya"]);
    for (const path of untouched) expect((await get(path)).cache).toBe("hit");
  });

  it("a sale of A leaves the pages that show A only as a card, which an edit of A's name does not", async () => {
    const pageC = `/product/${c.slug}`;
    const shopAbayas = "/shop?category=abayas";
    for (const path of [pageC, shopAbayas]) await get(path);
    await cached([pageA(), pageC, shopAbayas, listAll]);
    expect((await get(pageC)).body).toContain("Moonlit Crepe Abaya");

    await store.services.admin.catalog.adjustStock(
      a.productId,
      { variantId: a.variants[0]!.variantId, delta: -5 },
      async () => {},
    );
    // A's page and the list API show its stock; C's page and the shop show A's card, which has none.
    expect((await get(pageA())).cache).toBe("miss");
    expect((await get(listAll)).cache).toBe("miss");
    for (const path of [pageC, shopAbayas]) expect((await get(path)).cache).toBe("hit");

    await editA({ name: "Moonlit Satin Abaya" });
    for (const path of [pageC, shopAbayas]) {
      const res = await get(path);
      expect(res.cache).toBe("miss");
      expect(res.body).toContain("Moonlit Satin Abaya");
    }
  });

  it("a review or a picture's text of A drops A's page and review answers only", async () => {
    const reviewsA = `/api/review/product/${a.productId}`;
    const reviewsB = `/api/review/product/${b.productId}`;
    const untouched = [pageB(), reviewsB, listKaftans];
    for (const path of [reviewsA, ...untouched]) await get(path);
    await cached([pageA(), reviewsA, ...untouched]);

    const reviewId = newId();
    await store.database.db.transaction().execute((trx) =>
      createReview(trx, {
        id: reviewId,
        product_id: a.productId,
        user_id: null,
        user_name: "Maryam",
        rating: 5,
        comment: "The crepe falls beautifully and the sleeves are just right.",
        is_verified_purchase: true,
        created_at: new Date().toISOString(),
      }),
    );
    const withReview = await get(reviewsA);
    expect(withReview.cache).toBe("miss");
    expect(withReview.body).toContain("the sleeves are just right");
    expect((await get(pageA())).body).toContain("the sleeves are just right");
    for (const path of untouched) expect((await get(path)).cache).toBe("hit");

    await cached([pageA(), reviewsA]);
    await store.services.admin.catalog.moderateReview(reviewId, "hide", async () => {});
    expect((await get(reviewsA)).body).not.toContain("the sleeves are just right");
    expect((await get(pageA())).body).not.toContain("the sleeves are just right");

    await cached([pageA()]);
    const [image] = (await store.services.admin.catalog.getProduct(a.productId)).images;
    await store.services.admin.catalog.setImageAlt(
      a.productId,
      image!.id,
      "Back view, satin belt",
      async () => {},
    );
    const afterAlt = await get(pageA());
    expect(afterAlt.cache).toBe("miss");
    expect(afterAlt.body).toContain("Back view, satin belt");
    for (const path of untouched) expect((await get(path)).cache).toBe("hit");
  });

  it("archiving A drops the lists of its collection; a settings change still drops everything", async () => {
    await cached([pageA(), cheapAbayas, pageB(), listKaftans]);
    await store.services.admin.catalog.setArchived(a.productId, true, async () => {});
    const cheap = await names(cheapAbayas);
    expect(cheap.cache).toBe("miss");
    expect(cheap.products).toEqual([]);
    expect((await fetch(`${base}${pageA()}`)).status).toBe(404);
    for (const path of [pageB(), listKaftans]) expect((await get(path)).cache).toBe("hit");

    const owner = await newShopper(base, store.database.db);
    await store.services.settings.update({ announcement: "Eid edit" }, owner, async () => {});
    for (const path of [pageB(), listKaftans]) expect((await get(path)).cache).toBe("miss");
  });

  it("another process learns an edit's products and list keys from the shared channel", async () => {
    const other = watchCatalogVersion(store.database.db, 60_000);
    try {
      await other.current();
      const stamp = other.stockSeq();
      await store.services.admin.catalog.setArchived(a.productId, false, async () => {});
      await editA({ name: "Moonlit Crepe Abaya II" });
      await other.learn();
      expect(other.stockSeq()).toBeGreaterThan(stamp);
      expect(other.stockChangedSince([a.productId], stamp)).toBe(true);
      expect(other.stockChangedSince([listKey("search", "all")], stamp)).toBe(true);
      expect(other.stockChangedSince([listKey("lists", "abayas")], stamp)).toBe(true);
      expect(other.stockChangedSince([b.productId, listKey("shop", "kaftans")], stamp)).toBe(false);
    } finally {
      await other.stop();
    }
  });
});
