import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "#core/catalog.ts";
import {
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { checkScreen, expectToast, fillAddress, logIn, registerVerified } from "./shopper.ts";

/**
 * Issue 21: a shop that started with a public PUBLIC_SITE_URL and no Paymennt keys. Its shopper is not on
 * the shop's machine: Chromium resolves shop.test to this machine, so every request has a loopback peer but
 * the public Host `shop.test` (as behind a proxy on the same machine), which is not local. She sees card
 * payment unavailable, with the sentence saying so, on the page the server draws and after a navigation
 * inside the store, and places a cash-on-delivery order.
 */

const DATABASE: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
  : {};
const CARD_UNAVAILABLE = "Card payment is not available on this site at the moment.";

let store: RunningStore;
let browser: Browser;
let product: ProductDto;
let shopUrl: string;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({
      // NODE_ENV=test: the dev outbox exists, so the account can be verified with its e-mailed code.
      NODE_ENV: "test",
      PASSWORD_HASH_COST: "10",
      PUBLIC_SITE_URL: "https://shop.example",
      COD_ENABLED: "true",
      ...DATABASE,
    }),
    launchBrowser(["--host-resolver-rules=MAP shop.test 127.0.0.1"]),
  ]);
  shopUrl = store.baseUrl.replace("127.0.0.1", "shop.test");
  const { products } = (await (await fetch(`${store.baseUrl}/api/product/list`)).json()) as {
    products: ProductDto[];
  };
  const found = products.find((p) => (p.variants[0]?.stock ?? 0) >= 5);
  expect(found).toBeDefined();
  product = found!;
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

async function expectCardUnavailable(page: Page) {
  const card = page.getByTestId("payment-online");
  await expect.poll(() => card.getByRole("radio").isDisabled()).toBe(true);
  await expect.poll(() => card.textContent()).toContain(CARD_UNAVAILABLE);
  const cod = page.getByTestId("payment-cod").getByRole("radio");
  await expect.poll(() => cod.isEnabled()).toBe(true);
  await expect.poll(() => cod.isChecked()).toBe(true);
  await expect.poll(() => page.getByTestId("no-payment-method").count()).toBe(0);
}

describe("a shopper on the public address of a shop without Paymennt keys", () => {
  let context: BrowserContext;
  const account = {
    name: "Salma",
    phone: "0503334455",
    email: "salma@example.com",
    password: "salma-pass-123",
  };

  beforeAll(async () => {
    context = await newContext(browser, "desktop", shopUrl);
    await registerVerified(store.baseUrl, account);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("sees card payment unavailable at checkout, and places a cash-on-delivery order", {
    timeout: 120_000,
  }, async () => {
    const page = await openPage(context, "/login");
    expect(new URL(page.url()).host).toBe(new URL(shopUrl).host);
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
      first: "Salma",
      address: "Flat 8, Al Mamzar",
      city: "Dubai",
      state: "Dubai",
      postcode: "00000",
    });
    await form.getByRole("button", { name: "Save Address" }).click();
    await expectToast(page, "Address Added");
    // After a navigation inside the store, the form asked /api/order/config.
    await expectCardUnavailable(page);

    // The page as the server draws it says the same.
    await page.goto("/checkout");
    await waitForHydration(page);
    await page.getByTestId("order-summary").getByTestId("summary-line").first().waitFor();
    await expectCardUnavailable(page);
    await checkScreen(page);

    const button = page.getByTestId("place-order");
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expectToast(page, "Order Placed");
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/account");
    await waitForHydration(page);
    const order = page.getByTestId("order").first();
    await order.waitFor();
    await expect.poll(() => order.getByTestId("order-status").textContent()).toContain("Order Placed");
  });

  it("is refused the test payment page itself", { timeout: 60_000 }, async () => {
    const page = await context.newPage();
    const answer = await page.goto("/sandbox/paymennt/pay/0123456789abcdef01234567");
    expect(answer?.status()).toBe(403);
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain("This test payment page answers only on the shop's own computer.");
    await page.close();
  });
});
