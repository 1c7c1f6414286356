import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSRF_HEADER } from "#core/admin.ts";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser, multipartBody } from "./testing/admin.ts";
import { addTestProduct } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestBucket, type TestBucket } from "./testing/s3.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/**
 * Issue 27, decision 0035: two machines behind a load balancer. Two server processes, each with a local
 * media folder of its own, one PostgreSQL database and one bucket: a picture uploaded through one is served
 * by the other, a size rendered at upload as it was made and a size never rendered from the original, and
 * a delete through either removes the files both would serve.
 */

const postgres = TEST_ENGINES.find((engine) => engine.name === "postgres");

describe.runIf(postgres)("pictures across two server processes on one database and one bucket", () => {
  let fresh: { url: string; drop(): Promise<void> };
  let bucket: TestBucket;
  let database: DatabaseHandle;
  let a: StoreProcess;
  let b: StoreProcess;
  const folders = [mkdtempSync(join(tmpdir(), "machine-a-")), mkdtempSync(join(tmpdir(), "machine-b-"))];

  beforeAll(async () => {
    fresh = await postgres!.create();
    bucket = await startTestBucket();
    a = await startStoreProcess(fresh.url, { env: { ...bucket.env, MEDIA_DIR: folders[0]! } });
    b = await startStoreProcess(fresh.url, { env: { ...bucket.env, MEDIA_DIR: folders[1]! } });
    database = openDatabase(fresh.url, { poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await stopStoreProcess(a);
    await stopStoreProcess(b);
    await database?.close();
    await fresh?.drop();
    await bucket?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /** Signs the owner in to one machine's back office over HTTP. */
  async function ownerOn(machine: StoreProcess, email: string) {
    const res = await fetch(`${machine.base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: ADMIN_TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    const csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
    return { cookie, [ADMIN_CSRF_HEADER]: csrf };
  }
  async function image(machine: StoreProcess, path: string) {
    const res = await fetch(`${machine.base}${path}`);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  it("serves through one machine a picture uploaded through the other, and a delete reaches both", {
    timeout: 120_000,
  }, async () => {
    const owner = await createRoleUser(database.db, "owner");
    const product = await addTestProduct(database.db, {
      variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }],
    });
    const photo = await sharp({ create: { width: 700, height: 900, channels: 3, background: "#305070" } })
      .jpeg()
      .toBuffer();
    const { payload, contentType } = multipartBody([{ name: "front.jpg", content: photo }]);
    const onA = await ownerOn(a, owner.email);
    const uploaded = await fetch(`${a.base}/api/admin/products/${product.productId}/images`, {
      method: "POST",
      headers: { ...onA, "content-type": contentType },
      body: new Uint8Array(payload),
    });
    expect(uploaded.status).toBe(201);
    const images = ((await uploaded.json()) as { images: { id: string; url: string }[] }).images;
    const added = images.find((i) => i.url.includes("/upload-"))!;
    const key = added.url.replace(/^\/media\//, "").replace(/\.webp$/, "");

    // A size machine A rendered at upload: machine B serves the very file A put in the bucket.
    const small = await image(b, `/media/${key}.avif?w=320`);
    expect(small.status).toBe(200);
    expect(small.body.equals((await bucket.storage.get(`cache/${key}-320.avif`))!)).toBe(true);
    expect((await sharp(small.body).metadata()).width).toBe(320);
    // A size nobody rendered yet: B renders it from the original in the bucket, once, for both.
    expect(await bucket.storage.exists(`cache/${key}-1280.webp`)).toBe(false);
    const wide = await image(b, `/media/${key}.webp?w=1280`);
    expect(wide.status).toBe(200);
    expect((await sharp(wide.body).metadata()).width).toBe(1280);
    expect(await bucket.storage.exists(`cache/${key}-1280.webp`)).toBe(true);
    const fromA = await image(a, `/media/${key}.webp?w=1280`);
    expect(fromA.body.equals(wide.body)).toBe(true);
    // Neither machine's own folder holds any of it.
    for (const dir of folders) {
      expect(existsSync(join(dir, "src", `${key}.webp`))).toBe(false);
      const cached = existsSync(join(dir, "cache", "products"))
        ? readdirSync(join(dir, "cache", "products"))
        : [];
      expect(cached.filter((name) => name.startsWith(key.split("/")[1]!))).toEqual([]);
    }

    // Deleted through B: every file leaves the bucket, and A has nothing to render a new size from.
    const onB = await ownerOn(b, owner.email);
    const deleted = await fetch(`${b.base}/api/admin/products/${product.productId}/images/${added.id}`, {
      method: "DELETE",
      headers: onB,
    });
    expect(deleted.status).toBe(200);
    expect(await bucket.storage.list(`src/${key}.`)).toEqual([]);
    expect(await bucket.storage.list(`cache/${key}-`)).toEqual([]);
    expect((await image(a, `/media/${key}.webp?w=640`)).status).toBe(404);
    expect((await image(b, `/media/${key}.avif?w=320`)).status).toBe(404);
  });
});
