import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchCatalogVersion } from "./db/repositories/catalog-version.ts";
import { noteStockChanged } from "./db/repositories/stock-changes.ts";
import {
  addTestProduct,
  api,
  freePort,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Issue 27, decision 0037: a sale re-renders only the cached answers that show the products it changed.
 * Product A and product B are in different collections, so neither's page shows the other (a product
 * page shows its own collection's products as related).
 */

interface Listed {
  products: { slug: string; variants: { filter_value: string; stock: number | null }[] }[];
}

/** The size's choice on a product page (a radio input, decision 0033), and whether it is offered (not disabled). */
function sizeOffered(html: string, size: string): boolean {
  const choice = [...html.matchAll(/<input\b([^>]*)>/g)].find(
    (m) => /\sname="size"/.test(m[1]!) && m[1]!.includes(` value="${size}"`),
  );
  if (!choice) throw new Error(`no choice for size ${size}`);
  return !/\sdisabled=""/.test(choice[1]!);
}

describe.each(TEST_ENGINES)("invalidation by what changed on $name", (engine) => {
  let store: TestStore;
  let base: string;
  let a: TestProduct;
  let b: TestProduct;
  let shopper: { id: string; token: string };

  beforeAll(async () => {
    store = await createTestStore(engine, {
      pages: true,
      env: { SEED_DEMO: "false", COD_ENABLED: "true", AUTH_RATE_LIMIT_PER_IP: "100000" },
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await store.app.listen({ host: "127.0.0.1", port });
    const db = store.database.db;
    a = await addTestProduct(db, {
      name: "Flash Sale Abaya",
      variants: [
        { size: "S/52", retailFils: 45_000, stock: 1 },
        { size: "M/54", retailFils: 45_000, stock: 6 },
      ],
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
    shopper = await newShopper(base, db);
  }, 120_000);
  afterAll(() => store?.close());

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { cache: res.headers.get("x-cache"), body: await res.text() };
  };
  const listed = async (path: string) => {
    const res = await get(path);
    return { cache: res.cache, products: (JSON.parse(res.body) as Listed).products };
  };
  const stockOf = (products: Listed["products"], product: TestProduct, size: string) =>
    products.find((p) => p.slug === product.slug)?.variants.find((v) => v.filter_value === size)?.stock;
  const codOrder = (product: TestProduct, size: string, quantity: number) =>
    api(base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product, size, quantity }], { price: { payment_mode: "cod", COD: "1" } }),
    });

  it("a sale of A re-renders A's page and the lists showing A, and leaves B's answers in the cache", async () => {
    const pageA = `/product/${a.slug}`;
    const pageB = `/product/${b.slug}`;
    const listAll = "/api/product/list?limit=24";
    const listB = `/api/product/list?search=${encodeURIComponent("Quiet Kaftan")}&limit=24`;
    const shopA = `/shop?search=${encodeURIComponent("Flash Sale")}`;
    for (const path of [pageA, `${pageA}.data`, pageB, listAll, listB, shopA, "/shipping"]) {
      expect((await get(path)).cache).toBe("miss");
      expect((await get(path)).cache).toBe("hit");
    }
    expect(sizeOffered((await get(pageA)).body, "S/52")).toBe(true);
    expect(stockOf((await listed(listAll)).products, a, "S/52")).toBe(1);

    // The last S/52 is bought.
    const placed = await codOrder(a, "S/52", 1);
    expect(placed.body).toMatchObject({ success: true });

    // The very next requests: A's page no longer offers the size, the list shows none left.
    const afterA = await get(pageA);
    expect(afterA.cache).toBe("miss");
    expect(sizeOffered(afterA.body, "S/52")).toBe(false);
    expect(sizeOffered(afterA.body, "M/54")).toBe(true);
    const afterList = await listed(listAll);
    expect(afterList.cache).toBe("miss");
    expect(stockOf(afterList.products, a, "S/52")).toBe(0);
    expect(stockOf(afterList.products, b, "L/56")).toBe(4);
    // The shop's cards show no size's stock (decision 0037, amended): a sale leaves its page cached.
    expect((await get(shopA)).cache).toBe("hit");
    // The page's data navigation is re-rendered with the page.
    expect((await get(`${pageA}.data`)).cache).toBe("miss");

    // What does not show A is still answered from memory, unchanged.
    for (const path of [pageB, listB, "/shipping"]) expect((await get(path)).cache).toBe("hit");
    expect(stockOf((await listed(listB)).products, b, "L/56")).toBe(4);

    // And A's new answers are kept: the sale's change is read once, then they are hits again.
    await expect.poll(async () => (await get(pageA)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
    expect(sizeOffered((await get(pageA)).body, "S/52")).toBe(false);
    await expect.poll(async () => (await get(listAll)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");

    // The bought-out size is refused at the order call, which reads live stock.
    const again = await codOrder(a, "S/52", 1);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false });
  });

  it("a stock adjustment in the back office drops only that product's answers", async () => {
    const pageA = `/product/${a.slug}`;
    const pageB = `/product/${b.slug}`;
    await expect.poll(async () => (await get(pageA)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
    await expect.poll(async () => (await get(pageB)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
    await store.services.admin.catalog.adjustStock(
      b.productId,
      { variantId: b.variants[0]!.variantId, delta: -4 },
      async () => {},
    );
    const afterB = await get(pageB);
    expect(afterB.cache).toBe("miss");
    expect(sizeOffered(afterB.body, "L/56")).toBe(false);
    expect((await get(pageA)).cache).toBe("hit");
  });

  it("a settings change still drops every cached answer", async () => {
    const pageB = `/product/${b.slug}`;
    await expect.poll(async () => (await get(pageB)).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
    await expect
      .poll(async () => (await get("/shipping")).cache, { timeout: 10_000, interval: 50 })
      .toBe("hit");
    await store.services.settings.update(
      { announcement: "Flash sale: this weekend only" },
      shopper,
      async () => {},
    );
    for (const path of [pageB, "/shipping", `/product/${a.slug}`]) {
      const res = await get(path);
      expect(res.cache).toBe("miss");
      expect(res.body).toContain("Flash sale: this weekend only");
    }
  });

  it("a process that missed deleted changes, or a reset of the numbers, trusts no product's answer", async () => {
    const db = store.database.db;
    const watch = watchCatalogVersion(db, 60_000);
    try {
      await watch.current();
      const stamp = watch.stockSeq();
      expect(watch.stockChangedSince([b.productId], stamp)).toBe(false);
      // Two changes of A written elsewhere, then deleted before this watch read them.
      for (let i = 0; i < 2; i++)
        await db.transaction().execute((trx) => noteStockChanged(trx, [a.variants[1]!.variantId]));
      await db.deleteFrom("catalog_stock_changes").where("seq", ">", stamp).execute();
      await watch.learn();
      expect(watch.stockSeq()).toBe(stamp + 2);
      expect(watch.stockChangedSince([b.productId], stamp)).toBe(true);
      expect(watch.stockChangedSince([], stamp)).toBe(false);
      expect(watch.stockChangedSince([b.productId], watch.stockSeq())).toBe(false);

      // The numbers go back (a database restored from a copy): the version itself changes.
      const before = await watch.current();
      await db.updateTable("app_meta").set({ value: "1" }).where("key", "=", "stock_seq").execute();
      await watch.learn();
      expect(await watch.current()).not.toBe(before);
      expect(watch.stockSeq()).toBe(1);
    } finally {
      await watch.stop();
    }
  });
});
