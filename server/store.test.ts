import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "./db/migrate.ts";
import { bumpCatalogVersion } from "./db/repositories/catalog-version.ts";
import { createMediaStore } from "./media.ts";
import { seedDemoStore } from "./seed/demo.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const PAGES: [string, RegExp][] = [
  ["/", /Graceful Abayas/],
  ["/about", /Reviving tradition, redefining fashion\./],
  ["/terms", /United Arab Emirates/],
  ["/privacy", /NOT be stored, sold, shared, rented or leased/],
  ["/shipping", /1 to 3 working days/],
  ["/returns", /within 3 days of delivery/],
  ["/contact", /Quick Answers/],
];

describe.each(TEST_ENGINES)("the store on $name", (engine) => {
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("GET /healthz", () => {
    it("answers 200 after checking the database", async () => {
      const res = await store.app.inject({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", database: engine.name });
    });
  });

  describe("database", () => {
    it("migrations are frozen and a second run applies nothing", async () => {
      expect(await migrateToLatest(store.database.db)).toEqual([]);
    });

    it("seeds the demo store once; a second seed changes nothing", async () => {
      expect(store.seed?.seeded).toBe(true);
      const before = await store.database.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const again = await seedDemoStore(store.database.db, createMediaStore(store.mediaDir));
      expect(again.seeded).toBe(false);
      const after = await store.database.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(Number(after.n)).toBeGreaterThanOrEqual(40);
    });

    it("holds a demo catalog that spans every collection and every stock band", async () => {
      const db = store.database.db;
      const categories = await db.selectFrom("products").select("category_slug").distinct().execute();
      expect(categories.map((c) => c.category_slug).sort()).toEqual([
        "designer-jalabiya",
        "ethnic-elegance",
        "graceful-abayas",
      ]);
      const stocks = (await db.selectFrom("product_variants").select("stock").execute()).map((v) => v.stock);
      expect(stocks).toContain(0);
      expect(stocks.some((s) => s !== null && s >= 1 && s <= 10)).toBe(true);
      expect(stocks.some((s) => s !== null && s >= 11 && s <= 20)).toBe(true);
      expect(stocks.some((s) => s !== null && s > 20)).toBe(true);
      const unstitched = await db
        .selectFrom("products")
        .select("id")
        .where("type", "=", "Unstitched")
        .execute();
      expect(unstitched.length).toBeGreaterThan(0);
      const posts = await db.selectFrom("blog_posts").select("id").execute();
      expect(posts.length).toBeGreaterThanOrEqual(6);
      const reviews = await db.selectFrom("reviews").select("id").execute();
      expect(reviews.length).toBeGreaterThan(0);
      const prices = await db.selectFrom("product_variants").select("retail_price_fils").execute();
      for (const { retail_price_fils } of prices) {
        expect(Number(retail_price_fils)).toBeGreaterThanOrEqual(10_000);
        expect(Number(retail_price_fils)).toBeLessThanOrEqual(200_000);
      }
    });

    it("keeps images as files the project made, 2 to 6 per product", async () => {
      const sources = readdirSync(`${store.mediaDir}/src/products`);
      expect(sources.length).toBeGreaterThanOrEqual(80);
      const perProduct = await store.database.db
        .selectFrom("product_images")
        .select(["product_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("product_id")
        .execute();
      for (const row of perProduct) {
        expect(Number(row.n)).toBeGreaterThanOrEqual(2);
        expect(Number(row.n)).toBeLessThanOrEqual(6);
      }
    });
  });

  describe("server-rendered pages", () => {
    it.each(PAGES)("%s answers 200 with its content in the HTML", async (url, content) => {
      const res = await store.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toMatch(content);
      expect(res.body).toContain(store.config.SHOP_PHONE);
    });

    it("answers an unknown path with the not-found page and HTTP 404", async () => {
      const res = await store.app.inject({ method: "GET", url: "/no-such-page" });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("Oops! Page not found");
      expect(res.body).toMatch(/href="\/"/);
    });

    it("renders the home page with the demo catalog's products", async () => {
      const res = await store.app.inject({ method: "GET", url: "/" });
      const newest = await store.database.db
        .selectFrom("products")
        .select("name")
        .orderBy("date", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(res.body).toContain(newest.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
      expect(res.body).toContain("Featured Products");
    });

    it("renders the contact page's four cards from the configuration", async () => {
      const res = await store.app.inject({ method: "GET", url: "/contact" });
      for (const text of [
        store.config.SHOP_EMAIL,
        store.config.SHOP_OFFICE_ADDRESS,
        store.config.SHOP_WAREHOUSE_ADDRESS,
        "UAE delivery takes 3-7 business days.",
        "15-day returns for unworn items.",
        "Sun-Thu, 9AM-6PM UAE time",
      ]) {
        expect(res.body).toContain(text);
      }
    });

    it("hides the announcement bar on the server once it was dismissed", async () => {
      const shown = await store.app.inject({ method: "GET", url: "/about" });
      expect(shown.body).toContain('data-testid="announcement-bar"');
      const hidden = await store.app.inject({
        method: "GET",
        url: "/about",
        headers: { cookie: "announcement_dismissed=1" },
      });
      expect(hidden.body).not.toContain('data-testid="announcement-bar"');
    });

    it("sends a nonce Content-Security-Policy that every inline script of a private page carries", async () => {
      const res = await store.app.inject({ method: "GET", url: "/cart" });
      const policy = String(res.headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("object-src 'none'");
      const scripts = [...res.body.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map(
        (m) => m[1]!,
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      const again = await store.app.inject({ method: "GET", url: "/cart" });
      expect(again.headers["content-security-policy"]).not.toBe(policy);
    });

    it("names every inline script of a cached public page by its hash in that response's policy", async () => {
      for (const attempt of ["miss", "hit"]) {
        const res = await store.app.inject({ method: "GET", url: "/?utm_source=csp-check" });
        expect(res.headers["x-cache"]).toBe(attempt);
        const policy = String(res.headers["content-security-policy"]);
        expect(policy).not.toContain("'nonce-");
        expect(policy).toContain("object-src 'none'");
        const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
          (m) => m[1]!,
        );
        expect(inline.length).toBeGreaterThan(0);
        for (const code of inline) {
          expect(policy).toContain(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
        }
      }
    });

    it("tags every response with a request id, echoing a sane incoming one", async () => {
      const res = await store.app.inject({
        method: "GET",
        url: "/about",
        headers: { "x-request-id": "req-12345678" },
      });
      expect(res.headers["x-request-id"]).toBe("req-12345678");
      const generated = await store.app.inject({ method: "GET", url: "/healthz" });
      expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe("built assets", () => {
    it("serves fingerprinted assets with immutable caching, brotli and gzip", async () => {
      const home = await store.app.inject({ method: "GET", url: "/" });
      // A module the page loads (its module script names them: app/lib/start-after-paint.server.ts).
      const script = /"(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
      expect(script).toBeDefined();
      const br = await store.app.inject({
        method: "GET",
        url: script!,
        headers: { "accept-encoding": "br" },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const gz = await store.app.inject({
        method: "GET",
        url: script!,
        headers: { "accept-encoding": "gzip" },
      });
      expect(gz.headers["content-encoding"]).toBe("gzip");
    });
  });

  describe("images", () => {
    it("renders a product image at the asked width and format", async () => {
      const image = await store.database.db
        .selectFrom("product_images")
        .select("url")
        .executeTakeFirstOrThrow();
      const res = await store.app.inject({
        method: "GET",
        url: `${image.url.replace(".webp", ".avif")}?w=320`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/avif");
      const sharp = (await import("sharp")).default;
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(320);
      expect(meta.height).toBe(400);
      const again = await store.app.inject({
        method: "GET",
        url: `${image.url.replace(".webp", ".avif")}?w=320`,
        headers: { "if-none-match": String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it("refuses unknown images, odd widths and path tricks with 404", async () => {
      for (const url of [
        "/media/products/no-such-thing.webp",
        "/media/site/hero-1.webp?w=123",
        "/media/../../etc/passwd.webp",
        "/media/site/hero-1.gif",
      ]) {
        expect((await store.app.inject({ method: "GET", url })).statusCode).toBe(404);
      }
    });
  });

  describe("failures", () => {
    it("answers an unknown API path with JSON, not the page", async () => {
      const res = await store.app.inject({ method: "GET", url: "/api/nothing-here" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: "not_found" });
    });

    // Last in this file: it breaks the database on purpose.
    it("shows 'Unexpected Application Error!' with HTTP 500 when a page's data fails", async () => {
      await sql`alter table product_variants rename to product_variants_gone`.execute(store.database.db);
      // A catalog write first, so the home page cached by earlier tests is not what answers.
      await bumpCatalogVersion(store.database.db);
      const res = await store.app.inject({ method: "GET", url: "/" });
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain("Unexpected Application Error!");
      await sql`alter table product_variants_gone rename to product_variants`.execute(store.database.db);
    });
  });
});
