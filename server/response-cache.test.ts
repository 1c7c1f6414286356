import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_COOKIE } from "#core/constants.ts";
import { openDatabase } from "./db/connection.ts";
import { updateVariantPrice } from "./db/repositories/products.ts";
import { call } from "./testing/accounts.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  freePort,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

interface Listed {
  products: { slug: string; price: number; variants: { stock: number | null }[] }[];
}

describe.each(TEST_ENGINES)("the response cache on $name", (engine) => {
  let store: TestStore;
  let product: TestProduct;
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { SEED_DEMO: "false" } });
    product = await addTestProduct(store.database.db, {
      name: "Cached Crepe Abaya",
      variants: [{ size: "S/52", retailFils: 432_100, stock: 40 }],
    });
  });
  afterAll(() => store.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    store.app.inject({ method: "GET", url, headers });

  it("answers a public API call from memory the second time, with an ETag, a 304 and compressed copies", async () => {
    const url = "/api/product/list?limit=24";
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect((first.json() as Listed).products.map((p) => p.slug)).toEqual([product.slug]);
    const second = await get(url);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(second.headers.vary).toBe("Accept-Encoding");

    const revalidated = await get(url, { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("keeps brotli and gzip copies of a cached page, each the same bytes once decompressed", async () => {
    const plain = await get("/shipping");
    // The copies are made off the event loop after the first answer; until then hits go uncompressed.
    let br = await get("/shipping", { "accept-encoding": "gzip, deflate, br" });
    for (let i = 0; i < 40 && !br.headers["content-encoding"]; i++) {
      await new Promise((r) => setTimeout(r, 25));
      br = await get("/shipping", { "accept-encoding": "gzip, deflate, br" });
    }
    expect(br.headers["x-cache"]).toBe("hit");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get("/shipping", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
  });

  it("serves a product page from memory until a catalog write changes its price", async () => {
    const url = `/product/${product.slug}`;
    expect((await get(url)).body).toContain("4,321");
    const cached = await get(url);
    expect(cached.headers["x-cache"]).toBe("hit");
    expect(cached.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(cached.body).toContain("4,321");

    expect(
      await updateVariantPrice(store.database.db, product.variants[0]!.variantId, {
        retailPriceFils: 123_400,
        discountPercent: 0,
      }),
    ).toBe(true);
    const changed = await get(url);
    expect(changed.headers["x-cache"]).toBe("miss");
    expect(changed.body).toContain("1,234");
    expect(changed.body).not.toContain("4,321");
    const listed = (await get("/api/product/list?limit=24")).json() as Listed;
    expect(listed.products[0]!.price).toBe(1234);
  });

  it("keeps a page dismissed by the announcement cookie apart from the page with the bar", async () => {
    const shown = await get("/about");
    const dismissed = await get("/about", { cookie: `${ANNOUNCEMENT_COOKIE}=1` });
    const again = await get("/about", { cookie: `${ANNOUNCEMENT_COOKIE}=1` });
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toBe(dismissed.body);
    expect(dismissed.body).not.toBe(shown.body);
    expect(shown.body.length).toBeGreaterThan(dismissed.body.length);
  });

  it("never keeps private pages or answers that depend on the token", async () => {
    for (const url of ["/cart", "/checkout", "/account", "/login", "/wishlist"]) {
      await get(url);
      const res = await get(url);
      expect(res.headers["x-cache"], url).toBeUndefined();
      // /checkout may carry the shopper's addresses (drawn from the session's cookie copy), /account her
      // name (the page session, decision 0018) and /login its form's CSRF token: not even the browser keeps
      // them.
      expect(res.headers["cache-control"], url).toBe(
        ["/checkout", "/account", "/login"].includes(url) ? "private, no-store" : "private, no-cache",
      );
    }
    const signup = await call(store.app, "POST", "/api/user/register", {
      body: { name: "Private Reader", phone: "0501112233", password: "password-1" },
    });
    expect(signup.status).toBe(201);
    const login = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: "0501112233", password: "password-1" },
    });
    const token = String(login.body.token);
    for (const url of ["/api/user/profile", "/api/wishlist"]) {
      await store.app.inject({ method: "GET", url, headers: { token } });
      const res = await store.app.inject({ method: "GET", url, headers: { token } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["x-cache"], url).toBeUndefined();
      expect(res.headers["cache-control"], url).toMatch(/private|no-store/);
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
    }
  });
});

describe.each(TEST_ENGINES)("stock on cached answers on $name", (engine) => {
  it("shows what a sale leaves: cash on delivery and a payment's hold both change the cached answer", async () => {
    const store = await createListeningStore(engine, { COD_ENABLED: "true" });
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, {
        name: "Last Few Jalabiya",
        variants: [{ size: "M/54", retailFils: 45_000, stock: 12 }],
      });
      const url = `/api/product/list?search=${encodeURIComponent("Last Few")}&limit=24`;
      const stock = async () => {
        const res = await fetch(`${store.base}${url}`);
        return {
          cache: res.headers.get("x-cache"),
          stock: ((await res.json()) as Listed).products[0]!.variants[0]!.stock,
        };
      };
      expect(await stock()).toEqual({ cache: "miss", stock: 12 });
      expect(await stock()).toEqual({ cache: "hit", stock: 12 });
      // A hit answered before Fastify carries the same security headers and a request id.
      const hit = await fetch(`${store.base}${url}`, { headers: { "x-request-id": "hit-check-1234" } });
      expect(hit.headers.get("x-cache")).toBe("hit");
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
      expect(hit.headers.get("x-request-id")).toBe("hit-check-1234");

      const shopper = await newShopper(store.base, db);
      const cod = await api(store.base, "POST", "/api/order/place", {
        token: shopper.token,
        body: orderPayload([{ product: p, quantity: 2 }], { price: { payment_mode: "cod", COD: "1" } }),
      });
      expect(cod.status).toBe(200);
      expect(await stock()).toEqual({ cache: "miss", stock: 10 });

      const online = await api(store.base, "POST", "/api/order/paymennt", {
        token: shopper.token,
        body: orderPayload([{ product: p, quantity: 3 }]),
      });
      expect(online.status).toBe(200);
      expect(await stock()).toEqual({ cache: "miss", stock: 7 });
      expect(await stock()).toEqual({ cache: "hit", stock: 7 });
    } finally {
      await store.close();
    }
  });
});

/** Starts `server/main.ts` as one production process on a database, and resolves when it listens. */
async function startProcess(databaseUrl: string, dir: string, workers = 1, env: Record<string, string> = {}) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: String(workers),
      // The primary says "store ready" (at info) once every worker listens.
      LOG_LEVEL: workers > 1 ? "info" : "warn",
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT_PER_IP: "100000",
      PASSWORD_HASH_COST: "10",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dir, "media"),
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok && (workers === 1 || output.includes("store ready"))) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

describe.each(TEST_ENGINES)("two server processes on one $name database", (engine) => {
  it("each notices a catalog write made elsewhere within a second, on its cached page and API answer", async () => {
    const fresh = await engine.create();
    const dir = mkdtempSync(join(tmpdir(), "store-cache-procs-"));
    const first = await startProcess(fresh.url, dir);
    const second = await startProcess(fresh.url, dir);
    const database = openDatabase(fresh.url);
    try {
      const p = await addTestProduct(database.db, {
        name: "Shared Nida Abaya",
        variants: [{ size: "L/56", retailFils: 654_300, stock: 25 }],
      });
      const page = `/product/${p.slug}`;
      const answer = `/api/product/list?search=${encodeURIComponent("Shared Nida")}&limit=24`;
      const read = async (base: string) => {
        const html = await fetch(`${base}${page}`);
        const json = await fetch(`${base}${answer}`);
        return {
          cache: [html.headers.get("x-cache"), json.headers.get("x-cache")],
          html: await html.text(),
          price: ((await json.json()) as Listed).products[0]?.price,
        };
      };
      for (const base of [first.base, second.base]) {
        // The product's own write may reach a process a moment after its first answers were kept.
        let warm = await read(base);
        for (let i = 0; i < 40 && warm.cache.join() !== "hit,hit"; i++) {
          await new Promise((r) => setTimeout(r, 50));
          warm = await read(base);
        }
        expect(warm.cache).toEqual(["hit", "hit"]);
        expect(warm.html).toContain("6,543");
        expect(warm.price).toBe(6543);
      }

      // The owner's write goes through the repository function every catalog write uses, from a third
      // process: neither server made it, so each must learn of it from the database.
      await updateVariantPrice(database.db, p.variants[0]!.variantId, {
        retailPriceFils: 987_600,
        discountPercent: 0,
      });
      const changedAt = Date.now();
      for (const base of [first.base, second.base]) {
        let seen = await read(base);
        while (!(seen.html.includes("9,876") && seen.price === 9876) && Date.now() - changedAt < 1000) {
          await new Promise((r) => setTimeout(r, 25));
          seen = await read(base);
        }
        expect(seen.html).toContain("9,876");
        expect(seen.html).not.toContain("6,543");
        expect(seen.price).toBe(9876);
      }
    } finally {
      await database.close();
      await first.stop();
      await second.stop();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.each(TEST_ENGINES)("a cluster of two workers on $name", (engine) => {
  it("shows a sale made through one worker at once on the cached answers of both", async () => {
    const fresh = await engine.create();
    const dir = mkdtempSync(join(tmpdir(), "store-cache-cluster-"));
    // Polling so slow that only the workers' own relay can tell one of another's write in time.
    const cluster = await startProcess(fresh.url, dir, 2, { CATALOG_POLL_MS: "600000" });
    const database = openDatabase(fresh.url);
    try {
      const p = await addTestProduct(database.db, {
        name: "Crowded Kaftan",
        variants: [{ size: "M/54", retailFils: 50_000, stock: 30 }],
      });
      const url = `${cluster.base}/api/product/list?search=${encodeURIComponent("Crowded Kaftan")}&limit=24`;
      // A new connection each time, so the cluster's round-robin spreads the reads over both workers.
      const read = () =>
        new Promise<{ cache: string | undefined; stock: number | null | undefined }>((resolve, reject) => {
          get(url, { agent: false }, (res) => {
            let body = "";
            res.on("data", (chunk) => (body += chunk));
            res.on("end", () =>
              resolve({
                cache: res.headers["x-cache"] as string | undefined,
                stock: (JSON.parse(body) as Listed).products[0]?.variants[0]?.stock,
              }),
            );
          }).on("error", reject);
        });
      // Both workers (connections go round-robin) hold the answer with 30 in stock; each read the
      // version once, at its first request, after the product was added.
      let hits = 0;
      for (let i = 0; i < 60 && hits < 6; i++) {
        const seen = await read();
        hits = seen.cache === "hit" && seen.stock === 30 ? hits + 1 : 0;
        if (hits === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(hits).toBe(6);

      const shopper = await newShopper(cluster.base, database.db);
      const sale = await api(cluster.base, "POST", "/api/order/paymennt", {
        token: shopper.token,
        body: orderPayload([{ product: p, quantity: 4 }]),
      });
      expect(sale.status).toBe(200);
      // No waiting: whichever worker answers, the held units are gone from what shoppers see.
      for (let i = 0; i < 6; i++) expect((await read()).stock).toBe(26);
    } finally {
      await database.close();
      await cluster.stop();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
