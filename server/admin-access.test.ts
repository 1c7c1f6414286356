import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSRF_HEADER, ADMIN_SESSION_COOKIE } from "#core/admin.ts";
import { newId } from "./ids.ts";
import { freshIp, freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Who may call what under /api/admin (issue 15; decision 0013): the role matrix over every endpoint,
 * CSRF and Origin refusals that change nothing, the session's life (idle expiry, log-out, demotion), and
 * the helper /admin page loaders use.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const missing = "00000000-0000-7000-8000-000000000000";

/** Every endpoint but log-in/log-out, with a body that passes validation where one is needed. */
const ENDPOINTS: { method: Method; url: string; owner?: boolean; body?: unknown }[] = [
  { method: "GET", url: "/api/admin/me" },
  { method: "GET", url: "/api/admin/dashboard" },
  { method: "GET", url: "/api/admin/products" },
  {
    method: "POST",
    url: "/api/admin/products",
    body: { name: "", slug: "x", category: "graceful-abayas", type: "Abaya", fabric: "Nida", variants: [] },
  },
  { method: "GET", url: `/api/admin/products/${missing}` },
  { method: "PUT", url: `/api/admin/products/${missing}`, body: {} },
  { method: "DELETE", url: `/api/admin/products/${missing}` },
  { method: "POST", url: `/api/admin/products/${missing}/stock`, body: { variantId: missing, delta: 1 } },
  { method: "POST", url: `/api/admin/products/${missing}/archive` },
  { method: "POST", url: `/api/admin/products/${missing}/unarchive` },
  {
    method: "POST",
    url: `/api/admin/products/${missing}/stock/count`,
    body: { variantId: missing, expected: 1, counted: 2 },
  },
  { method: "POST", url: `/api/admin/products/${missing}/publish` },
  { method: "POST", url: `/api/admin/products/${missing}/unpublish` },
  { method: "POST", url: `/api/admin/products/${missing}/images`, body: {} },
  { method: "PUT", url: `/api/admin/products/${missing}/images/order`, body: { imageIds: [missing] } },
  { method: "PATCH", url: `/api/admin/products/${missing}/images/${missing}`, body: { alt: "x" } },
  { method: "DELETE", url: `/api/admin/products/${missing}/images/${missing}` },
  { method: "GET", url: "/api/admin/orders" },
  { method: "GET", url: `/api/admin/orders/${missing}` },
  { method: "POST", url: `/api/admin/orders/${missing}/status`, body: { status: "Packing" } },
  { method: "POST", url: `/api/admin/orders/${missing}/mark-paid` },
  { method: "GET", url: "/api/admin/inbox" },
  { method: "GET", url: `/api/admin/inbox/contact/${missing}` },
  { method: "PATCH", url: `/api/admin/inbox/contact/${missing}`, body: { status: "done" } },
  { method: "POST", url: `/api/admin/inbox/stitching/${missing}/reply`, body: { message: "Hello" } },
  { method: "GET", url: "/api/admin/reviews" },
  { method: "POST", url: `/api/admin/reviews/${missing}/approve` },
  { method: "POST", url: `/api/admin/reviews/${missing}/reject` },
  { method: "POST", url: `/api/admin/reviews/${missing}/hide` },
  { method: "POST", url: `/api/admin/reviews/${missing}/restore` },
  { method: "GET", url: "/api/admin/blog" },
  { method: "POST", url: "/api/admin/blog", body: { title: "" } },
  { method: "GET", url: `/api/admin/blog/${missing}` },
  { method: "PUT", url: `/api/admin/blog/${missing}`, body: {} },
  { method: "POST", url: `/api/admin/blog/${missing}/publish` },
  { method: "POST", url: `/api/admin/blog/${missing}/unpublish` },
  { method: "POST", url: `/api/admin/blog/${missing}/cover`, body: {} },
  { method: "GET", url: "/api/admin/settings", owner: true },
  { method: "PUT", url: "/api/admin/settings", owner: true, body: { lowStockThreshold: -1 } },
  { method: "GET", url: "/api/admin/staff", owner: true },
  { method: "POST", url: "/api/admin/staff", owner: true, body: { email: "not-an-email" } },
  { method: "PATCH", url: `/api/admin/staff/${missing}`, owner: true, body: { role: "staff" } },
  { method: "DELETE", url: `/api/admin/staff/${missing}`, owner: true },
  { method: "GET", url: "/api/admin/audit", owner: true },
  { method: "GET", url: "/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30", owner: true },
  { method: "GET", url: "/api/admin/exports/products.csv", owner: true },
  { method: "GET", url: "/api/admin/promotions" },
  {
    method: "POST",
    url: "/api/admin/promotions",
    owner: true,
    body: { code: "", kind: "percent", value: 1 },
  },
  { method: "PATCH", url: `/api/admin/promotions/${missing}`, owner: true, body: { active: false } },
  { method: "GET", url: "/api/admin/stitching-styles" },
  { method: "GET", url: `/api/admin/stitching-styles/${missing}` },
  { method: "POST", url: "/api/admin/stitching-styles", owner: true, body: { name: "" } },
  { method: "PATCH", url: `/api/admin/stitching-styles/${missing}`, owner: true, body: { active: false } },
  { method: "POST", url: `/api/admin/stitching-styles/${missing}/image`, owner: true, body: {} },
  { method: "GET", url: `/api/admin/orders/${missing}/workshop` },
  { method: "POST", url: `/api/admin/orders/${missing}/lines/${missing}/step`, body: { step: "cutting" } },
];

describe.each(TEST_ENGINES)("back-office access on $name", (engine) => {
  let store: TestStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let customerToken: string;
  let ownerUser: { id: string; email: string };
  let staffUser: { id: string; email: string };

  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false", AUTH_RATE_LIMIT_PER_IP: "100000" } });
    const db = store.database.db;
    ownerUser = await createRoleUser(db, "owner");
    staffUser = await createRoleUser(db, "staff");
    owner = await adminLogin(store.app, ownerUser.email);
    staff = await adminLogin(store.app, staffUser.email);
    // A shopper signed in on the storefront: their token must open nothing here.
    const phone = freshPhone();
    await store.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: { name: "Shopper", phone, password: "password-1" },
    });
    const login = await store.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { identifier: phone, password: "password-1" },
    });
    customerToken = login.json().token;
    expect(customerToken).toBeTruthy();
  });
  afterAll(async () => {
    await store?.close();
  });

  async function raw(method: Method, url: string, headers: Record<string, string>, body?: unknown) {
    const res = await store.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      body: res.json() as { success: boolean; code?: string; message?: string },
    };
  }

  describe.each(ENDPOINTS)("$method $url", ({ method, url, owner: ownerOnly, body }) => {
    it("answers 401 unauthenticated without a session", async () => {
      const res = await raw(method, url, {}, body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: "unauthenticated" });
    });

    it("answers 403 forbidden to a shopper's storefront token", async () => {
      const res = await raw(method, url, { token: customerToken }, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: "forbidden" });
    });

    it(ownerOnly ? "answers 403 forbidden to staff" : "lets staff through the role check", async () => {
      const res = await staff.call(method, url, body);
      if (ownerOnly) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("forbidden");
      } else {
        expect([401, 403]).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      }
    });

    it("lets the owner through the role check", async () => {
      const res = await owner.call(method, url, body);
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(typeof res.body.code).toBe("string");
    });
  });

  it("GET /api/admin/me names the user, the role and the CSRF token", async () => {
    const me = await owner.call("GET", "/api/admin/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      user: { id: ownerUser.id, email: ownerUser.email, role: "owner" },
      csrfToken: owner.csrf,
    });
    const staffMe = await staff.call("GET", "/api/admin/me");
    expect(staffMe.body).toMatchObject({ user: { role: "staff" } });
  });

  it("sets an httpOnly, SameSite=Strict session cookie, and refuses a customer's right password", async () => {
    const customer = await createRoleUser(store.database.db, "customer");
    const res = await store.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "x-forwarded-for": freshIp() },
      payload: { email: customer.email, password: "back-office-pass-1" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
    expect(res.headers["set-cookie"]).toBeUndefined();

    const ok = await store.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "x-forwarded-for": freshIp() },
      payload: { email: staffUser.email, password: "back-office-pass-1" },
    });
    const cookie = String(ok.headers["set-cookie"]);
    expect(cookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=[\\w-]{40,};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(ok.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a wrong password with 401, then rate-limits the log-in with 429", async () => {
    const ip = freshIp();
    const attempt = () =>
      store.app.inject({
        method: "POST",
        url: "/api/admin/login",
        headers: { "x-forwarded-for": ip },
        payload: { email: ownerUser.email, password: "wrong-password" },
      });
    const first = await attempt();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: "invalid_credentials" });
    let last = first;
    // AUTH_RATE_LIMIT_PER_IDENTIFIER (10) attempts per client at one account, then 429.
    for (let i = 0; i < 10; i++) last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ success: false, code: "rate_limited" });
    expect(last.headers["retry-after"]).toBeTruthy();
  });

  describe("CSRF and Origin: a refused change changes nothing", () => {
    const change = { lowStockThreshold: 9 };
    async function threshold() {
      return (await owner.call("GET", "/api/admin/settings")).body.settings as { lowStockThreshold: number };
    }

    it.each([
      ["no CSRF token", { [ADMIN_CSRF_HEADER]: "" }],
      ["a wrong CSRF token", { [ADMIN_CSRF_HEADER]: "not-the-token" }],
      ["a foreign Origin", { origin: "https://evil.example" }],
      ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
    ])("refuses %s with 403 csrf", async (_name, headers) => {
      const before = await threshold();
      const res = await owner.call("PUT", "/api/admin/settings", change, headers);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: "csrf" });
      expect(await threshold()).toEqual(before);
    });

    it("accepts the same change with the token and this site's Origin", async () => {
      const res = await owner.call("PUT", "/api/admin/settings", change, { origin: "http://localhost:3000" });
      expect(res.status).toBe(200);
      expect((await threshold()).lowStockThreshold).toBe(9);
    });

    it("refuses a log-in posted from another site", async () => {
      const res = await store.app.inject({
        method: "POST",
        url: "/api/admin/login",
        headers: { origin: "https://evil.example", "x-forwarded-for": freshIp() },
        payload: { email: ownerUser.email, password: "back-office-pass-1" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "csrf" });
    });
  });

  it("a session ends after ADMIN_IDLE_MINUTES without a request", async () => {
    const client = await adminLogin(store.app, staffUser.email);
    expect((await client.call("GET", "/api/admin/me")).status).toBe(200);
    const idle = new Date(Date.now() - (store.config.ADMIN_IDLE_MINUTES * 60_000 + 1000)).toISOString();
    await store.database.db.updateTable("admin_sessions").set({ last_seen_at: idle }).execute();
    const after = await client.call("GET", "/api/admin/me");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("unauthenticated");
    // Every session idled; the shared clients log in again.
    owner = await adminLogin(store.app, ownerUser.email);
    staff = await adminLogin(store.app, staffUser.email);
  });

  it("log-out ends the session server-side: the same cookie opens nothing afterwards", async () => {
    const client = await adminLogin(store.app, staffUser.email);
    const out = await client.call("POST", "/api/admin/logout");
    expect(out.status).toBe(200);
    expect((await client.call("GET", "/api/admin/me")).status).toBe(401);
  });

  it("demoting a staff member ends their sessions at once", async () => {
    const person = await createRoleUser(store.database.db, "staff");
    const client = await adminLogin(store.app, person.email);
    const demoted = await owner.call("DELETE", `/api/admin/staff/${person.id}`);
    expect(demoted.status).toBe(200);
    expect((await client.call("GET", "/api/admin/dashboard")).status).toBe(401);
    const row = await store.database.db
      .selectFrom("users")
      .select("role")
      .where("id", "=", person.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("customer");
  });

  it("the page loaders' helper reads the session from a Cookie header", async () => {
    const found = await store.services.admin.sessionFromCookie(`other=1; ${owner.cookie}`);
    expect(found?.user).toMatchObject({ id: ownerUser.id, role: "owner" });
    expect(found?.csrfToken).toBe(owner.csrf);
    expect(await store.services.admin.sessionFromCookie(`${ADMIN_SESSION_COOKIE}=${newId()}`)).toBeNull();
    expect(await store.services.admin.sessionFromCookie(null)).toBeNull();
  });

  it("keeps the shop's last owner: the only owner cannot be demoted", async () => {
    const res = await owner.call("PATCH", `/api/admin/staff/${ownerUser.id}`, { role: "staff" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("last_owner");
    const me = await owner.call("GET", "/api/admin/me");
    expect(me.body).toMatchObject({ user: { role: "owner" } });
  });
});
