import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  type RunningStore,
  startStore,
  type ViewportName,
} from "./harness.ts";

/**
 * The test payment sandbox's card page (issue 11) in Chromium: accessible, usable by keyboard, and it
 * sends the shopper back to /payment-redirect?checkout={id} after paying or declining. The checkout
 * screens that lead here are tested with the checkout journeys.
 */

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

let phoneCounter = 7_100_000;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A signed-in shopper's started payment for one unit of a demo product in stock. */
async function startPayment(): Promise<{ checkoutUrl: string; paymentId: string }> {
  phoneCounter += 1;
  const phone = `050${phoneCounter}`;
  await post("/api/user/register", { name: "Card Tester", phone, password: "password-1" });
  const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
  const token = login.body.token as string;
  const list = (await (await fetch(`${store.baseUrl}/api/product/list?limit=24`)).json()) as {
    products: {
      _id: string;
      name: string;
      variants: { sku: string; filter_value: string; stock: number | null }[];
    }[];
  };
  const product = list.products.find((p) => p.variants.some((v) => (v.stock ?? 0) > 3))!;
  const variant = product.variants.find((v) => (v.stock ?? 0) > 3)!;
  const started = await post(
    "/api/order/paymennt",
    {
      address: {
        first_name: "Amal",
        address: "Villa 12, Al Barsha 2",
        city: "Dubai",
        state: "Dubai",
        postcode: "00000",
        country: "UAE",
      },
      line_items: [
        {
          product_id: product._id,
          sku_id: variant.sku,
          quantity: "1",
          size: variant.filter_value,
          price: "1",
        },
      ],
    },
    token,
  );
  expect(started.status).toBe(200);
  return { checkoutUrl: started.body.checkoutUrl as string, paymentId: started.body.paymentId as string };
}

describe.each(["phone", "desktop"] as ViewportName[])("the sandbox card page at %s size", (viewport) => {
  it("is accessible, pays with 4242 by keyboard alone, and returns to /payment-redirect", async () => {
    const { checkoutUrl, paymentId } = await startPayment();
    const context = await newContext(browser, viewport, store.baseUrl);
    try {
      const page = await context.newPage();
      await page.goto(checkoutUrl);
      await expect(page.title()).resolves.toBe("Test payment");
      await page.getByRole("heading", { level: 1, name: "Test payment" }).waitFor();
      // Issue 21: it says, before anything else, that it takes no money.
      const notice = page.getByTestId("sandbox-notice");
      await expect.poll(() => notice.isVisible()).toBe(true);
      await expect
        .poll(() => notice.textContent())
        .toBe("This is a test payment page: it takes no money. No card is charged and nothing is paid.");
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/sandbox-${viewport}.png`, fullPage: true });

      await page.getByLabel("Card number").focus();
      await page.keyboard.type("4242 4242 4242 4242");
      await page.keyboard.press("Tab");
      await page.keyboard.type("12/39");
      await page.keyboard.press("Tab");
      await page.keyboard.type("123");
      await page.keyboard.press("Tab");
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("name");
      await page.keyboard.type("Amal Haddad");
      await page.keyboard.press("Tab");
      const button = page.getByRole("button", { name: /^Pay AED/ });
      await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      // The focus ring is visible (an outline, not just the browser default being suppressed).
      await expect(button.evaluate((el) => getComputedStyle(el).outlineStyle)).resolves.toBe("solid");
      await page.keyboard.press("Enter");
      await page.waitForURL(`**/payment-redirect?checkout=${paymentId}`);
    } finally {
      await context.close();
    }
  });

  it("says 'Your card was declined.' for 4000 0000 0000 0002 and returns to the shop by its link", async () => {
    const decline = async (checkoutUrl: string, page: import("playwright-core").Page) => {
      await page.goto(checkoutUrl);
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByLabel("Expiry (MM/YY)").fill("12/39");
      await page.getByLabel("CVC").fill("123");
      await page.getByLabel("Name on card").fill("Amal Haddad");
      await page.getByRole("button", { name: /^Pay AED/ }).click();
      await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    };
    const context = await newContext(browser, viewport, store.baseUrl);
    try {
      const { checkoutUrl, paymentId } = await startPayment();
      const page = await context.newPage();
      await decline(checkoutUrl, page);
      await expectAccessible(page);
      // The page waits for the shopper to read it: it has no timed redirect (no refresh and no script
      // that could move it), and its link returns to the shop.
      await expect.poll(() => page.locator('meta[http-equiv="refresh" i]').count()).toBe(0);
      await expect.poll(() => page.locator("script").count()).toBe(0);
      expect(page.url()).toBe(checkoutUrl);
      await page.getByRole("link", { name: "Return to the shop" }).click();
      await page.waitForURL(`**/payment-redirect?checkout=${paymentId}`);
    } finally {
      await context.close();
    }
  });

  it("marks wrong fields and keeps the attempt open", async () => {
    const { checkoutUrl } = await startPayment();
    const context = await newContext(browser, viewport, store.baseUrl);
    try {
      const page = await context.newPage();
      await page.goto(checkoutUrl);
      await page.getByRole("button", { name: /^Pay AED/ }).click();
      await page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }).waitFor();
      await expect(page.getByLabel("Card number").getAttribute("aria-invalid")).resolves.toBe("true");
      await expectAccessible(page);
      // Cancel is a form's button (a POST), never a link a prefetch or a shared URL could follow.
      await expect.poll(() => page.getByRole("link", { name: "Cancel" }).count()).toBe(0);
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL("**/payment-redirect?checkout=*");
    } finally {
      await context.close();
    }
  });
});
