import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_WIDTHS } from "./media.ts";
import { createFolderStorage, type ObjectStorage } from "./storage/storage.ts";
import { type AdminClient, adminLogin, createRoleUser, multipartBody } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestBucket, type TestBucket } from "./testing/s3.ts";

/**
 * Decision 0035, through the whole store: an uploaded picture's original and rendered sizes land in the
 * store's storage (the local folder, or the bucket and not the machine's disk), are served from there,
 * and go when the owner deletes the image, except while an order line shows it. With a bucket, a picture
 * still only in the local folder (a move under way) is served from the folder.
 */

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.close();
});

const kinds = [
  { kind: "the local folder", bucket: false },
  { kind: "a bucket", bucket: true },
];
const cases = TEST_ENGINES.flatMap((engine) => kinds.map((k) => ({ ...k, engine, name: engine.name })));

describe.each(cases)("pictures in $kind on $name", ({ engine, bucket: inBucket }) => {
  let store: ListeningStore;
  let owner: AdminClient;
  /** Where the store keeps its pictures, looked at directly. */
  let files: ObjectStorage;

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", ...(inBucket ? bucket.env : {}) });
    files = inBucket ? bucket.storage : createFolderStorage(store.mediaDir);
    const user = await createRoleUser(store.database.db, "owner");
    owner = await adminLogin(store.app, user.email);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  async function productImages(product: TestProduct) {
    const res = await owner.call("GET", `/api/admin/products/${product.productId}`);
    return (res.body.product as { images: { id: string; url: string }[] }).images;
  }
  /** A product whose only picture is a freshly uploaded 700 × 900 photo. */
  async function productWithUpload(): Promise<{
    product: TestProduct;
    id: string;
    url: string;
    key: string;
  }> {
    const product = await addTestProduct(store.database.db, {
      variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }],
    });
    // The test product's own picture has no files; deleting it is no error.
    const [placeholder] = await productImages(product);
    const removed = await owner.call(
      "DELETE",
      `/api/admin/products/${product.productId}/images/${placeholder!.id}`,
    );
    expect(removed.status).toBe(200);
    const photo = await sharp({ create: { width: 700, height: 900, channels: 3, background: "#203040" } })
      .jpeg()
      .toBuffer();
    const { payload, contentType } = multipartBody([{ name: "front.jpg", content: photo }]);
    const res = await store.app.inject({
      method: "POST",
      url: `/api/admin/products/${product.productId}/images`,
      headers: { cookie: owner.cookie, "x-csrf-token": owner.csrf, "content-type": contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [image] = await productImages(product);
    const key = image!.url.replace(/^\/media\//, "").replace(/\.webp$/, "");
    return { product, id: image!.id, url: image!.url, key };
  }
  async function storedFiles(key: string) {
    return [...(await files.list(`src/${key}.`)), ...(await files.list(`cache/${key}-`))].sort();
  }
  async function served(url: string, width: number) {
    const res = await fetch(`${store.base}${url.replace(".webp", ".avif")}?w=${width}`);
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get("content-type"), body };
  }

  it("keeps the original and the rendered sizes in the storage, serves them, and a delete removes them all", {
    timeout: 120_000,
  }, async () => {
    const { product, id, url, key } = await productWithUpload();
    const rendered = MEDIA_WIDTHS.filter((w) => w <= 700).flatMap((w) => [
      `cache/${key}-${w}.avif`,
      `cache/${key}-${w}.webp`,
    ]);
    expect(await storedFiles(key)).toEqual([...rendered, `src/${key}.webp`].sort());
    if (inBucket) {
      // Nothing of it on this machine's disk: another machine could not have read it there.
      expect(existsSync(join(store.mediaDir, "src", `${key}.webp`))).toBe(false);
      expect(existsSync(join(store.mediaDir, "cache", `${key}-240.webp`))).toBe(false);
    }
    const small = await served(url, 320);
    expect(small.status).toBe(200);
    expect(small.type).toBe("image/avif");
    expect((await sharp(small.body).metadata()).width).toBe(320);
    // A size not made at upload is rendered on request, once, into the storage.
    const wide = await served(url, 960);
    expect(wide.status).toBe(200);
    expect((await sharp(wide.body).metadata()).width).toBe(960);
    expect(await files.exists(`cache/${key}-960.avif`)).toBe(true);

    const deleted = await owner.call("DELETE", `/api/admin/products/${product.productId}/images/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.images).toEqual([]);
    expect(await storedFiles(key)).toEqual([]);
    expect((await served(url, 320)).status).toBe(404);
    expect((await served(url, 960)).status).toBe(404);
  });

  it("keeps the files of an image an order line shows when the owner deletes it", {
    timeout: 120_000,
  }, async () => {
    const { product, id, url, key } = await productWithUpload();
    const shopper = await newShopper(store.base, store.database.db);
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product, quantity: 1 }], { price: { payment_mode: "cod", COD: "1" } }),
    });
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ success: true });
    const before = await storedFiles(key);

    const deleted = await owner.call("DELETE", `/api/admin/products/${product.productId}/images/${id}`);
    expect(deleted.status).toBe(200);
    expect(await productImages(product)).toEqual([]);
    // The order's line still shows the picture it was bought with, from the same files.
    const line = await store.database.db
      .selectFrom("order_lines")
      .select("image")
      .where("product_id", "=", product.productId)
      .executeTakeFirstOrThrow();
    expect(line.image).toBe(url);
    expect(await storedFiles(key)).toEqual(before);
    const shown = await served(url, 320);
    expect(shown.status).toBe(200);
    expect((await sharp(shown.body).metadata()).width).toBe(320);
  });

  it("removes a blog post's replaced cover, and keeps the one it shows", { timeout: 60_000 }, async () => {
    const created = await owner.call("POST", "/api/admin/blog", {
      title: "Covers",
      slug: `covers-${Date.now().toString(36)}`,
      excerpt: "Two covers.",
      content: "<p>Text</p>",
      author: "Noor",
    });
    expect(created.status).toBe(201);
    const postId = (created.body.post as { id: string }).id;
    const setCover = async (background: string) => {
      const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background } })
        .png()
        .toBuffer();
      const { payload, contentType } = multipartBody([{ name: "cover.png", content: cover }], "image");
      const res = await store.app.inject({
        method: "POST",
        url: `/api/admin/blog/${postId}/cover`,
        headers: { cookie: owner.cookie, "x-csrf-token": owner.csrf, "content-type": contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = (res.json().post as { image: string }).image;
      return url.replace(/^\/media\//, "").replace(/\.webp$/, "");
    };
    const first = await setCover("#112233");
    expect(await storedFiles(first)).toContain(`src/${first}.webp`);
    const second = await setCover("#445566");
    expect(await storedFiles(first)).toEqual([]);
    expect(await storedFiles(second)).toContain(`src/${second}.webp`);
  });

  it.runIf(inBucket)(
    "serves a picture still only in the local folder, and keeps its renders in the bucket",
    {
      timeout: 60_000,
    },
    async () => {
      const legacy = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#604020" } })
        .png()
        .toBuffer();
      await createFolderStorage(store.mediaDir).put("src/products/before-the-move-1.png", legacy);
      expect(await bucket.storage.exists("src/products/before-the-move-1.png")).toBe(false);
      const shown = await served("/media/products/before-the-move-1.webp", 480);
      expect(shown.status).toBe(200);
      expect((await sharp(shown.body).metadata()).width).toBe(480);
      expect(await bucket.storage.exists("cache/products/before-the-move-1-480.avif")).toBe(true);
      expect((await served("/media/products/never-was.webp", 480)).status).toBe(404);
    },
  );
});
