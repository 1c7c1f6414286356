import type { BrowserContext } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { apiOf, createOwner, expect, type RunningStore, registerShopper, storeOf, test } from "./fixtures.ts";
import { expectAccessible, openPage, waitForHydration } from "./harness.ts";
import { CartPage, CheckoutPage, ProductPage, SandboxCardPage } from "./pages/index.ts";
import { checkScreen, expectToast } from "./shopper.ts";

/**
 * Issue 28's journey on a phone: the owner creates a discount code in the back office; a shopper arrives
 * through its link (`/?code=…`), sees the discount in the cart and at checkout, pays the discounted total by
 * card on the payment sandbox, and her invoice shows the discount line. A code the server refuses says
 * why, in English and in Arabic. Real store process, real payment client and sandbox, real Chromium.
 */

/** E2E_DATABASE_URL=postgres://… runs the journey on PostgreSQL (a fresh database); SQLite otherwise. */
test.use({
  storeEnv: {
    NODE_ENV: "test",
    OTP_RESEND_SECONDS: "0",
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  },
});

const CODE = `EID${Date.now() % 1000}`;

/**
 * A long journey's ceiling: on a two-core machine under heavy load a navigation alone can take 20 s, and
 * 120 s was exceeded there by journeys that pass in 60 s otherwise. A ceiling only: every step still waits
 * for what it asserts, within the expect timeout.
 */
const JOURNEY_TIMEOUT = 240_000;

let store: RunningStore;
let context: BrowserContext;
let product: ProductDto;

test.beforeAll(async ({ browser, stores }, info) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  store = await storeOf(stores, info);
  const products = (await apiOf(store.baseUrl).get("/api/product/list")).body.products as ProductDto[];
  // Not on sale (the code's 20% is then exact to the fils), with stock in its first size.
  const found = products.find((p) => p.salePrice === undefined && (p.variants[0]?.stock ?? 0) >= 5);
  expect(found).toBeDefined();
  product = found!;
  // One phone for the story: the owner's back-office session and the shopper's, created through the API.
  const shopper = await registerShopper(
    store.baseUrl,
    {
      name: "Noura Saeed",
      phone: "0503334455",
      email: `noura.${Date.now()}@example.com`,
      password: "promo-pass-123",
    },
    info.workerIndex,
  );
  context = await shopper.context(browser, "phone");
  await (await createOwner(store)).signIn(context);
});

test.afterAll(async () => {
  await context?.close();
});

/** "AED 1,250" / "AED 99.50", as the storefront writes an amount in fils. */
const aed = (fils: number) =>
  `AED ${(fils / 100).toLocaleString("en-US", { minimumFractionDigits: fils % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

test.describe("a discount code, from the back office to the invoice, on a phone", () => {
  // The code the owner creates is the one the shopper's link keeps and her cart then removes.
  test.describe.configure({ mode: "serial" });

  test("the owner creates a code on the Promotions screen", async () => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const page = await openPage(context, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    // From the phone's menu.
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Promotions" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
    await waitForHydration(page);
    const form = page.getByTestId("promotion-form");
    await form.getByLabel("Code").fill(CODE.toLowerCase());
    await form.getByLabel("Discount", { exact: true }).selectOption("percent");
    await form.getByLabel("Percentage off (%)").fill("20");
    await form.getByLabel("Uses in total").fill("50");
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByTestId("admin-notice").first()).toHaveText(`${CODE} created.`);
    const row = page.getByTestId("promotion-row").filter({ hasText: CODE });
    await expect(row).toContainText("20% off the whole order");
    await expect(row.getByTestId("promotion-usage")).toContainText("0 of 50 used");
    await expect(row).toContainText("Live");
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  test("a shopper arrives through the code's link, pays the discounted total by card, and her invoice shows the discount", async () => {
    test.setTimeout(300_000);
    // The link keeps the code and leaves the address without it; the page says so.
    const page = await openPage(context, `/?code=${CODE.toLowerCase()}`);
    await expect(page).toHaveURL((url) => url.search === "");
    const bar = page.getByTestId("announcement-bar").locator("span");
    await expect(bar).toHaveText([`Code ${CODE} saved`, "Applied in your cart and at checkout"]);
    await checkScreen(page);

    // The cart prices the code: 20% off, delivery free (the shop charges none), the total after it.
    await new ProductPage(page).add(product.slug);
    const priceFils = Math.round(product.price * 100);
    const discountFils = priceFils / 5;
    await expect(page.getByTestId("code-applied").first()).toHaveText(`Code ${CODE} applied`);
    await expect(page.getByTestId("cart-discount").first()).toHaveText(`−${aed(discountFils)}`);
    await expect(page.getByTestId("cart-shipping").first()).toHaveText("Free");
    await expect(page.getByTestId("cart-total").first()).toHaveText(aed(priceFils - discountFils));
    await checkScreen(page);

    // Checkout: the same discount, and the rule about minimum spend and free delivery said.
    await new CartPage(page).checkout();
    const checkout = new CheckoutPage(page);
    await expect(checkout.addressForm()).toBeVisible();
    await checkout.addAddress({
      first: "Noura",
      last: "Saeed",
      address: "Villa 7, Street 2",
      city: "Dubai",
      state: "Dubai",
      postcode: "00000",
    });
    await expectToast(page, "Address Added");
    const summary = page.getByTestId("order-summary");
    await expect(page.getByTestId("summary-discount").first()).toHaveText(`−${aed(discountFils)}`);
    await expect(page.getByTestId("summary-total").first()).toHaveText(aed(priceFils - discountFils));
    await expect(summary.getByTestId("after-discount-note")).toHaveText(
      "The minimum spend of a code and free delivery are measured after the discount.",
    );
    await checkScreen(page);

    // The sandbox is asked for the discounted total.
    await checkout.placeOrder();
    await expect(page).toHaveURL(/\/sandbox\/paymennt\/pay\//);
    await expect(page.getByTestId("sandbox-amount").first()).toHaveText(
      `AED ${((priceFils - discountFils) / 100).toFixed(2)}`,
    );
    await new SandboxCardPage(page).pay("4242 4242 4242 4242", "Noura Saeed");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

    // My Orders: the order's discount, and the invoice's discount line and total.
    await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
    const order = page.getByTestId("order").first();
    await expect(order).toBeVisible();
    await order.getByTestId("order-open").click();
    const detail = page.getByTestId("order-detail");
    await expect(detail).toBeVisible();
    await expect(page.getByTestId("order-detail-discount").first()).toHaveText(`−${aed(discountFils)}`);
    const invoice = detail.getByTestId("invoice");
    await expect(invoice.getByTestId("invoice-discount")).toHaveText(`−${(discountFils / 100).toFixed(2)}`);
    // The invoice groups thousands; the amount is compared without its separators.
    await expect
      .poll(async () =>
        ((await invoice.getByTestId("invoice-total").textContent()) ?? "").replace(/[\s,]/g, ""),
      )
      .toBe(((priceFils - discountFils) / 100).toFixed(2));
    await expect(invoice).toContainText(`Discount (${CODE})`);
    await checkScreen(page);
    await page.close();
  });

  test("a code the server refuses says why, in English and in Arabic, and the total stays whole", async () => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const page = await openPage(context, `/product/${product.slug}`);
    await new ProductPage(page).addToCart();
    await waitForHydration(page);
    // The code held from the link is still applied: removed, the total is the full price again.
    const remove = page.getByRole("button", { name: `Remove code ${CODE}` });
    await remove.click();
    await expect(page.getByTestId("code-input")).toBeVisible();
    const fullTotal = aed(Math.round(product.price * 100));
    await expect(page.getByTestId("cart-subtotal").first()).toHaveText(fullTotal);
    await expect(page.getByTestId("cart-total").first()).toHaveText(fullTotal);
    await expect(page.getByTestId("cart-discount")).toHaveCount(0);

    await page.getByTestId("code-input").fill("NOSUCHCODE");
    await page.getByTestId("code-apply").click();
    await expect(page.getByTestId("code-message").first()).toHaveText(
      "We do not know this code. Check it and try again.",
    );
    await expect(page.getByTestId("code-input")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("cart-total").first()).toHaveText(fullTotal);
    await expect(page.getByTestId("cart-discount")).toHaveCount(0);
    await checkScreen(page);

    // The same refusal on /ar, in Arabic; the code the shopper typed is kept in the box.
    await page.goto("/ar/cart");
    await waitForHydration(page);
    await expect(page.getByTestId("code-input")).toHaveValue("NOSUCHCODE");
    await expect(page.getByTestId("code-message").first()).toHaveText(
      "لا نعرف هذا الرمز. تحققي منه وحاولي مرة أخرى.",
    );
    await checkScreen(page);
    await page.close();
  });
});
