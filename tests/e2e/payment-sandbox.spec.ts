import type { Page } from "@playwright/test";
import { apiOf, contextOptions, expect, registerShopper, test } from "./fixtures.ts";
import { expectAccessible, type ViewportName } from "./harness.ts";

/**
 * The test payment sandbox's card page (issue 11) in Chromium: accessible, usable by keyboard, and it
 * sends the shopper back to /payment-redirect?checkout={id} after paying or declining. The checkout
 * screens that lead here are tested with the checkout journeys.
 */

/** A signed-in shopper's started payment for one unit of a demo product in stock. */
async function startPayment(
  baseUrl: string,
  workerIndex: number,
): Promise<{ checkoutUrl: string; paymentId: string }> {
  const api = apiOf(baseUrl);
  const { token } = await registerShopper(
    baseUrl,
    { name: "Card Tester", password: "password-1" },
    workerIndex,
  );
  const list = (await api.get("/api/product/list?limit=24")).body as {
    products: {
      _id: string;
      name: string;
      variants: { sku: string; filter_value: string; stock: number | null }[];
    }[];
  };
  const product = list.products.find((p) => p.variants.some((v) => (v.stock ?? 0) > 3))!;
  const variant = product.variants.find((v) => (v.stock ?? 0) > 3)!;
  const started = await api.post(
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

/** The store's return page for this payment (any payment's when `paymentId` is not given). */
const returnPage = (paymentId?: string) => (url: URL) =>
  url.pathname === "/payment-redirect" &&
  (paymentId === undefined
    ? url.searchParams.has("checkout")
    : url.searchParams.get("checkout") === paymentId);

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  test.describe(`the sandbox card page at ${viewport} size`, () => {
    test("is accessible, pays with 4242 by keyboard alone, and returns to /payment-redirect", async ({
      browser,
      store,
    }, info) => {
      const { checkoutUrl, paymentId } = await startPayment(store.baseUrl, info.workerIndex);
      const context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      try {
        const page = await context.newPage();
        await page.goto(checkoutUrl);
        await expect(page).toHaveTitle("Test payment");
        await expect(page.getByRole("heading", { level: 1, name: "Test payment" })).toBeVisible();
        // Issue 21: it says, before anything else, that it takes no money.
        const notice = page.getByTestId("sandbox-notice");
        await expect(notice).toBeVisible();
        await expect(notice).toHaveText(
          "This is a test payment page: it takes no money. No card is charged and nothing is paid.",
        );
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/sandbox-${viewport}.png`, fullPage: true });

        await page.getByLabel("Card number").focus();
        await page.keyboard.type("4242 4242 4242 4242");
        await page.keyboard.press("Tab");
        await page.keyboard.type("12/39");
        await page.keyboard.press("Tab");
        await page.keyboard.type("123");
        await page.keyboard.press("Tab");
        await expect(page.locator("#name")).toBeFocused();
        await page.keyboard.type("Amal Haddad");
        await page.keyboard.press("Tab");
        const button = page.getByRole("button", { name: /^Pay AED/ });
        await expect(button).toBeFocused();
        // The focus ring is visible (an outline, not just the browser default being suppressed).
        await expect(button).toHaveCSS("outline-style", "solid");
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(returnPage(paymentId));
      } finally {
        await context.close();
      }
    });

    test("says 'Your card was declined.' for 4000 0000 0000 0002 and returns to the shop by its link", async ({
      browser,
      store,
    }, info) => {
      const decline = async (checkoutUrl: string, page: Page) => {
        await page.goto(checkoutUrl);
        await page.getByLabel("Card number").fill("4000 0000 0000 0002");
        await page.getByLabel("Expiry (MM/YY)").fill("12/39");
        await page.getByLabel("CVC").fill("123");
        await page.getByLabel("Name on card").fill("Amal Haddad");
        await page.getByRole("button", { name: /^Pay AED/ }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
      };
      const context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      try {
        const { checkoutUrl, paymentId } = await startPayment(store.baseUrl, info.workerIndex);
        const page = await context.newPage();
        await decline(checkoutUrl, page);
        await expectAccessible(page);
        // The page waits for the shopper to read it: it has no timed redirect (no refresh and no script
        // that could move it), and its link returns to the shop.
        await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
        await expect(page.locator("script")).toHaveCount(0);
        await expect(page).toHaveURL(checkoutUrl);
        await page.getByRole("link", { name: "Return to the shop" }).click();
        await expect(page).toHaveURL(returnPage(paymentId));
      } finally {
        await context.close();
      }
    });

    test("marks wrong fields and keeps the attempt open", async ({ browser, store }, info) => {
      const { checkoutUrl } = await startPayment(store.baseUrl, info.workerIndex);
      const context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      try {
        const page = await context.newPage();
        await page.goto(checkoutUrl);
        await page.getByRole("button", { name: /^Pay AED/ }).click();
        await expect(
          page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." }),
        ).toBeVisible();
        await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
        await expectAccessible(page);
        // Cancel is a form's button (a POST), never a link a prefetch or a shared URL could follow.
        await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);
        await page.getByRole("button", { name: "Cancel" }).click();
        await expect(page).toHaveURL(returnPage());
      } finally {
        await context.close();
      }
    });
  });
}
