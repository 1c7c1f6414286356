import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductDto } from "#core/catalog.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { orderPayload, submitCard } from "../../server/testing/checkout.ts";
import {
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { checkScreen, expectToast, fillAddress, logIn, registerVerified, toast } from "./shopper.ts";

/**
 * Issue 24's shopper journeys (decision 0031): she pays by card on the sandbox, cancels the order from My
 * Account and sees it 'Cancelled' and 'Refunded', with the refund's mail in the store's outbox; and after
 * a cash-on-delivery order, the 'Order Placed' toast names the order and links to it in My Account. Real
 * store process, real payment client talking to the sandbox over HTTP, real Chromium.
 */

/** E2E_DATABASE_URL=postgres://… runs the journeys on PostgreSQL (a fresh database); SQLite otherwise. */
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-aftersale-"));
const databaseUrl = process.env.E2E_DATABASE_URL ?? `file:${join(dataDir, "store.db")}`;
let owner: { email: string; name: string };

/** Screens wait for the server (a refund, a list read again): polls wait longer than vitest's 1 s. */
const WAIT = { timeout: 20_000 };

let store: RunningStore;
let browser: Browser;
let product: ProductDto;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({
      // NODE_ENV=test: the dev outbox exists (accounts verified with their code, mails read back).
      NODE_ENV: "test",
      PASSWORD_HASH_COST: "10",
      OTP_RESEND_SECONDS: "0",
      COD_ENABLED: "true",
      DATABASE_URL: databaseUrl,
    }),
    launchBrowser(),
  ]);
  // The owner, written through the same repository the admin:create script uses.
  const database = openDatabase(databaseUrl);
  try {
    owner = await createRoleUser(database.db, "owner");
  } finally {
    await database.close();
  }
  const { products } = (await (await fetch(`${store.baseUrl}/api/product/list`)).json()) as {
    products: ProductDto[];
  };
  const found = products.find((p) => (p.variants[0]?.stock ?? 0) >= 20);
  expect(found).toBeDefined();
  product = found!;
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in, puts one piece in the cart, saves a first address on /checkout; the page stays there. */
async function atCheckout(context: BrowserContext, account: { email: string; password: string }) {
  const page = await openPage(context, "/login");
  await logIn(page, account.email, account.password);
  await page.waitForURL(/\/shop$/);
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await page.getByTestId("add-to-cart").click();
  await page.waitForURL(/\/cart$/);
  await page
    .getByRole("link", { name: "Proceed to Checkout" })
    .or(page.getByRole("button", { name: "Proceed to Checkout" }))
    .click();
  await page.waitForURL(/\/checkout$/);
  const form = page.getByTestId("address-form");
  await form.waitFor();
  await fillAddress(form, {
    first: "Noura",
    last: "Saeed",
    address: "Villa 7, Street 9",
    city: "Dubai",
    state: "Dubai",
    postcode: "00000",
  });
  await form.getByRole("button", { name: "Save Address" }).click();
  await expectToast(page, "Address Added");
  return page;
}

async function outboxSubjects(to: string): Promise<string[]> {
  const { mails } = (await (await fetch(`${store.baseUrl}/dev/outbox.json`)).json()) as {
    mails: { to: string; subject: string }[];
  };
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()).map((m) => m.subject);
}

async function openOrder(page: Page, number: string) {
  const order = page.getByTestId("order").filter({ hasText: number });
  await order.getByTestId("order-open").click();
  const detail = page.getByTestId("order-detail");
  await detail.waitFor();
  return detail;
}

describe("after the sale", () => {
  // Each shopper in a browser of her own (the first one's session would send the second past /login).
  let context: BrowserContext;
  beforeEach(async () => {
    context = await newContext(browser, "desktop", store.baseUrl);
  });
  afterEach(() => context.close());

  it("pays by card on the sandbox, cancels from My Account, and sees 'Cancelled' and 'Refunded'", {
    timeout: 120_000,
  }, async () => {
    const account = {
      name: "Noura",
      phone: "0507778899",
      email: "noura.cancel@example.com",
      password: "cancel-pass-123",
    };
    await registerVerified(store.baseUrl, account);
    const page = await atCheckout(context, account);
    const button = page.getByTestId("place-order");
    await expect.poll(() => button.textContent(), WAIT).toBe("Place Order");
    await button.click();
    await page.waitForURL(/\/sandbox\/paymennt\/pay\//);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on card").fill("Noura Saeed");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.waitForURL(/\/account$/, { timeout: 10_000 });

    const row = page.getByTestId("order").first();
    await row.waitFor();
    const number = (await row.getAttribute("data-order-number")) ?? "";
    expect(number).toMatch(/^NA-\d+$/);
    const detail = await openOrder(page, number);
    const panel = detail.getByTestId("order-cancel");
    await panel.waitFor();
    await expect.poll(() => panel.textContent(), WAIT).toContain("You can cancel this order until");
    await expect.poll(() => detail.getByTestId("order-payment-status").textContent(), WAIT).toBe("Paid");
    await checkScreen(page);

    // She asks, is asked once more, and confirms; the confirming button has the focus.
    await panel.getByTestId("order-cancel-button").click();
    const confirm = panel.getByTestId("order-cancel-confirm");
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await expect.poll(() => panel.textContent(), WAIT).toContain(`Cancel order ${number}?`);
    await confirm.click();

    const done = detail.getByTestId("order-cancelled");
    await expect.poll(() => done.textContent(), WAIT).toContain("Your order is cancelled and");
    await expect.poll(() => done.textContent(), WAIT).toContain("is refunded to your card");
    await expect.poll(() => detail.getByTestId("order-status").textContent(), WAIT).toContain("Cancelled");
    await expect.poll(() => detail.getByTestId("order-payment-status").textContent(), WAIT).toBe("Refunded");
    await expect.poll(() => detail.getByTestId("order-cancel").count(), WAIT).toBe(0);
    await checkScreen(page);

    // The list reads it again: cancelled and refunded; the refund's mail waits in the store's outbox.
    await page.getByRole("link", { name: "Back to My Orders" }).click();
    const listed = page.getByTestId("order").filter({ hasText: number });
    await expect.poll(() => listed.getByTestId("order-status").textContent(), WAIT).toContain("Cancelled");
    await expect
      .poll(() => listed.getByTestId("order-list-payment").textContent(), WAIT)
      .toContain("Refunded");
    await expect
      .poll(async () =>
        (await outboxSubjects(account.email)).some((s) => s.includes(`Refund of`) && s.includes(number)),
      )
      .toBe(true);
    await expect
      .poll(async () => (await outboxSubjects(account.email)).some((s) => s.includes(`${number}: Cancelled`)))
      .toBe(true);
    await page.close();
  });

  it("places a cash-on-delivery order: the 'Order Placed' toast names it and links to it in My Account", {
    timeout: 120_000,
  }, async () => {
    const account = {
      name: "Hessa",
      phone: "0506667788",
      email: "hessa.cod@example.com",
      password: "cod-pass-1234",
    };
    await registerVerified(store.baseUrl, account);
    const page = await atCheckout(context, account);
    await page.getByTestId("payment-cod").click();
    await expect.poll(() => page.getByTestId("payment-cod").getByRole("radio").isChecked(), WAIT).toBe(true);
    await page.getByTestId("place-order").click();
    await expectToast(page, "Order Placed");
    await page.waitForURL((url) => url.pathname === "/");
    const link = toast(page, "Order Placed").getByTestId("order-placed-link");
    await expect.poll(() => link.textContent(), WAIT).toMatch(/^View order NA-\d+ in My Account$/);
    const number = /NA-\d+/.exec((await link.textContent()) ?? "")?.[0] ?? "";
    await link.click();
    await page.waitForURL(/\/account\?tab=orders&order=/);
    const detail = page.getByTestId("order-detail");
    await detail.waitFor();
    await expect
      .poll(() => detail.locator("#order-detail-title").textContent(), WAIT)
      .toBe(`Order ${number}`);
    await expect
      .poll(() => detail.getByTestId("order-payment-status").textContent())
      .toBe("To be paid on delivery");
    await detail.getByTestId("order-cancel").waitFor();
    await checkScreen(page);

    // The same order on /ar: the panel in Arabic, the order's number isolated in the question.
    await page.goto(new URL(page.url()).pathname.replace(/^/, "/ar") + new URL(page.url()).search);
    await waitForHydration(page);
    const arabic = page.getByTestId("order-cancel");
    await arabic.waitFor();
    await expect.poll(() => arabic.locator("h4").textContent(), WAIT).toBe("إلغاء هذا الطلب");
    await expect.poll(() => arabic.textContent(), WAIT).toContain("يمكنكِ إلغاء هذا الطلب حتى");
    await arabic.getByTestId("order-cancel-button").click();
    await expect
      .poll(() => arabic.textContent(), WAIT)
      .toContain(`هل تريدين إلغاء الطلب \u2066${number}\u2069؟`);
    await checkScreen(page);
    await page.close();
  });

  it("refunds from the back office's panel under one Idempotency-Key per form, the button disabled in flight, beside the dashboard's refunded figure; once packing, the shopper's page says why she cannot cancel", {
    timeout: 120_000,
  }, async () => {
    // A card order paid on the sandbox, placed through the API as the checkout would.
    const shopper = {
      name: "Maha",
      phone: "0505556677",
      email: "maha.refund@example.com",
      password: "refund-pass-123",
    };
    await registerVerified(store.baseUrl, shopper);
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${store.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const { token } = (await call("/api/user/login", {
      identifier: shopper.email,
      password: shopper.password,
    })) as { token: string };
    const variant = product.variants[0]!;
    const payload = orderPayload([
      {
        product: {
          productId: product._id,
          slug: product.slug,
          name: product.name,
          variants: [{ variantId: variant._id, sku: variant.sku, size: variant.filter_value }],
        },
        quantity: 2,
      },
    ]);
    const started = await call("/api/order/paymennt", payload, token);
    await submitCard(String(started.checkoutUrl));
    const verified = await call("/api/order/verifyPaymennt", { paymentId: started.paymentId }, token);
    const order = verified.order as { _id: string; orderNumber: string };
    expect(order.orderNumber).toMatch(/^NA-\d+$/);

    const page = await openPage(context, "/admin/login");
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("dashboard-figures").waitFor();
    const refundedToday = page.getByTestId("refunded-today");
    await expect.poll(() => refundedToday.textContent(), WAIT).toContain("Refunded today");

    const keys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/admin/orders/${order._id}/refunds`))
        keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await page.goto(`/admin/orders/${order._id}`);
    const panel = page.getByTestId("order-refunds");
    await panel.waitFor();
    const form = page.getByRole("form", { name: "Refund" });
    await form.getByLabel("An amount").check();
    await form.getByLabel("Amount (AED)").fill("10");
    await form.getByLabel("Reason").fill("Goodwill");
    // Held in the network: the button is disabled while the refund is on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/orders/${order._id}/refunds`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const refund = form.getByRole("button", { name: "Refund" });
    await refund.click();
    await expect.poll(() => form.getByRole("button", { name: "Refunding…" }).isDisabled(), WAIT).toBe(true);
    release();
    await expect.poll(() => panel.textContent(), WAIT).toContain("Partly refunded");
    await page.unroute(`**/api/admin/orders/${order._id}/refunds`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,200}$/);

    // The next refund is a new form: a new key.
    await form.getByLabel("An amount").check();
    await form.getByLabel("Amount (AED)").fill("5");
    await form.getByLabel("Reason").fill("Late delivery");
    await form.getByRole("button", { name: "Refund" }).click();
    await expect.poll(() => keys.length, WAIT).toBe(2);
    expect(keys[1]).not.toBe(keys[0]);
    await expect
      .poll(async () => (await panel.textContent())?.replace(/\s/g, " "))
      .toContain("refunded AED 15");

    await checkScreen(page);

    // The owner starts packing it: the shopper's button is gone and a sentence says why.
    await page.getByRole("button", { name: "Move to Packing" }).click();
    await expect.poll(() => page.getByTestId("order-events").textContent(), WAIT).toContain("Packing");
    const shopperPage = await context.newPage();
    await shopperPage.addInitScript((t) => localStorage.setItem("store.token", t), token);
    await shopperPage.goto(`/account?tab=orders&order=${order._id}`);
    const detail = shopperPage.getByTestId("order-detail");
    await detail.waitFor();
    await expect
      .poll(() => detail.getByTestId("order-cancel-closed").textContent(), WAIT)
      .toBe(
        "This order is already being prepared, so it can no longer be cancelled here. Contact us if you need to change it.",
      );
    expect(await detail.getByTestId("order-cancel-button").count()).toBe(0);
    await expect
      .poll(() => detail.getByTestId("order-payment-status").textContent(), WAIT)
      .toBe("Partly refunded");
    await checkScreen(shopperPage);
    await shopperPage.close();

    // The shopper sees it partly refunded.
    const mine = (await call("/api/order/userorders", {}, token)).orders as {
      _id: string;
      paymentStatus: string;
    }[];
    expect(mine.find((o) => o._id === order._id)?.paymentStatus).toBe("partly_refunded");
    await page.close();
  });
});
