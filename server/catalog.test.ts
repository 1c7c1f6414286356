import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "#core/catalog.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const effective = (p: ProductDto) => p.salePrice ?? p.price;

describe.each(TEST_ENGINES)("catalog on $name", (engine) => {
  let store: TestStore;
  let all: ProductDto[];

  async function list(query = ""): Promise<{
    status: number;
    body: { success: boolean; products: ProductDto[]; total: number; message?: string };
  }> {
    const res = await store.app.inject({ method: "GET", url: `/api/product/list${query}` });
    return { status: res.statusCode, body: res.json() };
  }

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
    all = (await list()).body.products;
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("GET /api/product/list", () => {
    it("returns the whole catalog without parameters, newest first, in SPEC's shape", async () => {
      const count = await store.database.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(all.length).toBe(Number(count.n));
      const dates = all.map((p) => p.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      const sample = all[0]!;
      for (const key of [
        "_id",
        "name",
        "slug",
        "description",
        "image",
        "type",
        "category",
        "filter_name",
        "colors",
        "popularity",
        "sizes",
        "bestseller",
        "isNew",
        "isSale",
        "date",
        "createdAt",
        "variants",
        "price",
      ]) {
        expect(sample).toHaveProperty(key);
      }
      expect(Object.keys(sample.variants[0]!).sort()).toEqual([
        "_id",
        "discount",
        "filter_value",
        "retail_price",
        "sku",
        "stock",
      ]);
    });

    it("derives price, salePrice and sizes from the variants (SPEC §3)", () => {
      for (const product of all) {
        const first = product.variants[0]!;
        expect(product.price).toBe(first.retail_price);
        if (first.discount > 0) {
          expect(product.salePrice).toBeCloseTo(first.retail_price * (1 - first.discount / 100), 2);
        } else {
          expect(product).not.toHaveProperty("salePrice");
        }
        expect(product.sizes).toEqual([...new Set(product.variants.map((v) => v.filter_value))]);
        expect(product.image.length).toBe(product.images.length);
      }
    });

    it("filters by category", async () => {
      const { body } = await list("?category=graceful-abayas");
      expect(body.products.length).toBeGreaterThan(0);
      expect(body.products.every((p) => p.category === "graceful-abayas")).toBe(true);
      expect(body.products.length).toBe(all.filter((p) => p.category === "graceful-abayas").length);
      expect((await list("?category=all")).body.products.length).toBe(all.length);
    });

    it("filters by the price a shopper pays, between minPrice and maxPrice", async () => {
      const { body } = await list("?minPrice=300&maxPrice=800");
      const expected = all.filter((p) => effective(p) >= 300 && effective(p) <= 800);
      expect(body.products.map((p) => p._id).sort()).toEqual(expected.map((p) => p._id).sort());
      expect(expected.length).toBeGreaterThan(0);
    });

    it("filters by repeatable colour, fabric and type", async () => {
      const [c1, c2] = [...new Set(all.flatMap((p) => p.colors))];
      const byColor = (await list(`?color=${c1}&color=${c2}`)).body.products;
      expect(byColor.map((p) => p._id).sort()).toEqual(
        all
          .filter((p) => p.colors.includes(c1!) || p.colors.includes(c2!))
          .map((p) => p._id)
          .sort(),
      );
      const fabric = all[0]!.filter_name;
      const byFabric = (await list(`?fabric=${encodeURIComponent(fabric)}`)).body.products;
      expect(byFabric.length).toBeGreaterThan(0);
      expect(byFabric.map((p) => p._id).sort()).toEqual(
        all
          .filter((p) => p.filter_name === fabric)
          .map((p) => p._id)
          .sort(),
      );
      expect(byFabric.length).toBeLessThan(all.length);
      const unstitched = (await list("?type=Unstitched")).body.products;
      expect(unstitched.length).toBeGreaterThan(0);
      expect(unstitched.every((p) => p.type === "Unstitched")).toBe(true);
    });

    it("searches names case-insensitively, trimmed", async () => {
      const word = all[0]!.name.split(" ")[0]!;
      const { body } = await list(`?search=${encodeURIComponent(`  ${word.toUpperCase()}  `)}`);
      expect(body.products.length).toBe(
        all.filter((p) => p.name.toLowerCase().includes(word.toLowerCase())).length,
      );
      expect((await list("?search=zzzz-nothing")).body.products).toEqual([]);
      expect((await list("?search=50%25")).status).toBe(200);
    });

    it.each([
      ["price-low-high", (a: ProductDto, b: ProductDto) => effective(a) <= effective(b)],
      ["price-high-low", (a: ProductDto, b: ProductDto) => effective(a) >= effective(b)],
      ["popularity", (a: ProductDto, b: ProductDto) => a.popularity >= b.popularity],
      ["newest", (a: ProductDto, b: ProductDto) => a.date >= b.date],
    ] as const)("sorts by %s", async (sort, ordered) => {
      const { body } = await list(`?sort=${sort}`);
      expect(body.products.length).toBe(all.length);
      for (let i = 1; i < body.products.length; i++)
        expect(ordered(body.products[i - 1]!, body.products[i]!)).toBe(true);
    });

    it("pages with page and limit, and tells the total", async () => {
      const first = (await list("?limit=10&page=1")).body;
      const second = (await list("?limit=10&page=2")).body;
      expect(first.products.length).toBe(10);
      expect(first.total).toBe(all.length);
      expect(second.products[0]!._id).toBe(all[10]!._id);
      expect(new Set([...first.products, ...second.products].map((p) => p._id)).size).toBe(20);
    });

    it("answers 304 to a client that holds the same list", async () => {
      const res = await store.app.inject({
        method: "GET",
        url: "/api/product/list?category=graceful-abayas",
      });
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await store.app.inject({
        method: "GET",
        url: "/api/product/list?category=graceful-abayas",
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
    });

    it.each([
      ["?sort=cheapest", /sort must be one of/],
      ["?minPrice=abc", /minPrice must be a number/],
      ["?minPrice=900&maxPrice=100", /minPrice cannot be above maxPrice/],
      ["?limit=1000", /limit/],
      ["?page=0", /page/],
      ["?minPrice=-5", /minPrice cannot be negative/],
    ])("refuses %s with 400 and a message", async (query, message) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
    });
  });

  describe("GET /api/review/product/{productId}", () => {
    it("returns the reviews with a summary and a 1-5 distribution", async () => {
      const reviewed = await store.database.db
        .selectFrom("reviews")
        .select(["product_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("product_id")
        .orderBy("n", "desc")
        .executeTakeFirstOrThrow();
      const res = await store.app.inject({
        method: "GET",
        url: `/api/review/product/${reviewed.product_id}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.reviews.length).toBe(Number(reviewed.n));
      expect(body.summary.totalReviews).toBe(Number(reviewed.n));
      const distribution = body.summary.ratingDistribution;
      expect(Object.keys(distribution).sort()).toEqual(["1", "2", "3", "4", "5"]);
      const sum = body.reviews.reduce((s: number, r: { rating: number }) => s + r.rating, 0);
      expect(body.summary.averageRating).toBeCloseTo(sum / body.reviews.length, 1);
      expect(Object.keys(body.reviews[0]).sort()).toEqual([
        "_id",
        "comment",
        "createdAt",
        "isVerifiedPurchase",
        "rating",
        "userName",
      ]);
    });

    it("answers an unknown product with success false and a message", async () => {
      const res = await store.app.inject({ method: "GET", url: "/api/review/product/no-such-product" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: "not_found", message: "Product not found" });
    });
  });

  describe("pages", () => {
    it("/shop renders the grid for the URL it is given", async () => {
      const res = await store.app.inject({
        method: "GET",
        url: "/shop?category=graceful-abayas&sort=price-low-high",
      });
      expect(res.statusCode).toBe(200);
      const cheapest = all
        .filter((p) => p.category === "graceful-abayas")
        .sort((a, b) => effective(a) - effective(b))[0]!;
      expect(res.body).toContain(`/product/${cheapest.slug}`);
      const other = all.find((p) => p.category === "ethnic-elegance")!;
      expect(res.body).not.toContain(`/product/${other.slug}"`);
    });

    it("/shop says 'No products found.' when nothing matches, and survives bad parameters", async () => {
      const empty = await store.app.inject({ method: "GET", url: "/shop?search=zzzz-nothing" });
      expect(empty.body).toContain("No products found.");
      const odd = await store.app.inject({ method: "GET", url: "/shop?sort=bogus&minPrice=abc&page=-2" });
      expect(odd.statusCode).toBe(200);
    });

    it("/product/{slug} renders the product with its stock message", async () => {
      const product = all.find((p) => (p.variants[0]?.stock ?? 0) > 20)!;
      const res = await store.app.inject({ method: "GET", url: `/product/${product.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(product.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
      expect(res.body).toContain("In stock");
    });

    it("offers 'You May Also Like': the category's most popular other products (SPEC §2)", async () => {
      const product = all.find((p) => p.category === "graceful-abayas")!;
      const related = await store.services.catalog.listRelatedProducts(product, 4);
      const expected = all
        .filter((p) => p.category === product.category && p._id !== product._id)
        .sort((a, b) => b.popularity - a.popularity || (a._id < b._id ? -1 : 1))
        .slice(0, 4);
      expect(related).toHaveLength(4);
      expect(related.map((p) => p._id)).toEqual(expected.map((p) => p._id));
    });

    it("/product/{unknown} answers 404 with 'Product not found'", async () => {
      const res = await store.app.inject({ method: "GET", url: "/product/no-such-product" });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("Product not found");
    });
  });
});
