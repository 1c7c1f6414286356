import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartData } from "#core/cart.ts";
import { PAGE_SESSION_COOKIE } from "#core/page-session.ts";
import { decodePending, PENDING_COOKIE, type Pending } from "#core/pending-cookie.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { addCartProducts } from "./testing/cart.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;

/**
 * Add to Cart and the heart posted without JavaScript (issue 22, decision 0033): the product page's action
 * checks the post's origin, the API's schema and stock rules; a visitor's line goes to the signed pending
 * cookie that /cart draws and her first hydrated page merges, a signed-in shopper's (page session) to her
 * server cart. A refused post changes nothing.
 */
describe.each(TEST_ENGINES)("the cart and wishlist forms without JavaScript on $name", (engine) => {
  let store: TestStore;
  let products: Awaited<ReturnType<typeof addCartProducts>>;
  let token: string;

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { SEED_DEMO: "false" } });
    products = await addCartProducts(store);
    const phone = freshPhone();
    const password = "plain-cart-1";
    const reg = await call(store.app, "POST", "/api/user/register", {
      body: { name: "Amna Plaincart", phone, password },
      ip: freshIp(),
    });
    expect(reg.status).toBe(201);
    const login = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: phone, password },
      ip: freshIp(),
    });
    token = String(login.body.token);
  });
  afterAll(() => store.close());

  const abayaPath = () => "/product/test-crepe-abaya";

  function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return store.app.inject({
      method: "POST",
      url: path,
      headers: {
        host: HOST,
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const addAbaya = (size: string, quantity: string, headers: Record<string, string> = {}) =>
    post(abayaPath(), { intent: "cart", size, color: "Navy", quantity }, headers);

  /** The pending cookie an answer sets: its attributes and its value. */
  function pendingSet(answer: {
    headers: Record<string, unknown>;
  }): { value: string; attributes: string } | null {
    const cookies = ([] as string[]).concat((answer.headers["set-cookie"] as string | string[]) ?? []);
    const found = cookies.find((c) => c.startsWith(`${PENDING_COOKIE}=`));
    if (!found) return null;
    const [pair, ...attributes] = found.split("; ");
    return { value: pair!.slice(PENDING_COOKIE.length + 1), attributes: attributes.join("; ") };
  }

  const payloadOf = (value: string): Pending | null => decodePending(value.split(".")[0] ?? "");
  const withPending = (value: string) => ({ cookie: `${PENDING_COOKIE}=${value}` });

  const page = (path: string, headers: Record<string, string> = {}) =>
    store.app.inject({ method: "GET", url: path, headers: { host: HOST, ...headers } });

  it("keeps a visitor's line in a signed cookie, answers /cart, which draws it; more of it adds up to the stock", async () => {
    const first = await addAbaya("M/54", "2");
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/cart");
    const cookie = pendingSet(first);
    expect(cookie?.attributes).toMatch(/Path=\/; Max-Age=604800; SameSite=Lax$/);
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(payloadOf(cookie!.value)).toEqual({
      lines: [[products.abaya.id, "M/54", "Navy", 2]],
      wishes: [],
    });

    const cart = await page("/cart", withPending(cookie!.value));
    expect(cart.statusCode).toBe(200);
    const text = visibleText(cart.body);
    expect(text).toContain("Test Crepe Abaya");
    expect(text).toContain("M/54");

    const more = await addAbaya("M/54", "1", withPending(cookie!.value));
    expect(more.statusCode).toBe(303);
    const after = pendingSet(more)!;
    expect(payloadOf(after.value)?.lines).toEqual([[products.abaya.id, "M/54", "Navy", 3]]);

    // SPEC §5: past the size's stock (3) the add is refused with the API's sentence; the cookie stays.
    const over = await addAbaya("M/54", "1", withPending(after.value));
    expect(over.statusCode).toBe(409);
    expect(visibleText(over.body)).toContain("Stock limit reached: Only 3 in stock for selected size");
    expect(pendingSet(over)).toBeNull();

    const arabic = await post(
      "/ar/product/test-crepe-abaya",
      { intent: "cart", size: "L/56", quantity: "1" },
      withPending(after.value),
    );
    expect(arabic.statusCode).toBe(409);
    expect(visibleText(arabic.body)).toContain("بلغتِ الحد المتاح: المتوفر من المقاس المختار: 0 فقط");
    expect(pendingSet(arabic)).toBeNull();
    const arabicAdd = await post("/ar/product/test-silk-set", {
      intent: "cart",
      quantity: "1",
    });
    expect(arabicAdd.headers.location).toBe("/ar/cart");
    expect(payloadOf(pendingSet(arabicAdd)!.value)?.lines).toEqual([
      [products.fabric.id, "Free", "Ivory", 1],
    ]);
  });

  it("refuses a changed cookie: /cart does not draw it and the next add starts afresh", async () => {
    const first = pendingSet(await addAbaya("XL/58", "1"))!;
    const [, signature] = first.value.split(".");
    const forged = `${Buffer.from(JSON.stringify({ c: [[products.abaya.id, "XL/58", "Navy", 40]], w: [] })).toString("base64url")}.${signature}`;
    const cart = await page("/cart", withPending(forged));
    expect(visibleText(cart.body)).not.toContain("Test Crepe Abaya");

    const next = await post(
      "/product/test-silk-set",
      { intent: "cart", size: "Free", quantity: "1" },
      withPending(forged),
    );
    expect(next.statusCode).toBe(303);
    expect(payloadOf(pendingSet(next)!.value)?.lines).toEqual([[products.fabric.id, "Free", "Ivory", 1]]);
  });

  it("keeps a visitor's wish and says so on the product page", async () => {
    const answer = await post(abayaPath(), { intent: "wish", size: "M/54" });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${abayaPath()}?wished=1`);
    const cookie = pendingSet(answer)!;
    expect(payloadOf(cookie.value)).toEqual({ lines: [], wishes: [[products.abaya.id, "M/54"]] });
    // Twice is still one wish (SPEC §4: no duplicates).
    const again = await post(abayaPath(), { intent: "wish", size: "M/54" }, withPending(cookie.value));
    expect(payloadOf(pendingSet(again)!.value)?.wishes).toHaveLength(1);
    const back = await page(`${abayaPath()}?wished=1`);
    expect(visibleText(back.body)).toContain("Added to wishlist");
  });

  it("refuses a bad form with the API's sentence and a post from another site with 403, changing nothing", async () => {
    const unknown = await addAbaya("S/52", "1");
    expect(unknown.statusCode).toBe(400);
    expect(visibleText(unknown.body)).toContain("This size is not available.");
    const badQuantity = await addAbaya("M/54", "lots");
    expect(badQuantity.statusCode).toBe(400);
    expect(visibleText(badQuantity.body)).toContain("Quantity must be a whole number from 1.");
    expect(pendingSet(unknown)).toBeNull();
    expect(pendingSet(badQuantity)).toBeNull();

    const foreign = await addAbaya("M/54", "1", { origin: "https://evil.example" });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(pendingSet(foreign)).toBeNull();
    const crossSite = await store.app.inject({
      method: "POST",
      url: abayaPath(),
      headers: {
        host: HOST,
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
        cookie: `${PAGE_SESSION_COOKIE}=${token}`,
      },
      payload: new URLSearchParams({ intent: "cart", size: "M/54" }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(visibleText(crossSite.body)).toContain("Your session could not be confirmed.");
    expect(pendingSet(crossSite)).toBeNull();
    const cart = await call(store.app, "POST", "/api/cart/get", { body: {}, token, ip: freshIp() });
    expect(cart.body.cartData).toEqual({});
  });

  it("writes a signed-in shopper's line and wish to her account, not to a cookie; past the stock nothing changes", async () => {
    const session = { cookie: `${PAGE_SESSION_COOKIE}=${token}` };
    const added = await addAbaya("M/54", "2", session);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/cart");
    expect(pendingSet(added)).toBeNull();
    const cart = await call(store.app, "POST", "/api/cart/get", { body: {}, token, ip: freshIp() });
    expect(cart.body.cartData as CartData).toEqual({
      [products.abaya.id]: { quantity: 2, lines: [{ size: "M/54", color: "Navy", quantity: 2 }] },
    });
    // /cart draws her account's cart from the page session.
    expect(visibleText((await page("/cart", session)).body)).toContain("Test Crepe Abaya");

    const over = await addAbaya("M/54", "2", session);
    expect(over.statusCode).toBe(409);
    expect(visibleText(over.body)).toContain("Only 3 in stock for selected size");
    const still = await call(store.app, "POST", "/api/cart/get", { body: {}, token, ip: freshIp() });
    expect(still.body.cartData).toEqual(cart.body.cartData);

    const wished = await post(abayaPath(), { intent: "wish", size: "M/54" }, session);
    expect(wished.statusCode).toBe(303);
    expect(pendingSet(wished)).toBeNull();
    // Already saved is what she asked for.
    const again = await post(abayaPath(), { intent: "wish" }, session);
    expect(again.statusCode).toBe(303);
    const wishlist = await call(store.app, "GET", "/api/wishlist", { token, ip: freshIp() });
    expect((wishlist.body.wishlist as { _id: string }[]).map((w) => w._id)).toEqual([products.abaya.id]);
  });

  it("draws a visitor's pending wishes and a signed-in shopper's wishlist on /wishlist, each removed by a plain post", async () => {
    const wished = pendingSet(await post(abayaPath(), { intent: "wish", size: "M/54" }))!;
    const drawn = await page("/wishlist", withPending(wished.value));
    expect(visibleText(drawn.body)).toContain("Test Crepe Abaya");
    expect(drawn.body).toContain(`name="productId" value="${products.abaya.id}"`);

    const removed = await post("/wishlist", { productId: products.abaya.id }, withPending(wished.value));
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/wishlist");
    expect(payloadOf(pendingSet(removed)!.value)).toEqual({ lines: [], wishes: [] });
    const foreign = await post(
      "/ar/wishlist",
      { productId: products.abaya.id },
      { ...withPending(wished.value), origin: "https://evil.example" },
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(pendingSet(foreign)).toBeNull();

    const session = { cookie: `${PAGE_SESSION_COOKIE}=${token}` };
    await call(store.app, "POST", "/api/wishlist/add", {
      body: { productId: products.abaya.id },
      token,
      ip: freshIp(),
    });
    const mine = await page("/ar/wishlist", session);
    expect(visibleText(mine.body)).toContain("Test Crepe Abaya");
    const gone = await post("/ar/wishlist", { productId: products.abaya.id }, session);
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe("/ar/wishlist");
    const wishlist = await call(store.app, "GET", "/api/wishlist", { token, ip: freshIp() });
    expect(wishlist.body.wishlist).toEqual([]);
    // Removing what is not there is the state she asked for, not an error.
    expect((await post("/wishlist", { productId: products.abaya.id }, session)).statusCode).toBe(303);
  });
});
