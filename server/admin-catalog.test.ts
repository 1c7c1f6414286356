import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "#core/admin.ts";
import { newId } from "./ids.ts";
import { MEDIA_WIDTHS } from "./media.ts";
import { type AdminClient, adminLogin, createRoleUser, multipartBody } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * The catalog as the back office edits it (issue 15): products and sizes, refusals that change nothing,
 * the stock adjustment (racing real sales), archiving, images through sharp, reviews and the blog, each
 * visible on the storefront at once and written to the audit log.
 */

const product = (overrides: Record<string, unknown> = {}) => ({
  name: "Midnight Crepe Abaya",
  slug: `midnight-crepe-${newId().slice(-8)}`,
  description: "Soft crepe with a satin edge.",
  category: "graceful-abayas",
  type: "Abaya",
  fabric: "Crepe",
  colors: ["Black"],
  bestseller: false,
  isNew: true,
  isSale: false,
  variants: [
    { size: "S/52", sku: `MC-S-${newId().slice(-8)}`, price: 450, discount: 0, stock: 4 },
    { size: "M/54", sku: `MC-M-${newId().slice(-8)}`, price: 450, discount: 10, stock: 2 },
  ],
  ...overrides,
});

interface AdminProductBody {
  id: string;
  slug: string;
  name: string;
  archived: boolean;
  images: { id: string; url: string; alt: string; width: number; position: number }[];
  variants: { id: string; size: string; sku: string; price: number; stock: number | null; held: number }[];
}

describe.each(TEST_ENGINES)("the back office's catalog on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true" });
    const user = await createRoleUser(store.database.db, "owner");
    owner = await adminLogin(store.app, user.email);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function productCount() {
    const row = await store.database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function auditOf(entityId: string) {
    const res = await owner.call("GET", `/api/admin/audit?entityId=${entityId}`);
    return res.body.entries as {
      action: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
  }

  async function create(overrides: Record<string, unknown> = {}): Promise<AdminProductBody> {
    const res = await owner.call("POST", "/api/admin/products", product(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // A new product is a draft (issue 26; server/admin-drafts.test.ts): these tests are about the shop's.
    expect(res.body.product).toMatchObject({ draft: true });
    const id = (res.body.product as AdminProductBody).id;
    const published = await owner.call("POST", `/api/admin/products/${id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body.product as AdminProductBody;
  }

  it("creates a product with two sizes that the shop shows once published", async () => {
    const created = await create({ name: "Sahara Linen Abaya" });
    expect(created.variants.map((v) => [v.size, v.price, v.stock])).toEqual([
      ["S/52", 450, 4],
      ["M/54", 450, 2],
    ]);
    const shop = await api(store.base, "GET", "/api/product/list?search=sahara%20linen");
    const listed = (shop.body.products as { _id: string; name: string; price: number }[]).map((p) => p.name);
    expect(listed).toEqual(["Sahara Linen Abaya"]);
    const page = await store.services.catalog.findProductBySlug(created.slug);
    expect(page?.variants.map((v) => [v.filter_value, v.retail_price, v.discount, v.stock])).toEqual([
      ["S/52", 450, 0, 4],
      ["M/54", 450, 10, 2],
    ]);
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(["product.publish", "product.create"]);
  });

  describe("refuses bad products with a 4xx and stores nothing", () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ["no name", { name: "  " }, 400, "validation"],
      ["a slug with spaces", { slug: "two words" }, 400, "validation"],
      ["no sizes", { variants: [] }, 400, "validation"],
      [
        "a size twice",
        {
          variants: [
            { size: "S/52", sku: "DUP-1", price: 100, stock: 1 },
            { size: "s/52", sku: "DUP-2", price: 100, stock: 1 },
          ],
        },
        400,
        "validation",
      ],
      [
        "a negative price",
        { variants: [{ size: "S/52", sku: "NEG-1", price: -5, stock: 1 }] },
        400,
        "validation",
      ],
      [
        "a price below a fils",
        { variants: [{ size: "S/52", sku: "FR-1", price: 10.005, stock: 1 }] },
        400,
        "validation",
      ],
      [
        "a discount over 95%",
        { variants: [{ size: "S/52", sku: "DS-1", price: 10, discount: 99 }] },
        400,
        "validation",
      ],
      [
        "negative stock",
        { variants: [{ size: "S/52", sku: "ST-1", price: 10, stock: -1 }] },
        400,
        "validation",
      ],
      ["an unknown category", { category: "shoes" }, 400, "unknown_category"],
    ];
    it.each(cases)("%s", async (_name, overrides, status, code) => {
      const before = await productCount();
      const res = await owner.call("POST", "/api/admin/products", product(overrides));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ success: false, code });
      expect(typeof res.body.message).toBe("string");
      expect(await productCount()).toBe(before);
    });

    it("a slug or SKU another product has (409)", async () => {
      const first = await create();
      const before = await productCount();
      const sameSlug = await owner.call("POST", "/api/admin/products", product({ slug: first.slug }));
      expect(sameSlug.status).toBe(409);
      expect(sameSlug.body.code).toBe("slug_taken");
      const sku = first.variants[0]!.sku;
      const sameSku = await owner.call(
        "POST",
        "/api/admin/products",
        product({ variants: [{ size: "S/52", sku, price: 100, stock: 1 }] }),
      );
      expect(sameSku.status).toBe(409);
      expect(sameSku.body.code).toBe("sku_taken");
      expect(await productCount()).toBe(before);
    });
  });

  it("a price change shows on the product page at once and is audited, while stock is left alone", async () => {
    const created = await create();
    const [s, m] = created.variants;
    await store.services.catalog.findProductBySlug(created.slug);
    const edited = await owner.call("PUT", `/api/admin/products/${created.id}`, {
      ...product({ slug: created.slug, name: created.name }),
      variants: [
        { id: s!.id, size: s!.size, sku: s!.sku, price: 520, discount: 0, stock: 999 },
        { id: m!.id, size: m!.size, sku: m!.sku, price: 450, discount: 10 },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const page = await store.services.catalog.findProductBySlug(created.slug);
    expect(page?.variants[0]).toMatchObject({ retail_price: 520, stock: 4 });
    expect(page?.price).toBe(520);
    const update = (await auditOf(created.id)).find((e) => e.action === "product.update");
    expect(update?.changes).toEqual([{ field: "size S/52 price", before: 450, after: 520 }]);
  });

  it("swaps two sizes' places and SKUs, removes one nobody ordered and adds another", async () => {
    const created = await create();
    const [s, m] = created.variants;
    const res = await owner.call("PUT", `/api/admin/products/${created.id}`, {
      ...product({ slug: created.slug, name: created.name }),
      variants: [
        { id: m!.id, size: m!.size, sku: s!.sku, price: 450, discount: 10 },
        { id: s!.id, size: s!.size, sku: m!.sku, price: 450, discount: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = await store.services.catalog.findProductBySlug(created.slug);
    expect(page?.variants.map((v) => [v.filter_value, v.sku, v.stock])).toEqual([
      ["M/54", s!.sku, 2],
      ["S/52", m!.sku, 4],
    ]);
    const next = await owner.call("PUT", `/api/admin/products/${created.id}`, {
      ...product({ slug: created.slug, name: created.name }),
      variants: [
        { id: m!.id, size: m!.size, sku: s!.sku, price: 450, discount: 10 },
        { size: "L/56", sku: `MC-L-${newId().slice(-8)}`, price: 480, stock: 7 },
      ],
    });
    expect(next.status).toBe(200);
    const after = await store.services.catalog.findProductBySlug(created.slug);
    expect(after?.variants.map((v) => [v.filter_value, v.stock])).toEqual([
      ["M/54", 2],
      ["L/56", 7],
    ]);
  });

  it("refuses an edit to a missing product with 404 and a bad edit with 400, changing nothing", async () => {
    const created = await create();
    const missing = await owner.call("PUT", `/api/admin/products/${newId()}`, product());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
    const bad = await owner.call("PUT", `/api/admin/products/${created.id}`, { ...product(), name: "" });
    expect(bad.status).toBe(400);
    const after = await owner.call("GET", `/api/admin/products/${created.id}`);
    expect((after.body.product as AdminProductBody).name).toBe(created.name);
  });

  it("adjusts stock by a delta, never below what payments hold, and audits it", async () => {
    const created = await create();
    const s = created.variants[0]!;
    const url = `/api/admin/products/${created.id}/stock`;
    const up = await owner.call("POST", url, {
      variantId: s.id,
      delta: 6,
      reason: "Delivery from the workshop",
    });
    expect(up.status).toBe(200);
    expect(up.body.variant).toMatchObject({ stock: 10, available: 10 });
    // Three units held by a payment in progress: at most 7 may go.
    await store.database.db
      .updateTable("product_variants")
      .set({ held_quantity: 3 })
      .where("id", "=", s.id)
      .execute();
    const tooMany = await owner.call("POST", url, { variantId: s.id, delta: -8 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: "stock_below_committed" });
    expect(await stockOf(store.database.db, s.id)).toEqual({ stock: 10, held: 3 });
    const down = await owner.call("POST", url, { variantId: s.id, delta: -7 });
    expect(down.body.variant).toMatchObject({ stock: 3, held: 3, available: 0 });
    const zero = await owner.call("POST", url, { variantId: s.id, delta: 0 });
    expect(zero.status).toBe(400);
    const entries = (await auditOf(s.id)).filter((e) => e.action === "variant.stock");
    expect(entries.map((e) => e.changes[0])).toEqual([
      { field: "stock", before: 10, after: 3 },
      { field: "stock", before: 4, after: 10 },
    ]);
  });

  it("a stock adjustment racing real sales never oversells and ends exact", async () => {
    const test = await addTestProduct(store.database.db, {
      variants: [{ size: "M/54", retailFils: 30_000, stock: 4 }],
    });
    const variantId = test.variants[0]!.variantId;
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, () => newShopper(store.base, store.database.db)),
    );
    const url = `/api/admin/products/${test.productId}/stock`;
    const results = await Promise.all([
      ...shoppers.map((shopper) =>
        api(store.base, "POST", "/api/order/place", {
          token: shopper.token,
          body: orderPayload([{ product: test, quantity: 1 }], {
            price: { payment_mode: "cod", currency_code: "AED", delivery_type: "next day delivery" },
          }),
        }).then((r) => ({
          kind: "sale" as const,
          ok: r.status === 200 || r.status === 201,
          status: r.status,
        })),
      ),
      owner
        .call("POST", url, { variantId, delta: -2 })
        .then((r) => ({ kind: "adjust" as const, delta: -2, ok: r.status === 200, status: r.status })),
      owner
        .call("POST", url, { variantId, delta: 3 })
        .then((r) => ({ kind: "adjust" as const, delta: 3, ok: r.status === 200, status: r.status })),
    ]);
    for (const r of results) expect([200, 201, 409]).toContain(r.status);
    const sold = results.filter((r) => r.kind === "sale" && r.ok).length;
    const adjusted = results.reduce((sum, r) => sum + (r.kind === "adjust" && r.ok ? r.delta : 0), 0);
    const { stock } = await stockOf(store.database.db, variantId);
    expect(stock).toBe(4 + adjusted - sold);
    expect(stock).toBeGreaterThanOrEqual(0);
    // What the orders hold agrees with the count of successful sales.
    const lines = await store.database.db
      .selectFrom("order_lines")
      .select((eb) => eb.fn.sum<number>("quantity").as("n"))
      .where("variant_id", "=", variantId)
      .executeTakeFirstOrThrow();
    expect(Number(lines.n ?? 0)).toBe(sold);
    expect(sold).toBeGreaterThan(0);
  });

  it("archives a product ordered before: gone from the shop, kept for its orders; delete refused", async () => {
    const test = await addTestProduct(store.database.db, {
      name: "Archived Kaftan",
      variants: [{ size: "S/52", retailFils: 20_000, stock: 5 }],
    });
    const shopper = await newShopper(store.base, store.database.db);
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product: test, quantity: 1 }], { price: { payment_mode: "cod" } }),
    });
    expect([200, 201]).toContain(placed.status);
    const del = await owner.call("DELETE", `/api/admin/products/${test.productId}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("product_has_orders");

    const archived = await owner.call("POST", `/api/admin/products/${test.productId}/archive`);
    expect((archived.body.product as AdminProductBody).archived).toBe(true);
    expect(await store.services.catalog.findProductBySlug(test.slug)).toBeUndefined();
    const listed = await api(store.base, "GET", "/api/product/list?search=archived%20kaftan");
    expect(listed.body.products).toEqual([]);
    const order = await api(store.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product: test, quantity: 1 }], { price: { payment_mode: "cod" } }),
    });
    expect(order.status).toBe(400);
    const shopperOrders = await api(store.base, "POST", "/api/order/userorders", {
      token: shopper.token,
      body: {},
    });
    expect((shopperOrders.body.orders as unknown[]).length).toBe(1);
    const adminList = await owner.call(
      "GET",
      "/api/admin/products?archived=archived&search=archived%20kaftan",
    );
    expect((adminList.body.products as { id: string }[]).map((p) => p.id)).toEqual([test.productId]);

    await owner.call("POST", `/api/admin/products/${test.productId}/unarchive`);
    expect((await store.services.catalog.findProductBySlug(test.slug))?.name).toBe("Archived Kaftan");
  });

  it("deletes a product nobody ordered", async () => {
    const created = await create();
    const res = await owner.call("DELETE", `/api/admin/products/${created.id}`);
    expect(res.status).toBe(200);
    expect(await store.services.catalog.findProductBySlug(created.slug)).toBeUndefined();
    expect((await owner.call("GET", `/api/admin/products/${created.id}`)).status).toBe(404);
  });

  it("lists with search, flags and low stock", async () => {
    const low = await create({ name: "Lowstock Jalabiya", bestseller: true });
    const res = await owner.call("GET", "/api/admin/products?lowStock=true&flag=bestseller&search=lowstock");
    const rows = res.body.products as { id: string; lowStockSizes: number; available: number }[];
    expect(rows.map((r) => r.id)).toEqual([low.id]);
    expect(rows[0]).toMatchObject({ lowStockSizes: 2, available: 6 });
    const bad = await owner.call("GET", "/api/admin/products?flag=cheap");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation");
  });

  describe("images", () => {
    let target: AdminProductBody;
    beforeAll(async () => {
      target = await create({ name: "Pictured Abaya" });
    });

    async function upload(files: { name: string; content: Buffer }[]) {
      const { payload, contentType } = multipartBody(files);
      const res = await store.app.inject({
        method: "POST",
        url: `/api/admin/products/${target.id}/images`,
        headers: { cookie: owner.cookie, "x-csrf-token": owner.csrf, "content-type": contentType },
        payload,
      });
      return { status: res.statusCode, body: res.json() };
    }
    async function imageCount() {
      return (await owner.call("GET", `/api/admin/products/${target.id}`)).body.product as AdminProductBody;
    }

    it("refuses a file that is not an image (by its content, whatever its name) with 415", async () => {
      const res = await upload([{ name: "photo.jpg", content: Buffer.from("<html>not an image</html>") }]);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ success: false, code: "not_image" });
      expect((await imageCount()).images).toEqual([]);
    });

    it("refuses an SVG (scriptable) with 415", async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const res = await upload([{ name: "art.svg", content: svg }]);
      expect(res.status).toBe(415);
      expect((await imageCount()).images).toEqual([]);
    });

    it("refuses a file over the size limit with 413", async () => {
      const res = await upload([{ name: "huge.jpg", content: Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1) }]);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, code: "file_too_large" });
      expect((await imageCount()).images).toEqual([]);
    });

    it("adds none when one file of several is bad", async () => {
      const good = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#806040" } })
        .png()
        .toBuffer();
      const res = await upload([
        { name: "good.png", content: good },
        { name: "bad.png", content: Buffer.from("nope") },
      ]);
      expect(res.status).toBe(415);
      expect((await imageCount()).images).toEqual([]);
    });

    it("converts real images to the storefront's AVIF and WebP widths; reorder, alt text and delete", async () => {
      const photo = await sharp({ create: { width: 700, height: 900, channels: 3, background: "#203040" } })
        .jpeg()
        .toBuffer();
      const second = await sharp({ create: { width: 500, height: 500, channels: 4, background: "#a0a0a0" } })
        .png()
        .toBuffer();
      const res = await upload([
        { name: "front.jpg", content: photo },
        { name: "back.png", content: second },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const images = res.body.images as AdminProductBody["images"];
      expect(images.map((i) => [i.width, i.position, i.alt])).toEqual([
        [700, 0, "Pictured Abaya"],
        [500, 1, "Pictured Abaya"],
      ]);
      const key = images[0]!.url.replace(/^\/media\//, "").replace(/\.webp$/, "");
      for (const width of MEDIA_WIDTHS.filter((w) => w <= 700)) {
        for (const format of ["avif", "webp"]) {
          const file = join(store.mediaDir, "cache", `${key}-${width}.${format}`);
          expect(existsSync(file), file).toBe(true);
          const meta = await sharp(file).metadata();
          expect(meta.width).toBe(width);
          expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        }
      }
      const served = await store.app.inject({
        method: "GET",
        url: `${images[0]!.url.replace(".webp", ".avif")}?w=480`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/avif");
      // The storefront shows them in this order.
      const page = await store.services.catalog.findProductBySlug(target.slug);
      expect(page?.image).toEqual(images.map((i) => i.url));

      const reordered = await owner.call("PUT", `/api/admin/products/${target.id}/images/order`, {
        imageIds: [images[1]!.id, images[0]!.id],
      });
      expect((reordered.body.images as { id: string }[]).map((i) => i.id)).toEqual([
        images[1]!.id,
        images[0]!.id,
      ]);
      const partial = await owner.call("PUT", `/api/admin/products/${target.id}/images/order`, {
        imageIds: [images[1]!.id],
      });
      expect(partial.status).toBe(400);
      await owner.call("PATCH", `/api/admin/products/${target.id}/images/${images[0]!.id}`, {
        alt: "Back of the abaya",
      });
      const withAlt = await store.services.catalog.findProductBySlug(target.slug);
      expect(withAlt?.images?.map((i) => i.alt)).toEqual(["Pictured Abaya", "Back of the abaya"]);
      await owner.call("DELETE", `/api/admin/products/${target.id}/images/${images[1]!.id}`);
      const after = await store.services.catalog.findProductBySlug(target.slug);
      expect(after?.image).toEqual([images[0]!.url]);
    });
  });

  it("approving a pending review publishes it on the product; rejecting hides it", async () => {
    const created = await create();
    const user = await createRoleUser(store.database.db, "customer");
    const reviewId = newId();
    await store.database.db
      .insertInto("reviews")
      .values({
        id: reviewId,
        product_id: created.id,
        user_id: user.id,
        user_name: "Mariam",
        rating: 5,
        comment: "Beautiful fabric and a perfect fit.",
        is_verified_purchase: false,
        status: "pending",
        created_at: new Date().toISOString(),
      })
      .execute();
    const pending = await owner.call("GET", "/api/admin/reviews");
    expect((pending.body.reviews as { id: string }[]).map((r) => r.id)).toContain(reviewId);
    const shown = async () =>
      (
        (await api(store.base, "GET", `/api/review/product/${created.id}`)).body.reviews as { _id: string }[]
      ).map((r) => r._id);
    expect(await shown()).toEqual([]);
    const approved = await owner.call("POST", `/api/admin/reviews/${reviewId}/approve`);
    expect(approved.body.review).toMatchObject({ status: "published", productName: created.name });
    expect(await shown()).toEqual([reviewId]);
    await owner.call("POST", `/api/admin/reviews/${reviewId}/reject`);
    expect(await shown()).toEqual([]);
    expect((await auditOf(reviewId)).map((e) => e.action)).toEqual(["review.reject", "review.approve"]);
  });

  it("blog posts: sanitized, unpublished until published, unpublished again, with a cover", async () => {
    const slug = `winter-edit-${newId().slice(-6)}`;
    const created = await owner.call("POST", "/api/admin/blog", {
      title: "The Winter Edit",
      slug,
      excerpt: "Layers for cool evenings.",
      content:
        '<p onclick="steal()">Warm <strong>layers</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      author: "Noor",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body.post as { id: string; content: string; published: boolean };
    expect(post.content).toBe("<p>Warm <strong>layers</strong></p>");
    expect(post.published).toBe(false);
    const listed = async () =>
      ((await api(store.base, "GET", "/api/blog/list")).body.blogs as { slug: string }[]).map((b) => b.slug);
    expect(await listed()).not.toContain(slug);
    expect(await store.services.catalog.findBlogPostBySlug(slug)).toBeUndefined();

    await owner.call("POST", `/api/admin/blog/${post.id}/publish`);
    expect(await listed()).toContain(slug);
    const empty = await owner.call("PUT", `/api/admin/blog/${post.id}`, {
      title: "The Winter Edit",
      slug,
      content: "<script>only()</script>",
      author: "Noor",
    });
    expect(empty.status).toBe(400);
    expect((await store.services.catalog.findBlogPostBySlug(slug))?.content).toBe(
      "<p>Warm <strong>layers</strong></p>",
    );

    const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#334455" } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([{ name: "cover.png", content: cover }], "image");
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/blog/${post.id}/cover`,
      headers: { cookie: owner.cookie, "x-csrf-token": owner.csrf, "content-type": contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json().post as { image: string }).image;
    expect(image).toMatch(/^\/media\/blog\/upload-[\w-]+\.webp$/);
    expect((await store.services.catalog.findBlogPostBySlug(slug))?.image).toBe(image);

    await owner.call("POST", `/api/admin/blog/${post.id}/unpublish`);
    expect(await listed()).not.toContain(slug);
    expect((await auditOf(post.id)).map((e) => e.action)).toEqual([
      "blog_post.unpublish",
      "blog_post.cover",
      "blog_post.publish",
      "blog_post.create",
    ]);
  });
});
