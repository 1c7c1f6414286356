import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import { noteProductsChanged } from "./db/repositories/stock-changes.ts";
import { listKeysChanged } from "./products-shown.ts";
import {
  addTestProduct,
  api,
  freePort,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/**
 * Issue 27: two machines on one PostgreSQL database. A write through one (an order taking stock) reaches
 * the other's cached answers at its commit through LISTEN/NOTIFY, which names the products it changed
 * (decision 0037), so only the answers showing them are dropped: each process polls the version only
 * every 10 minutes here, so nothing else could tell it within the second. When the LISTEN connection is
 * cut, it comes back and every cache is cleared (a write may have gone unannounced meanwhile).
 */

const postgres = TEST_ENGINES.find((engine) => engine.name === "postgres");

/** The product's first size's stock as /api/product/list shows it, and whether it came from the cache. */
async function listedStock(base: string, product: TestProduct) {
  const res = await fetch(`${base}/api/product/list?limit=100`);
  const body = (await res.json()) as { products: { slug: string; variants: { stock: number | null }[] }[] };
  const found = body.products.find((p) => p.slug === product.slug);
  return { stock: found?.variants[0]?.stock, cache: res.headers.get("x-cache") };
}

describe.runIf(postgres)("two server processes on one PostgreSQL database", () => {
  let fresh: { url: string; drop(): Promise<void> };
  let a: StoreProcess;
  let b: StoreProcess;
  let database: DatabaseHandle;
  let metricsPort: number;
  const env = { COD_ENABLED: "true", CATALOG_POLL_MS: "600000" };

  beforeAll(async () => {
    fresh = await postgres!.create();
    a = await startStoreProcess(fresh.url, { env });
    metricsPort = await freePort();
    b = await startStoreProcess(fresh.url, { env: { ...env, METRICS_PORT: String(metricsPort) } });
    database = openDatabase(fresh.url, { poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await stopStoreProcess(a);
    await stopStoreProcess(b);
    await database?.close();
    await fresh?.drop();
  });

  it("shows an order taken through one on the other's cached list within a second", {
    timeout: 60_000,
  }, async () => {
    const db = database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    // Another product's answer on B, which the sale does not touch (decision 0037).
    const other = await addTestProduct(db, {
      name: "Untouched Notify Kaftan",
      variants: [{ size: "S/52", retailFils: 30_000, stock: 2 }],
    });
    const otherList = `${b.base}/api/product/list?search=${encodeURIComponent(other.name)}`;
    expect((await fetch(otherList)).headers.get("x-cache")).toBe("miss");
    expect(await listedStock(b.base, product)).toEqual({ stock: 5, cache: "miss" });
    expect(await listedStock(b.base, product)).toEqual({ stock: 5, cache: "hit" });

    const shopper = await newShopper(a.base, db);
    const placed = await api(a.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product, quantity: 2 }], { price: { payment_mode: "cod", COD: "1" } }),
    });
    expect(placed.body).toMatchObject({ success: true });
    const answeredAt = Date.now();
    await expect
      .poll(async () => (await listedStock(b.base, product)).stock, { timeout: 1_000, interval: 25 })
      .toBe(3);
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
    // And it stays so: the answer cached on B from now on is the new one.
    expect(await listedStock(b.base, product)).toEqual({ stock: 3, cache: "hit" });
    // The answer that does not show the sold product was never dropped.
    expect((await fetch(otherList)).headers.get("x-cache")).toBe("hit");
  });

  it("shows a product's edit on the other's cached list within a second, and keeps a list of another product", {
    timeout: 60_000,
  }, async () => {
    const db = database.db;
    const edited = await addTestProduct(db, {
      name: "Notify Crepe Abaya",
      variants: [{ size: "M/54", retailFils: 41_000, stock: 3 }],
    });
    await addTestProduct(db, {
      name: "Notify Linen Jalabiya",
      variants: [{ size: "L/56", retailFils: 29_000, stock: 3 }],
    });
    // The abayas from 250 to 300 AED show the jalabiya, not the edited abaya (410 AED).
    const keptList = `${b.base}/api/product/list?category=abayas&minPrice=250&maxPrice=300&limit=100`;
    const names = async () => {
      const res = await fetch(`${b.base}/api/product/list?limit=100`);
      return ((await res.json()) as { products: { name: string }[] }).products.map((p) => p.name);
    };
    await fetch(keptList);
    await expect
      .poll(async () => (await fetch(keptList)).headers.get("x-cache"), { timeout: 10_000 })
      .toBe("hit");
    expect(await names()).toContain("Notify Crepe Abaya");

    // Renamed as the back office does (decision 0037): the product, and the searches of its collection.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("products")
        .set({ name: "Notify Satin Abaya" })
        .where("id", "=", edited.productId)
        .execute();
      await noteProductsChanged(trx, [edited.productId, ...listKeysChanged(["search"], ["abayas"])]);
    });
    const committedAt = Date.now();
    await expect
      .poll(async () => (await names()).includes("Notify Satin Abaya"), { timeout: 1_000, interval: 25 })
      .toBe(true);
    expect(Date.now() - committedAt).toBeLessThan(1_000);
    expect((await fetch(keptList)).headers.get("x-cache")).toBe("hit");
  });

  it("clears every cache when the LISTEN connection comes back after a cut", {
    timeout: 60_000,
  }, async () => {
    const product = await addTestProduct(database.db, {
      variants: [{ size: "L/56", retailFils: 30_000, stock: 7 }],
    });
    await expect
      .poll(async () => listedStock(b.base, product), { timeout: 10_000 })
      .toEqual({ stock: 7, cache: "hit" });
    // Stock changed behind the store's back (no version bump, no notification): the cached list keeps 7.
    await database.db
      .updateTable("product_variants")
      .set({ stock: 4 })
      .where("id", "=", product.variants[0]!.variantId)
      .execute();
    expect(await listedStock(b.base, product)).toEqual({ stock: 7, cache: "hit" });

    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    try {
      const cut = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN store_catalog' and pid <> pg_backend_pid()",
      );
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    const reconnected = async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      return text.includes('store_catalog_notifications_total{event="reconnected"} 1');
    };
    await expect.poll(reconnected, { timeout: 15_000 }).toBe(true);
    expect(await listedStock(b.base, product)).toEqual({ stock: 4, cache: "miss" });
  });
});
