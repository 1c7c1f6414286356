import type { FastifyInstance, InjectOptions } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/schema.ts";
import { cardPaymentsAvailable, paymentsNotice, publicSiteNotice } from "./going-live.ts";
import { DEMO_OWNER } from "./services/admin-owner.ts";
import { sandboxCredentials } from "./services/index.ts";
import { freshPhone } from "./testing/accounts.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Issue 21, findings 1-4: demo conveniences answer only this machine. A request is local when its peer is
 * loopback AND its Host names localhost; a public visitor, and a proxy on this machine forwarding a public
 * Host, are not. Card payment through a test provider, the sandbox's pages and API, and the demo owner's
 * log-in are refused to them unless switched on; cash on delivery still works.
 */

const PUBLIC = { remoteAddress: "203.0.113.7", host: "shop.example" };
/** A reverse proxy on this machine forwarding the shop's public Host: loopback peer, public Host. */
const PROXIED = { remoteAddress: "127.0.0.1", host: "shop.example" };
const LOCAL = { remoteAddress: "127.0.0.1", host: "localhost:3000" };
type From = typeof PUBLIC;

const DEMO_PASSWORD = "demo-owner-pass-21";

async function send(
  app: FastifyInstance,
  from: From,
  method: "GET" | "POST",
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { host: from.host, ...options.headers };
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await app.inject({
    method,
    url,
    remoteAddress: from.remoteAddress,
    headers,
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  } as InjectOptions);
  let body: Record<string, unknown>;
  try {
    body = res.json() as Record<string, unknown>;
  } catch {
    body = { html: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers, text: res.body };
}

/** A shopper signed up and in through the API (from this machine). */
async function shopper(app: FastifyInstance): Promise<string> {
  const phone = freshPhone();
  const reg = await send(app, LOCAL, "POST", "/api/user/register", {
    body: { name: "Public Shopper", phone, password: "password-1" },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBeLessThan(300);
  const login = await send(app, LOCAL, "POST", "/api/user/login", {
    body: { identifier: phone, password: "password-1" },
  });
  return login.body.token as string;
}

async function orderCounter(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("counters")
    .select("value")
    .where("name", "=", "order_number")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

describe.each(TEST_ENGINES)(
  "a store whose PUBLIC_SITE_URL is public, without Paymennt keys, on $name",
  (engine) => {
    let store: TestStore;
    let token: string;

    beforeAll(async () => {
      store = await createTestStore(engine, {
        env: {
          PUBLIC_SITE_URL: "https://shop.example",
          COD_ENABLED: "true",
          DEMO_OWNER_PASSWORD: DEMO_PASSWORD,
          AUTH_RATE_LIMIT_PER_IP: "100000",
        },
      });
      token = await shopper(store.app);
    });
    afterAll(async () => {
      await store?.close();
    });

    it("tells a public visitor (and one through a local proxy) card payment is unavailable, cash on delivery on; this machine may pay by card", async () => {
      for (const from of [PUBLIC, PROXIED]) {
        const res = await send(store.app, from, "GET", "/api/order/config");
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, codEnabled: true, cardPayments: false });
        expect(res.headers["cache-control"]).toBe("no-store");
      }
      const local = await send(store.app, LOCAL, "GET", "/api/order/config");
      expect(local.body).toMatchObject({ codEnabled: true, cardPayments: true });
    });

    it("refuses a public card payment with 403 card_payments_unavailable before holding stock or taking an order number", async () => {
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const numberBefore = await orderCounter(db);
      for (const from of [PUBLIC, PROXIED]) {
        const res = await send(store.app, from, "POST", "/api/order/paymennt", {
          token,
          body: orderPayload([{ product: p, quantity: 2 }]),
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          success: false,
          code: "card_payments_unavailable",
          message: "Card payment is not available on this site at the moment.",
        });
      }
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      expect(await orderCounter(db)).toBe(numberBefore);
      expect(await db.selectFrom("payments").select("id").execute()).toEqual([]);
      expect(await db.selectFrom("sandbox_checkouts").select("id").execute()).toEqual([]);

      // Cash on delivery still places the order for the same public visitor.
      const cod = await send(store.app, PUBLIC, "POST", "/api/order/place", {
        token,
        body: orderPayload([{ product: p, quantity: 1 }], { price: { payment_mode: "cod", COD: "1" } }),
      });
      expect(cod.status, JSON.stringify(cod.body)).toBe(200);
      expect(cod.body.order).toMatchObject({ status: "Order Placed", paymentStatus: "unpaid" });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 2, held: 0 });
    });

    it("answers the sandbox's pages and API to public visitors with 403, and this machine as before", async () => {
      const keys = await sandboxCredentials(store.database.db, store.config);
      const apiHeaders = { "x-paymennt-api-key": keys.apiKey, "x-paymennt-api-secret": keys.apiSecret };
      for (const from of [PUBLIC, PROXIED]) {
        const page = await send(store.app, from, "GET", "/sandbox/paymennt/pay/abc");
        expect(page.status).toBe(403);
        expect(page.text).toContain("This test payment page answers only on the shop&#39;s own computer.");
        const api = await send(store.app, from, "GET", "/sandbox/paymennt/mer/v2.0/checkout/abc", {
          headers: apiHeaders,
        });
        expect(api.status).toBe(403);
        expect(api.body).toMatchObject({ success: false, result: null });
      }
      expect((await send(store.app, LOCAL, "GET", "/sandbox/paymennt/pay/abc")).status).toBe(404);
      const local = await send(store.app, LOCAL, "GET", "/sandbox/paymennt/mer/v2.0/checkout/abc", {
        headers: apiHeaders,
      });
      expect(local.status).toBe(404);
    });

    it("refuses the demo owner's log-in to public visitors after the right password only; staff sign in from anywhere", async () => {
      const login = (from: From, email: string, password: string) =>
        send(store.app, from, "POST", "/api/admin/login", { body: { email, password } });
      for (const from of [PUBLIC, PROXIED]) {
        const refused = await login(from, DEMO_OWNER.email, DEMO_PASSWORD);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ success: false, code: "demo_owner_local_only" });
        expect(refused.body.message).toContain("npm run admin:create");
        expect(refused.headers["set-cookie"]).toBeUndefined();
        // A wrong password says only that.
        const wrong = await login(from, DEMO_OWNER.email, "not-the-password");
        expect(wrong.status).toBe(401);
        expect(wrong.body.code).toBe("invalid_credentials");
      }
      const local = await login(LOCAL, DEMO_OWNER.email, DEMO_PASSWORD);
      expect(local.status).toBe(200);
      expect(local.body.user).toMatchObject({ role: "owner" });

      const staff = await createRoleUser(store.database.db, "owner");
      const real = await login(PUBLIC, staff.email, ADMIN_TEST_PASSWORD);
      expect(real.status).toBe(200);

      // An account still on the password README once published counts as the demo owner too.
      const old = await createRoleUser(store.database.db, "owner");
      const { hashPassword } = await import("./auth/passwords.ts");
      await store.database.db
        .updateTable("users")
        .set({ password_hash: await hashPassword("noor-owner-demo", 10) })
        .where("id", "=", old.id)
        .execute();
      expect((await login(PUBLIC, old.email, "noor-owner-demo")).body.code).toBe("demo_owner_local_only");
      expect((await login(LOCAL, old.email, "noor-owner-demo")).status).toBe(200);
    });

    it("the dashboard tells the owner why shoppers cannot pay by card", async () => {
      const owner = await createRoleUser(store.database.db, "owner");
      const login = await send(store.app, PUBLIC, "POST", "/api/admin/login", {
        body: { email: owner.email, password: ADMIN_TEST_PASSWORD },
      });
      const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
      const res = await send(store.app, PUBLIC, "GET", "/api/admin/dashboard", { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.body.paymentsNotice).toEqual({
        level: "warning",
        text: expect.stringContaining("Card payments are unavailable to shoppers."),
      });
      const text = (res.body.paymentsNotice as { text: string }).text;
      expect(text).toContain("No Paymennt keys are set");
      expect(text).toContain("answers only visitors on this machine");
      expect(text).toContain("Shoppers can still pay cash on delivery.");
    });
  },
);

describe.each(TEST_ENGINES)("a staging store with both switches on, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine, {
      env: {
        PUBLIC_SITE_URL: "https://staging.example",
        ALLOW_PUBLIC_SANDBOX: "true",
        ALLOW_PUBLIC_DEMO_OWNER: "true",
        DEMO_OWNER_PASSWORD: DEMO_PASSWORD,
      },
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("offers the sandbox and the demo owner's log-in to every visitor", async () => {
    const config = await send(store.app, PUBLIC, "GET", "/api/order/config");
    expect(config.body).toMatchObject({ cardPayments: true });
    expect((await send(store.app, PUBLIC, "GET", "/sandbox/paymennt/pay/abc")).status).toBe(404);
    const login = await send(store.app, PUBLIC, "POST", "/api/admin/login", {
      body: { email: DEMO_OWNER.email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});

describe.each(TEST_ENGINES)("the sandbox behaves like a provider, on $name", (engine) => {
  let store: ListeningStore;
  let db: Kysely<Database>;
  beforeAll(async () => {
    store = await createListeningStore(engine);
    db = store.database.db;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function startPayment() {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const res = await fetch(`${store.base}/api/order/paymennt`, {
      method: "POST",
      headers: { "content-type": "application/json", token: a.token },
      body: JSON.stringify(orderPayload([{ product: p, quantity: 1 }])),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { paymentId: string; checkoutUrl: string };
  }

  const statusOf = async (id: string) =>
    (await db.selectFrom("sandbox_checkouts").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;

  it("never cancels on a GET: 405, the checkout still open", async () => {
    const { paymentId, checkoutUrl } = await startPayment();
    const res = await fetch(`${checkoutUrl}/cancel`, { redirect: "manual" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.text()).toContain("Cancel the payment with the Cancel button on its payment page.");
    expect(await statusOf(paymentId)).toBe("PENDING");
  });

  it("refuses any other key or secret with 401 and tells nobody else a checkout's order or amount", async () => {
    const { paymentId } = await startPayment();
    const keys = await sandboxCredentials(db, store.config);
    const url = `${store.base}/sandbox/paymennt/mer/v2.0/checkout/${paymentId}`;
    const tries: Record<string, string>[] = [
      {},
      { "X-Paymennt-Api-Key": "sandbox-key", "X-Paymennt-Api-Secret": "sandbox-secret" },
      { "X-Paymennt-Api-Key": keys.apiKey, "X-Paymennt-Api-Secret": "wrong-secret" },
      { "X-Paymennt-Api-Key": "wrong-key", "X-Paymennt-Api-Secret": keys.apiSecret },
    ];
    for (const headers of tries) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ success: false, result: null });
      expect(text).not.toContain("NA-");
      expect(text).not.toContain("450");
    }
    const made = await fetch(`${store.base}/sandbox/paymennt/mer/v2.0/checkout/web`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "X-Paymennt-Api-Key": "k",
        "X-Paymennt-Api-Secret": "s",
      },
      body: JSON.stringify({
        requestId: "r-x",
        orderId: "NA-X",
        currency: "AED",
        amount: 1,
        returnUrl: `${store.base}/payment-redirect`,
      }),
    });
    expect(made.status).toBe(401);
    const own = await fetch(url, {
      headers: { "X-Paymennt-Api-Key": keys.apiKey, "X-Paymennt-Api-Secret": keys.apiSecret },
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { result: { amount: number } }).result.amount).toBe(450);
  });

  it("the page says it takes no money, and its Cancel is a POST form", async () => {
    const { checkoutUrl } = await startPayment();
    const html = await (await fetch(checkoutUrl)).text();
    expect(html).toContain("This is a test payment page: it takes no money.");
    expect(html).toMatch(
      /<form class="actions" method="post" action="\/sandbox\/paymennt\/pay\/[0-9a-f]+\/cancel">/,
    );
  });
});

describe.each(TEST_ENGINES)("the public address follows the port, on $name", (engine) => {
  it("staff invitation links name http://localhost:{PORT} when PUBLIC_SITE_URL is unset", async () => {
    const store = await createTestStore(engine, { env: { PORT: "4300", SEED_DEMO: "false" } });
    try {
      expect(store.config.PUBLIC_SITE_URL).toBe("http://localhost:4300");
      const owner = await createRoleUser(store.database.db, "owner");
      const login = await send(store.app, LOCAL, "POST", "/api/admin/login", {
        body: { email: owner.email, password: ADMIN_TEST_PASSWORD },
      });
      const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
      const csrf = login.body.csrfToken as string;
      const email = `invited-${Date.now()}@example.com`;
      const invited = await send(store.app, LOCAL, "POST", "/api/admin/staff", {
        body: { email, name: "Invited Person", phone: freshPhone() },
        headers: { cookie, "x-csrf-token": csrf },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const mail = await store.database.db
        .selectFrom("outbox")
        .select("text_body")
        .where("to_address", "=", email)
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain("http://localhost:4300/forgot-password");
      expect(mail.text_body).not.toContain("localhost:3000");
    } finally {
      await store.close();
    }
  });
});

describe("card payments, the dashboard's notice and the start's line, by configuration", () => {
  const request = (remoteAddress: string, host: string) =>
    ({ socket: { remoteAddress }, headers: { host } }) as unknown as import("node:http").IncomingMessage;
  const publicVisitor = request("203.0.113.7", "shop.example");
  const local = request("::1", "[::1]:3000");
  const keys = { PAYMENNT_API_KEY: "key-12345678", PAYMENNT_API_SECRET: "secret-12345678" };

  it("live keys take anyone's card; test mode and the sandbox only this machine's, unless ALLOW_PUBLIC_SANDBOX", () => {
    const live = loadConfig({ ...keys, PAYMENNT_MODE: "live", PUBLIC_SITE_URL: "https://shop.example" });
    expect(cardPaymentsAvailable(live, publicVisitor)).toBe(true);
    for (const env of [{ ...keys, PAYMENNT_MODE: "test" }, {}]) {
      const config = loadConfig({ ...env, PUBLIC_SITE_URL: "https://shop.example" });
      expect(cardPaymentsAvailable(config, publicVisitor)).toBe(false);
      expect(cardPaymentsAvailable(config, local)).toBe(true);
      expect(cardPaymentsAvailable(config, undefined)).toBe(false);
      const staging = loadConfig({
        ...env,
        PUBLIC_SITE_URL: "https://shop.example",
        ALLOW_PUBLIC_SANDBOX: "true",
      });
      expect(cardPaymentsAvailable(staging, publicVisitor)).toBe(true);
    }
  });

  it("the dashboard says nothing with live keys, and why otherwise", () => {
    expect(paymentsNotice(loadConfig({ ...keys, PAYMENNT_MODE: "live" }), false)).toBeNull();
    const testMode = paymentsNotice(loadConfig({ ...keys, PUBLIC_SITE_URL: "https://shop.example" }), false);
    expect(testMode?.text).toContain("Paymennt is in test mode (PAYMENNT_MODE=test)");
    expect(testMode?.text).toContain("Cash on delivery is off too, so shoppers cannot place orders");
    expect(paymentsNotice(loadConfig({}), false)).toMatchObject({
      level: "info",
      text: expect.stringContaining("This is the demo store on this machine."),
    });
  });

  it("one line at start when PUBLIC_SITE_URL is not this machine, naming what answers only it and what to set", () => {
    expect(publicSiteNotice(loadConfig({}))).toBeUndefined();
    expect(publicSiteNotice(loadConfig({ PORT: "4300" }))).toBeUndefined();
    const line = publicSiteNotice(loadConfig({ PUBLIC_SITE_URL: "https://shop.example" }));
    expect(line).toContain("PUBLIC_SITE_URL (https://shop.example) is not this machine");
    expect(line).toContain("the test payment sandbox");
    expect(line).toContain("the demo owner's log-in");
    expect(line).toContain("PAYMENNT_API_KEY and PAYMENNT_API_SECRET with PAYMENNT_MODE=live");
    expect(line).toContain("SEED_DEMO=false");
    expect(line).not.toContain("\n");
    expect(
      publicSiteNotice(
        loadConfig({
          ...keys,
          PAYMENNT_MODE: "live",
          SEED_DEMO: "false",
          PUBLIC_SITE_URL: "https://shop.example",
        }),
      ),
    ).toBeUndefined();
  });
});
