import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.ts";
import { migrateTo, migrateToLatest } from "./db/migrate.ts";
import { newId } from "./ids.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Product drafts (issue 26; decision 0026): a product the back office creates is a draft until
 * published, and a draft is nowhere a shopper or a crawler looks (the list and its search, the product,
 * its reviews, the sitemap, cached answers); quotes and orders refuse it. Products stored before migrate
 * as published.
 */

interface ListAnswer {
  products: { _id: string; slug: string }[];
}

describe.each(TEST_ENGINES)("product drafts on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let shopper: { token: string };
  const slug = `dusk-satin-${newId().slice(-8).toLowerCase()}`;
  let product: { id: string; slug: string; variants: { id: string; sku: string; size: string }[] };

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", REQUEST_RATE_LIMIT_PER_IP: "1000" });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    shopper = await newShopper(store.base, db);
    const created = await owner.call("POST", "/api/admin/products", {
      name: "Dusk Satin Abaya",
      slug,
      description: "Satin with a soft sheen.",
      category: "graceful-abayas",
      type: "Abaya",
      fabric: "Satin",
      colors: ["Black"],
      bestseller: false,
      isNew: true,
      isSale: false,
      variants: [{ size: "M/54", sku: `DS-${newId().slice(-8)}`, price: 380, discount: 0, stock: 5 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = created.body.product as typeof product;
    expect(created.body.product).toMatchObject({ draft: true, archived: false });
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Everything a shopper or a crawler can see of the product, each true when it shows. */
  async function seen() {
    const get = (url: string, headers: Record<string, string> = {}) =>
      store.app.inject({ method: "GET", url, headers });
    const list = (await get("/api/product/list")).json() as ListAnswer;
    const search = (await get("/api/product/list?search=dusk%20satin")).json() as ListAnswer;
    const reviews = await get(`/api/review/product/${product.id}`);
    const sitemap = (await get("/sitemap.xml")).body;
    const page = await store.services.catalog.findProductBySlug(slug);
    const quote = await api(store.base, "POST", "/api/cart/quote", {
      body: { lines: [{ productId: product.id, size: "M/54", quantity: 1 }] },
    });
    const line = (quote.body as { lines?: { problem: string | null }[] }).lines?.[0];
    return {
      list: list.products.some((p) => p._id === product.id),
      search: search.products.some((p) => p._id === product.id),
      reviews: reviews.statusCode === 200,
      sitemap: sitemap.includes(`/product/${slug}`),
      page: page !== undefined,
      quote: quote.status === 200 && line !== undefined && line.problem === null,
    };
  }

  it("keeps a new product off the storefront, its search, sitemap and reviews, and refuses to sell it", async () => {
    const what = await seen();
    expect(what).toMatchObject({
      list: false,
      search: false,
      reviews: false,
      sitemap: false,
      page: false,
      quote: false,
    });
    const order = await api(store.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload(
        [
          {
            product: {
              productId: product.id,
              slug,
              name: "Dusk Satin Abaya",
              variants: product.variants.map((v) => ({ variantId: v.id, sku: v.sku, size: v.size })),
            },
            quantity: 1,
          },
        ],
        { price: { payment_mode: "cod" } },
      ),
    });
    expect(order.status, JSON.stringify(order.body)).toBeGreaterThanOrEqual(400);
    expect(order.status).toBeLessThan(500);
    const orders = await store.database.db
      .selectFrom("order_lines")
      .select("id")
      .where("product_id", "=", product.id)
      .execute();
    expect(orders).toEqual([]);
    // The back office lists it, and filters drafts.
    const drafts = await staff.call("GET", "/api/admin/products?state=draft");
    expect(
      (drafts.body.products as { id: string; draft: boolean }[]).map((p) => [p.id, p.draft]),
    ).toContainEqual([product.id, true]);
    const published = await staff.call("GET", "/api/admin/products?state=published");
    expect((published.body.products as { id: string }[]).map((p) => p.id)).not.toContain(product.id);
  });

  it("publishing puts it everywhere at once, unpublishing takes it off again, cached answers too", async () => {
    const before = await store.app.inject({ method: "GET", url: "/api/product/list" });
    const etag = String(before.headers.etag);
    const published = await staff.call("POST", `/api/admin/products/${product.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.product).toMatchObject({ draft: false });
    const fresh = await store.app.inject({
      method: "GET",
      url: "/api/product/list",
      headers: { "if-none-match": etag },
    });
    expect(fresh.statusCode).toBe(200);
    const shown = await seen();
    expect(shown).toMatchObject({
      list: true,
      search: true,
      reviews: true,
      sitemap: true,
      page: true,
      quote: true,
    });

    const unpublished = await owner.call("POST", `/api/admin/products/${product.id}/unpublish`);
    expect(unpublished.body.product).toMatchObject({ draft: true });
    const gone = await seen();
    expect(gone).toMatchObject({
      list: false,
      search: false,
      reviews: false,
      sitemap: false,
      page: false,
      quote: false,
    });
    // Publishing what is published changes nothing and logs nothing.
    await owner.call("POST", `/api/admin/products/${product.id}/unpublish`);
    const audit = await owner.call("GET", `/api/admin/audit?entity=product&entityId=${product.id}`);
    expect((audit.body.entries as { action: string }[]).map((e) => e.action)).toEqual([
      "product.unpublish",
      "product.publish",
      "product.create",
    ]);
    expect((await staff.call("POST", `/api/admin/products/${newId()}/publish`)).status).toBe(404);
  });

  it("migrates the products stored before drafts existed as published", async () => {
    const fresh = await engine.create();
    const database = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await migrateTo(database.db, "2026-11-27-0015-order-notes-tracking");
      const at = "2026-11-20T10:00:00.000Z";
      await db
        .insertInto("categories")
        .values({ slug: "abayas", name: "Abayas", description: "", position: 0 })
        .execute();
      await db
        .insertInto("products")
        .values({
          id: "old-product",
          slug: "old-product",
          name: "Old",
          description: "",
          type: "Abaya",
          category_slug: "abayas",
          fabric: "Nida",
          popularity: 0,
          bestseller: false,
          is_new: false,
          is_sale: false,
          date: at,
          price_fils: 100,
          sale_price_fils: null,
          effective_price_fils: 100,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto("reviews")
        .values({
          id: "old-review",
          product_id: "old-product",
          user_id: null,
          user_name: "Old",
          rating: 4,
          comment: "Kept",
          is_verified_purchase: false,
          status: "rejected",
          created_at: at,
        })
        .execute();
      await migrateToLatest(database.db);
      const row = await database.db
        .selectFrom("products")
        .select("draft")
        .where("id", "=", "old-product")
        .executeTakeFirstOrThrow();
      expect(Boolean(row.draft)).toBe(false);
      const review = await database.db
        .selectFrom("reviews")
        .select("status")
        .where("id", "=", "old-review")
        .executeTakeFirstOrThrow();
      expect(review.status).toBe("rejected");
      // The new status is one the database accepts; one it does not know is still refused.
      await database.db
        .updateTable("reviews")
        .set({ status: "hidden" })
        .where("id", "=", "old-review")
        .execute();
      await expect(
        db.updateTable("reviews").set({ status: "deleted" }).where("id", "=", "old-review").execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
