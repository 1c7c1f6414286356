import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WishlistItem } from "#core/cart.ts";
import { type ApiAnswer, call, freshIp, freshPhone } from "./testing/accounts.ts";
import { addCartProducts } from "./testing/cart.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

describe.each(TEST_ENGINES)("server wishlist on $name", (engine) => {
  let store: TestStore;
  let products: Awaited<ReturnType<typeof addCartProducts>>;
  let counter = 0;

  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    products = await addCartProducts(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (url: string, body: unknown, token?: string): Promise<ApiAnswer> =>
    call(store.app, "POST", url, { body, token, ip: freshIp() });
  const list = async (token: string) => {
    const res = await call(store.app, "GET", "/api/wishlist", { token });
    expect(res.status).toBe(200);
    return (res.body.wishlist as WishlistItem[]).map((i) => i._id);
  };

  async function shopper() {
    counter += 1;
    const phone = freshPhone();
    await post("/api/user/register", { name: `Wish ${counter}`, phone, password: "password-1" });
    const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
    const user = await store.database.db
      .selectFrom("users")
      .select("id")
      .where("phone", "=", `+971${phone.slice(1)}`)
      .executeTakeFirstOrThrow();
    return { id: user.id, token: login.body.token as string };
  }

  it("adds products as SPEC's wishlist entries and removes them", async () => {
    const a = await shopper();
    expect(await list(a.token)).toEqual([]);
    const added = await post("/api/wishlist/add", { productId: products.abaya.id }, a.token);
    expect(added.status).toBe(200);
    expect(added.body.wishlist).toEqual([
      {
        _id: products.abaya.id,
        slug: "test-crepe-abaya",
        name: "Test Crepe Abaya",
        image: "/media/test-abaya.svg",
        price: 450,
        salePrice: 360,
      },
    ]);
    await post("/api/wishlist/add", { productId: products.fabric.id }, a.token);
    expect(await list(a.token)).toEqual([products.abaya.id, products.fabric.id]);
    const removed = await post("/api/wishlist/remove", { productId: products.abaya.id }, a.token);
    expect(removed.status).toBe(200);
    expect(await list(a.token)).toEqual([products.fabric.id]);
  });

  it.each([
    ["/api/wishlist/add", { productId: "DUP" }, 409, "already_in_wishlist", "Already in wishlist"],
    [
      "/api/wishlist/add",
      { productId: "no-such-product" },
      404,
      "product_unavailable",
      "This product is no longer available.",
    ],
    ["/api/wishlist/add", {}, 400, "validation", "Please choose a product."],
    ["/api/wishlist/add", { productId: "" }, 400, "validation", "Please choose a product."],
    ["/api/wishlist/remove", { productId: "OTHER" }, 404, "not_in_wishlist", "Not in your wishlist."],
    ["/api/wishlist/remove", { productId: 7 }, 400, "validation", "Please choose a product."],
    ["/api/wishlist/merge", { productIds: "x" }, 400, "validation", "Please choose a product."],
  ] as [string, Record<string, unknown>, number, string, string][])(
    "%s refuses %j with %i and leaves the wishlist as it was",
    async (url, body, status, code, message) => {
      const a = await shopper();
      await post("/api/wishlist/add", { productId: products.abaya.id }, a.token);
      const named =
        body.productId === "DUP"
          ? { productId: products.abaya.id }
          : body.productId === "OTHER"
            ? { productId: products.fabric.id }
            : body;
      const res = await post(url, named, a.token);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, code, message });
      expect(await list(a.token)).toEqual([products.abaya.id]);
    },
  );

  it.each([
    ["GET", "/api/wishlist"],
    ["POST", "/api/wishlist/add"],
    ["POST", "/api/wishlist/remove"],
    ["POST", "/api/wishlist/merge"],
  ] as const)("%s %s answers 401 without a token or with a forged one", async (method, url) => {
    const body = method === "POST" ? { productId: products.abaya.id, productIds: [] } : undefined;
    const missing = await call(store.app, method, url, { body, ip: freshIp() });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, code: "unauthorized", message: expect.any(String) });
    const a = await shopper();
    const forged = `${a.token.slice(0, -4)}AAAA`;
    expect((await call(store.app, method, url, { body, token: forged, ip: freshIp() })).status).toBe(401);
    expect(await list(a.token)).toEqual([]);
  });

  it("keeps each shopper's wishlist their own; a userId in the body is ignored", async () => {
    const a = await shopper();
    const b = await shopper();
    await post("/api/wishlist/add", { productId: products.fabric.id }, b.token);
    await post("/api/wishlist/add", { productId: products.abaya.id, userId: b.id }, a.token);
    await post("/api/wishlist/remove", { productId: products.fabric.id, userId: b.id }, a.token);
    expect(await list(a.token)).toEqual([products.abaya.id]);
    expect(await list(b.token)).toEqual([products.fabric.id]);
  });

  it("merges the browser's wishlist at log-in without duplicates, skipping unknown products", async () => {
    const a = await shopper();
    await post("/api/wishlist/add", { productId: products.fabric.id }, a.token);
    const res = await post(
      "/api/wishlist/merge",
      { productIds: [products.abaya.id, products.fabric.id, "gone", products.abaya.id] },
      a.token,
    );
    expect(res.status).toBe(200);
    expect((res.body.wishlist as WishlistItem[]).map((i) => i._id)).toEqual([
      products.fabric.id,
      products.abaya.id,
    ]);
    expect(await list(a.token)).toEqual([products.fabric.id, products.abaya.id]);
  });
});
