import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";
import { messageKeysIn, readAttributes } from "./testing/text-scan.ts";

/**
 * Issue 25: no page shows a message key where a sentence belongs ('account.cancel', 'Email
 * address.optional'), in either language. Every storefront page is rendered by the built app, and its
 * visible text and the attributes people read are scanned; the dialogs that need JavaScript are scanned
 * by the journey tests/e2e/arabic-text.spec.ts.
 */
describe.each(TEST_ENGINES)("message keys on $name", (engine) => {
  let store: TestStore;
  let pages: string[];
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
    const product = await store.database.db.selectFrom("products").select("slug").executeTakeFirstOrThrow();
    const post = await store.database.db.selectFrom("blog_posts").select("slug").executeTakeFirstOrThrow();
    pages = [
      "/",
      "/shop",
      "/shop?category=graceful-abayas",
      `/product/${product.slug}`,
      "/cart",
      "/wishlist",
      "/checkout",
      "/payment-redirect",
      "/account",
      "/login",
      "/signup",
      "/forgot-password",
      "/contact",
      "/stitching-service",
      "/blog",
      `/blog/${post.slug}`,
      "/about",
      "/terms",
      "/privacy",
      "/shipping",
      "/returns",
      "/no-such-page",
    ];
  });
  afterAll(async () => {
    await store?.close();
  });

  it("finds the keys it looks for, and passes URLs, e-mails and host names", () => {
    expect(messageKeysIn("Email address.optional · account.cancel")).toEqual([
      "address.optional",
      "account.cancel",
    ]);
    expect(messageKeysIn("care@nooratelier.ae · https://shop.example/a.b · nooratelier.ae · 1.5 m")).toEqual(
      [],
    );
  });

  for (const locale of ["en", "ar"] as const) {
    it(`shows no message key on any ${locale === "en" ? "English" : "Arabic"} page`, async () => {
      const found: string[] = [];
      for (const path of pages) {
        const url = locale === "en" ? path : path === "/" ? "/ar" : `/ar${path}`;
        const res = await store.app.inject({ method: "GET", url });
        expect([200, 404], url).toContain(res.statusCode);
        const text = `${visibleText(res.body)} ${readAttributes(res.body).join(" ")}`;
        for (const key of messageKeysIn(text)) found.push(`${url}: ${key}`);
      }
      expect(found).toEqual([]);
    });
  }
});
