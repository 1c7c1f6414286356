import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewDto, ReviewSummaryDto } from "#core/catalog.ts";
import type { OwnReviewDto } from "#core/schemas/review.schema.ts";
import { createReview } from "./db/repositories/reviews.ts";
import { newId } from "./ids.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { insertTestOrder } from "./testing/orders.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const COMMENT = "Beautiful fabric and the fit is exactly as described.";

interface PublicReviews {
  success: boolean;
  reviews: ReviewDto[];
  summary: ReviewSummaryDto;
}

describe.each(TEST_ENGINES)("reviews on $name", (engine) => {
  let store: TestStore;
  let products: { id: string; slug: string }[];
  let counter = 0;
  let nextProduct = 0;

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
    products = await store.database.db
      .selectFrom("products")
      .select(["id", "slug"])
      .orderBy("slug")
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  /** A product no other test of this file reviews, so each test starts from the seeded reviews only. */
  const freshProduct = () => {
    const product = products[nextProduct++];
    if (!product) throw new Error("The demo catalog has too few products for this suite");
    return product;
  };

  const post = (url: string, body: unknown, token?: string) =>
    call(store.app, "POST", url, { body, token, ip: freshIp() });

  /** A signed-up, signed-in shopper (phone log-in needs no e-mail code). */
  async function shopper(name = `Reviewer ${counter + 1}`) {
    counter += 1;
    const phone = freshPhone();
    const registered = await post("/api/user/register", { name, phone, password: "password-1" });
    expect(registered.status).toBeLessThan(300);
    const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
    const token = login.body.token as string;
    expect(token).toEqual(expect.any(String));
    const user = await store.database.db
      .selectFrom("users")
      .select("id")
      .where("phone", "=", `+971${phone.slice(1)}`)
      .executeTakeFirstOrThrow();
    return { id: user.id, name, token };
  }

  /** A placed order of this shopper holding the product. */
  async function placeOrder(userId: string, productId: string) {
    await insertTestOrder(store.database.db, {
      userId,
      productId,
      at: new Date().toISOString(),
      status: "Order Placed",
    });
  }

  const publicReviews = async (productId: string) => {
    const res = await call(store.app, "GET", `/api/review/product/${productId}`);
    expect(res.status).toBe(200);
    return res.body as unknown as PublicReviews;
  };

  /** Shoppers' reviews of a product (the demo store's seeded reviews have no user). */
  const reviewRows = (productId: string) =>
    store.database.db
      .selectFrom("reviews")
      .selectAll()
      .where("product_id", "=", productId)
      .where("user_id", "is not", null)
      .orderBy("created_at")
      .execute();

  it("keeps the seeded reviews published, so the product page shows them as before", async () => {
    const statuses = await store.database.db.selectFrom("reviews").select("status").distinct().execute();
    expect(statuses.map((s) => s.status)).toEqual(["published"]);
    const seeded = await store.database.db
      .selectFrom("reviews")
      .select((eb) => ["product_id", eb.fn.countAll<number>().as("n")])
      .groupBy("product_id")
      .executeTakeFirstOrThrow();
    const body = await publicReviews(seeded.product_id);
    expect(body.summary.totalReviews).toBe(Number(seeded.n));
  });

  describe("without a valid token", () => {
    it("answers every review call with 401 and stores nothing", async () => {
      const product = freshProduct();
      const a = await shopper();
      // A well-formed token whose signature does not match.
      const tampered = `${a.token.slice(0, -4)}${a.token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
      for (const url of ["/api/review/can-review", "/api/review/user-review", "/api/review/create"]) {
        for (const token of [undefined, "forged.token.value", tampered]) {
          const res = await post(url, { productId: product.id, rating: 5, comment: COMMENT }, token);
          expect(res.status).toBe(401);
          expect(res.body.success).toBe(false);
          expect(res.body.message).toEqual(expect.any(String));
        }
      }
      expect(await reviewRows(product.id)).toHaveLength(0);
    });
  });

  describe("POST /api/review/can-review", () => {
    it("is true for a signed-in shopper without a review of the product, false once they wrote one", async () => {
      const product = freshProduct();
      const a = await shopper();
      const before = await post("/api/review/can-review", { productId: product.id }, a.token);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ success: true, canReview: true });

      const created = await post(
        "/api/review/create",
        { productId: product.id, rating: 4, comment: COMMENT },
        a.token,
      );
      expect(created.status).toBe(201);

      const after = await post("/api/review/can-review", { productId: product.id }, a.token);
      expect(after.body).toEqual({ success: true, canReview: false });
      // Another shopper may still review it.
      const b = await shopper();
      const other = await post("/api/review/can-review", { productId: product.id }, b.token);
      expect(other.body).toEqual({ success: true, canReview: true });
    });

    it("refuses a missing product id with 400 and an unknown product with 404", async () => {
      const a = await shopper();
      const missing = await post("/api/review/can-review", {}, a.token);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        success: false,
        code: "validation",
        message: "Please choose a product to review.",
      });
      const unknown = await post("/api/review/can-review", { productId: "no-such-product" }, a.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, code: "not_found", message: "Product not found" });
    });
  });

  describe("POST /api/review/user-review", () => {
    it("answers null before the shopper reviews, then their own review with its status", async () => {
      const product = freshProduct();
      const a = await shopper();
      const before = await post("/api/review/user-review", { productId: product.id }, a.token);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ success: true, review: null });

      await post("/api/review/create", { productId: product.id, rating: 3, comment: COMMENT }, a.token);
      const after = await post("/api/review/user-review", { productId: product.id }, a.token);
      expect(after.status).toBe(200);
      expect(after.body.review).toEqual({
        _id: expect.any(String),
        userName: a.name,
        rating: 3,
        comment: COMMENT,
        isVerifiedPurchase: false,
        createdAt: expect.any(String),
        status: "pending",
      });
    });

    it("never answers another shopper's review, whatever the body names", async () => {
      const product = freshProduct();
      const a = await shopper();
      const b = await shopper();
      await post("/api/review/create", { productId: product.id, rating: 5, comment: COMMENT }, b.token);

      const res = await post("/api/review/user-review", { productId: product.id, userId: b.id }, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, review: null });
      const canReview = await post(
        "/api/review/can-review",
        { productId: product.id, userId: b.id },
        a.token,
      );
      expect(canReview.body.canReview).toBe(true);
    });

    it("answers 404 for an unknown product", async () => {
      const a = await shopper();
      const res = await post("/api/review/user-review", { productId: "no-such-product" }, a.token);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    });
  });

  describe("POST /api/review/create", () => {
    it("stores a shopper's review without a purchase as pending: not shown, not counted", async () => {
      const product = freshProduct();
      const before = await publicReviews(product.id);
      const a = await shopper("Mariam Al Falasi");

      const res = await post(
        "/api/review/create",
        {
          productId: product.id,
          rating: 2,
          comment: `   ${COMMENT}   `,
          userName: "Someone Else",
          userId: "another-user",
          isVerifiedPurchase: true,
        },
        a.token,
      );
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toBe("Thank you! Your review will appear once the shop approves it.");

      const rows = await reviewRows(product.id);
      const mine = rows.filter((r) => r.user_id === a.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        user_name: "Mariam Al Falasi",
        rating: 2,
        comment: COMMENT,
        status: "pending",
      });
      expect(Boolean(mine[0]!.is_verified_purchase)).toBe(false);
      expect(rows.some((r) => r.user_id === "another-user" || r.user_name === "Someone Else")).toBe(false);

      // SPEC §5: the public list and its summary are exactly as before.
      expect(await publicReviews(product.id)).toEqual(before);
    });

    it("publishes a verified purchase at once and counts it in the summary", async () => {
      const product = freshProduct();
      const before = await publicReviews(product.id);
      const a = await shopper("Hessa Rahman");
      // Another shopper's order of the product, and this shopper's order of another product, prove nothing.
      const b = await shopper();
      await placeOrder(b.id, product.id);
      await placeOrder(a.id, products[products.length - 1]!.id);
      await placeOrder(a.id, product.id);

      const res = await post(
        "/api/review/create",
        { productId: product.id, rating: 5, comment: COMMENT },
        a.token,
      );
      expect(res.status).toBe(201);
      expect(res.body.message).toBe("Thank you! Your review is now live.");

      const after = await publicReviews(product.id);
      expect(after.summary.totalReviews).toBe(before.summary.totalReviews + 1);
      expect(after.summary.ratingDistribution["5"]).toBe(before.summary.ratingDistribution["5"] + 1);
      const ratings = after.reviews.map((r) => r.rating);
      expect(after.summary.averageRating).toBeCloseTo(
        Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 10) / 10,
        5,
      );
      expect(after.reviews[0]).toEqual({
        _id: expect.any(String),
        userName: "Hessa Rahman",
        rating: 5,
        comment: COMMENT,
        isVerifiedPurchase: true,
        createdAt: expect.any(String),
      });

      const own = await post("/api/review/user-review", { productId: product.id }, a.token);
      expect((own.body.review as OwnReviewDto).status).toBe("published");
    });

    it("the summary counts published reviews only", async () => {
      const product = freshProduct();
      const buyer = await shopper();
      await placeOrder(buyer.id, product.id);
      await post("/api/review/create", { productId: product.id, rating: 4, comment: COMMENT }, buyer.token);
      for (const rating of [1, 1, 2]) {
        const visitor = await shopper();
        const res = await post(
          "/api/review/create",
          { productId: product.id, rating, comment: COMMENT },
          visitor.token,
        );
        expect(res.status).toBe(201);
      }
      expect((await reviewRows(product.id)).filter((r) => r.status === "pending")).toHaveLength(3);
      // Every published review of the product: the seeded ones and the buyer's.
      const published = await store.database.db
        .selectFrom("reviews")
        .selectAll()
        .where("product_id", "=", product.id)
        .where("status", "=", "published")
        .execute();
      expect(published.some((r) => r.user_id === buyer.id)).toBe(true);

      const body = await publicReviews(product.id);
      expect(body.reviews).toHaveLength(published.length);
      expect(body.summary.totalReviews).toBe(published.length);
      expect(body.summary.ratingDistribution["1"]).toBe(published.filter((r) => r.rating === 1).length);
      const sum = published.reduce((s, r) => s + Number(r.rating), 0);
      expect(body.summary.averageRating).toBe(Math.round((sum / published.length) * 10) / 10);
      expect(body.reviews.every((r) => published.some((p) => p.id === r._id))).toBe(true);
    });

    it("stores a comment with HTML as plain text, and the product page shows it escaped", async () => {
      const product = freshProduct();
      const a = await shopper();
      await placeOrder(a.id, product.id);
      const comment = `<script>alert("x")</script><b>Lovely</b> fabric & fit <img src=x onerror=alert(1)>`;
      const res = await post("/api/review/create", { productId: product.id, rating: 5, comment }, a.token);
      expect(res.status).toBe(201);

      const rows = await reviewRows(product.id);
      expect(rows.find((r) => r.user_id === a.id)?.comment).toBe(comment);
      expect((await publicReviews(product.id)).reviews[0]?.comment).toBe(comment);

      const page = await store.app.inject({ method: "GET", url: `/product/${product.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;Lovely&lt;/b&gt;",
      );
      expect(page.body).not.toContain('<script>alert("x")');
      expect(page.body).not.toContain("<img src=x");
    });

    it("refuses ratings and comments outside SPEC §5 with 400 and its message, storing nothing", async () => {
      const product = freshProduct();
      const a = await shopper();
      const cases: [Record<string, unknown>, string][] = [
        [{ comment: COMMENT }, "Please select a rating"],
        [{ rating: null, comment: COMMENT }, "Please select a rating"],
        [{ rating: 0, comment: COMMENT }, "Rating must be a whole number from 1 to 5."],
        [{ rating: 6, comment: COMMENT }, "Rating must be a whole number from 1 to 5."],
        [{ rating: 4.5, comment: COMMENT }, "Rating must be a whole number from 1 to 5."],
        [{ rating: "5", comment: COMMENT }, "Rating must be a whole number from 1 to 5."],
        [{ rating: 5 }, "Please write a review with at least 10 characters"],
        [{ rating: 5, comment: "   Too short   " }, "Please write a review with at least 10 characters"],
        [
          { rating: 5, comment: `  ${"a".repeat(9)}           ` },
          "Please write a review with at least 10 characters",
        ],
        [{ rating: 5, comment: "a".repeat(1001) }, "Your review can be at most 1000 characters."],
        [{ rating: 5, comment: 12345678901 }, "Please write a review with at least 10 characters"],
      ];
      for (const [body, message] of cases) {
        const res = await post("/api/review/create", { productId: product.id, ...body }, a.token);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ success: false, code: "validation", message });
      }
      const notObject = await call(store.app, "POST", "/api/review/create", {
        rawBody: "[1,2]",
        token: a.token,
      });
      expect(notObject.status).toBe(400);
      expect(notObject.body.success).toBe(false);
      expect(await reviewRows(product.id)).toHaveLength(0);

      // The limits themselves are allowed: 10 characters after trimming, and 1000.
      const ten = await post(
        "/api/review/create",
        { productId: product.id, rating: 1, comment: "  abcdefghij  " },
        a.token,
      );
      expect(ten.status).toBe(201);
      expect((await reviewRows(product.id))[0]?.comment).toBe("abcdefghij");
      const b = await shopper();
      const long = await post(
        "/api/review/create",
        { productId: product.id, rating: 5, comment: "b".repeat(1000) },
        b.token,
      );
      expect(long.status).toBe(201);
    });

    it("refuses an unknown product with 404", async () => {
      const a = await shopper();
      const res = await post(
        "/api/review/create",
        { productId: "no-such-product", rating: 5, comment: COMMENT },
        a.token,
      );
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: "not_found", message: "Product not found" });
      const rows = await store.database.db
        .selectFrom("reviews")
        .select("id")
        .where("user_id", "=", a.id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it("refuses a second review of the same product with 409 and keeps the first", async () => {
      const product = freshProduct();
      const a = await shopper();
      const first = await post(
        "/api/review/create",
        { productId: product.id, rating: 4, comment: COMMENT },
        a.token,
      );
      expect(first.status).toBe(201);
      const second = await post(
        "/api/review/create",
        { productId: product.id, rating: 1, comment: "Changed my mind about this one." },
        a.token,
      );
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        success: false,
        code: "review_duplicate",
        message: "You have already reviewed this product.",
      });
      const rows = await reviewRows(product.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rating: 4, comment: COMMENT });
    });

    it("lets only one of two simultaneous reviews by the same shopper land", async () => {
      const product = freshProduct();
      const a = await shopper();
      const answers = await Promise.all(
        [1, 2, 3].map((rating) =>
          post("/api/review/create", { productId: product.id, rating, comment: COMMENT }, a.token),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await reviewRows(product.id)).toHaveLength(1);
    });

    it("holds one review per shopper and product in the database itself", async () => {
      const product = freshProduct();
      const a = await shopper();
      const row = {
        product_id: product.id,
        user_id: a.id,
        user_name: a.name,
        rating: 5,
        comment: COMMENT,
        is_verified_purchase: false,
        created_at: new Date().toISOString(),
      };
      await createReview(store.database.db, { ...row, id: newId() });
      await expect(createReview(store.database.db, { ...row, id: newId() })).rejects.toThrow();
      expect(await reviewRows(product.id)).toHaveLength(1);
    });
  });
});
