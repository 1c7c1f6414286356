import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_COOKIE, cartCookieValue } from "#core/cart-cookie.ts";
import { SESSION_COOKIE } from "#core/session-cookie.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { ADDRESS, addTestProduct, type TestProduct } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * /checkout drawn by the server (decision 0011): the browser keeps a copy of the session token in a cookie
 * that only /checkout receives, and the page's first HTML then carries the whole form with the shopper's
 * own saved addresses and the priced cart. A copy the API would refuse draws the page as before.
 */
describe.each(TEST_ENGINES)("/checkout drawn from the session's cookie copy on $name", (engine) => {
  let store: TestStore;
  let product: TestProduct;
  let cartCookie: string;

  async function shopper(street: string | null) {
    const phone = freshPhone();
    const ip = freshIp();
    const reg = await call(store.app, "POST", "/api/user/register", {
      body: { name: "Checkout Reader", phone, password: "password-1" },
      ip,
    });
    expect(reg.status).toBe(201);
    const login = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: phone, password: "password-1" },
      ip,
    });
    const token = String(login.body.token);
    if (street) {
      const saved = await call(store.app, "POST", "/api/address/save", {
        body: { address: { ...ADDRESS, address: street } },
        token,
      });
      expect(saved.status).toBe(201);
    }
    return { token, phone };
  }

  const page = (path: string, cookie: string) =>
    store.app.inject({ method: "GET", url: path, headers: { cookie, "user-agent": "Mozilla/5.0" } });

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { SEED_DEMO: "false" } });
    product = await addTestProduct(store.database.db, {
      name: "Cookie Copy Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }],
    });
    const line = {
      _id: product.productId,
      slug: product.slug,
      name: product.name,
      image: "",
      price: 1,
      selectedSize: "M/54",
      selectedColor: "Black",
      quantity: 2,
    };
    cartCookie = `${CART_COOKIE}=${cartCookieValue([line])}`;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("carries the shopper's own addresses, the priced cart and Place Order, and is never kept", async () => {
    const amal = await shopper("Villa 12, Street 4, Al Barsha 2");
    const noor = await shopper("Apartment 9, Marina Heights");
    for (let i = 0; i < 2; i++) {
      const res = await page("/checkout", `${cartCookie}; ${SESSION_COOKIE}=${amal.token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-cache"]).toBeUndefined();
      const text = visibleText(res.body);
      expect(text).toContain("Villa 12, Street 4, Al Barsha 2");
      expect(text).toContain("Cookie Copy Abaya");
      // The server's price, not the cookie's: two at AED 450.
      expect(text).toContain("AED 900");
      expect(text).toContain("Place Order");
      expect(text).not.toContain("Loading checkout");
      // Another shopper's addresses are never in it, not even in the hydration data.
      expect(res.body).not.toContain("Marina Heights");
    }
    const other = await page("/checkout", `${cartCookie}; ${SESSION_COOKIE}=${noor.token}`);
    expect(visibleText(other.body)).toContain("Apartment 9, Marina Heights");
    expect(other.body).not.toContain("Al Barsha 2");
  });

  it("opens the address form at once for a shopper with no saved address", async () => {
    const fresh = await shopper(null);
    const res = await page("/checkout", `${cartCookie}; ${SESSION_COOKIE}=${fresh.token}`);
    const text = visibleText(res.body);
    expect(text).toContain("You have no saved addresses yet.");
    expect(res.body).toContain('data-testid="address-form"');
    expect(text).toContain("Place Order");
  });

  it("draws the Arabic checkout the same way", async () => {
    const amal = await shopper("Villa 7, Street 9, Al Wasl");
    const res = await page("/ar/checkout", `${cartCookie}; ${SESSION_COOKIE}=${amal.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(visibleText(res.body)).toContain("Villa 7, Street 9, Al Wasl");
  });

  it("draws the loading line, and no account data, for a missing, forged or ended session", async () => {
    const amal = await shopper("Villa 3, Street 1, Mirdif");
    const [head, claims, signature] = amal.token.split(".");
    const forged = `${head}.${claims}.${signature!.slice(0, -4)}AAAA`;
    // A password change ends every earlier session (SPEC §4); the old token is refused from then on.
    const changed = await call(store.app, "POST", "/api/user/change-password", {
      body: { currentPassword: "password-1", newPassword: "password-2" },
      token: amal.token,
    });
    expect(changed.status).toBe(200);
    expect((await call(store.app, "GET", "/api/address/get", { token: amal.token })).status).toBe(401);
    for (const cookie of [
      cartCookie,
      `${cartCookie}; ${SESSION_COOKIE}=${forged}`,
      `${cartCookie}; ${SESSION_COOKIE}=${amal.token}`,
      `${cartCookie}; ${SESSION_COOKIE}=not-a-token`,
    ]) {
      const res = await page("/checkout", cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(visibleText(res.body), cookie).toContain("Loading checkout");
      expect(res.body, cookie).not.toContain("Mirdif");
    }
    // The new session's copy draws the page again.
    const renewed = await page("/checkout", `${cartCookie}; ${SESSION_COOKIE}=${String(changed.body.token)}`);
    expect(visibleText(renewed.body)).toContain("Villa 3, Street 1, Mirdif");
  });

  it("is read by /checkout only: the API never takes the cookie for the token header", async () => {
    const amal = await shopper("Villa 5, Street 2, Jumeirah");
    const res = await store.app.inject({
      method: "GET",
      url: "/api/address/get",
      headers: { cookie: `${SESSION_COOKIE}=${amal.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("Jumeirah");
  });

  it("draws card payment unavailable for a visitor that is not local (issue 21), and offered on this machine", async () => {
    const salma = await shopper("Flat 8, Al Mamzar");
    const cookie = `${cartCookie}; ${SESSION_COOKIE}=${salma.token}`;
    const from = async (remoteAddress: string, host: string) => {
      const res = await store.app.inject({
        method: "GET",
        url: "/checkout",
        remoteAddress,
        headers: { cookie, host, "user-agent": "Mozilla/5.0" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      return res.body;
    };
    const onlineRadio = (html: string) => /<input[^>]*value="online"[^>]*>/.exec(html)?.[0] ?? "";
    for (const [remoteAddress, host] of [
      ["203.0.113.7", "shop.example"],
      ["127.0.0.1", "shop.example"],
    ] as const) {
      const html = await from(remoteAddress, host);
      const text = visibleText(html);
      expect(text).toContain("Flat 8, Al Mamzar");
      expect(text).toContain("Card payment is not available on this site at the moment.");
      // Cash on delivery is off in this store: the page says no order can be placed.
      expect(text).toContain("neither card payment nor cash on delivery is available");
      expect(onlineRadio(html)).toContain("disabled");
      expect(html).toMatch(/data-testid="place-order"[^>]*disabled|disabled[^>]*data-testid="place-order"/);
    }
    const local = await from("127.0.0.1", "localhost:3000");
    expect(visibleText(local)).not.toContain("Card payment is not available");
    expect(onlineRadio(local)).not.toContain("disabled");
  });
});
