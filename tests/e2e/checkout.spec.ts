import { connect, createServer, type Server, type Socket } from "node:net";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import {
  apiOf,
  contextOptions,
  expect,
  type RunningStore,
  registerShopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, openPage, startStore, type ViewportName, waitForHydration } from "./harness.ts";
import { CartPage, CheckoutPage, LoginPage, ProductPage, SandboxCardPage } from "./pages/index.ts";
import { type AddressFields, checkScreen, expectToast, fillAddress } from "./shopper.ts";

/**
 * Issue 11's journeys: log in → cart → checkout → the payment sandbox's card page → back to the store,
 * with the paying card, the declined card, and a shopper who pays and closes the tab before the return
 * (the order still arrives: the test plays Paymennt's part and calls the store's webhook, which re-reads
 * the payment's status from the sandbox). Real store process, real payment client talking to the
 * sandbox over HTTP, real Chromium.
 */

const TRN = "100234567890003";
/** E2E_DATABASE_URL=postgres://… runs the journeys on PostgreSQL (a fresh database); SQLite otherwise. */
const DATABASE: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
  : {};
const PAYING_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

test.use({
  storeEnv: {
    // NODE_ENV=test: the dev outbox exists, so accounts are verified with their e-mailed code.
    NODE_ENV: "test",
    OTP_RESEND_SECONDS: "0",
    SHOP_TRN: TRN,
    ...DATABASE,
  },
});

/**
 * A long journey's ceiling: on a two-core machine under heavy load a navigation alone can take 20 s, and
 * 120 s was exceeded there by journeys that pass in 60 s otherwise. A ceiling only: every step still waits
 * for what it asserts, within the expect timeout.
 */
const JOURNEY_TIMEOUT = 240_000;

let store: RunningStore;
let product: ProductDto;
let catalog: ProductDto[];

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  catalog = (await apiOf(store.baseUrl).get("/api/product/list")).body.products as ProductDto[];
  // A product whose first size has plenty of stock: every journey buys one of it.
  const found = catalog.find((p) => (p.variants[0]?.stock ?? 0) >= 20);
  expect(found).toBeDefined();
  product = found!;
});

const priceOf = (p: ProductDto) => p.salePrice ?? p.price;
const aed = (amount: number) => `AED ${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** From the product page to /checkout: SPEC §4's add goes to the cart, Proceed to Checkout to /checkout. */
async function addToCartAndCheckout(page: Page): Promise<CheckoutPage> {
  await new ProductPage(page).add(product.slug);
  await new CartPage(page).checkout();
  const checkout = new CheckoutPage(page);
  await checkout.ready();
  return checkout;
}

/**
 * A verified shopper (created through the API) in a signed-in context of the store at `baseUrl`: she fills
 * her cart and saves her first address on /checkout (where the form opens by itself); the page is left on
 * /checkout.
 */
async function signedInAtCheckout(
  browser: Browser,
  baseUrl: string,
  account: { name: string; phone: string; email: string; password: string },
  address: AddressFields,
): Promise<{ context: BrowserContext; page: Page }> {
  const shopper = await registerShopper(baseUrl, account);
  const context = await shopper.context(browser, "desktop");
  const page = await context.newPage();
  const checkout = await addToCartAndCheckout(page);
  await expect(checkout.addressForm()).toBeVisible();
  await checkout.addAddress(address);
  await expectToast(page, "Address Added");
  return { context, page };
}

/** Places the order by card and returns the pending record the page kept (SPEC §3) on its way out. */
async function placeOrder(page: Page): Promise<Record<string, unknown>> {
  const checkout = new CheckoutPage(page);
  await checkout.placeOrder();
  const button = checkout.placeOrderButton();
  // SPEC §2/§9: the busy label, disabled, for 1.5 s before the payment page.
  await expect(button).toHaveText("Redirecting to Payment...");
  await expect(button).toBeDisabled();
  await expect(page).toHaveURL(/\/sandbox\/paymennt\/pay\//);
  const pending = await checkout.pendingPayment();
  expect(pending?.paymentId).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(escapeRegExp(String(pending?.paymentId))));
  return pending ?? {};
}

/** The lines of the browser's cart: polled, since the page writes it after what a test waits for. */
const cartLength = (page: Page) => new CartPage(page).storedLength();
const pendingPayment = (page: Page) => new CheckoutPage(page).pendingPayment();

for (const viewport of ["desktop", "phone"] as ViewportName[]) {
  test.describe(`a shopper on ${viewport}`, () => {
    // One shopper's story: her address, her declined attempt's cart and her orders carry over.
    test.describe.configure({ mode: "serial" });
    let context: BrowserContext;
    const account = {
      name: `Mariam ${viewport}`,
      phone: viewport === "desktop" ? "0501112233" : "0502223344",
      email: `mariam.${viewport}@example.com`,
      password: "checkout-pass-123",
    };

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      await registerShopper(store.baseUrl, account);
    });
    test.afterAll(() => context.close());

    test("is sent to /login from /checkout without a token", async () => {
      const page = await openPage(context, "/checkout");
      await expect(page).toHaveURL(/\/login$/);
      await page.close();
    });

    test("pays by card on the sandbox and finds the order, 'Order Placed', with its test document", async () => {
      test.setTimeout(JOURNEY_TIMEOUT);
      const page = await openPage(context, "/login");
      await new LoginPage(page).logIn(account.email, account.password);
      await expect(page).toHaveURL(/\/shop$/);
      await addToCartAndCheckout(page);
      await expect(page.locator("h1")).toHaveText("Checkout");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

      // Delivery Information: no saved address yet, so the form is open; the first becomes primary.
      const form = page.getByTestId("address-form");
      await expect(form).toBeVisible();
      await expect(form.getByLabel("Email")).toHaveValue(account.email);
      await fillAddress(form, {
        first: "Mariam",
        last: "Khan",
        address: "Villa 12, Street 4",
        city: "Dubai",
        state: "Dubai",
        postcode: "00000",
      });
      await form.getByRole("button", { name: "Save Address" }).click();
      await expectToast(page, "Address Added");
      const addresses = page.getByTestId("checkout-address");
      await expect(addresses).toHaveCount(1);
      await expect(addresses.first().getByRole("radio")).toBeChecked();
      await expect(addresses.first()).toContainText("Primary");

      // Payment Method: the hosted card payment is chosen; cash on delivery and the pop-up are disabled.
      await expect(page.getByTestId("payment-online").getByRole("radio")).toBeChecked();
      await expect(page.getByTestId("payment-cod").getByRole("radio")).toBeDisabled();
      await expect(page.getByTestId("payment-popup").getByRole("radio")).toBeDisabled();
      // Delivery Type: next day by default; the shopper picks same day.
      const types = page.getByTestId("delivery-type");
      await expect(types.nth(0).getByRole("radio")).toBeChecked();
      await expect(types.nth(0)).toContainText("Next Day Delivery");
      await types.nth(1).click();
      await expect(types.nth(1).getByRole("radio")).toBeChecked();

      // Order Summary, priced by the server.
      const summary = page.getByTestId("order-summary");
      const line = summary.getByTestId("summary-line");
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(product.name);
      await expect(line).toContainText(`Size: ${product.variants[0]!.filter_value}`);
      await expect(line).toContainText("Qty: 1");
      await expect(summary.getByTestId("summary-shipping")).toHaveText("Free");
      const total = aed(priceOf(product));
      await expect(summary.getByTestId("summary-total")).toHaveText(total);
      await checkScreen(page);

      // SPEC §3: the pending record, kept until the return.
      const pending = await placeOrder(page);
      await expect(page.getByRole("heading", { name: "Test payment" })).toBeVisible();
      await expectAccessible(page);
      expect((pending.price as { delivery_type?: string } | undefined)?.delivery_type).toBe(
        "same day delivery",
      );

      await new SandboxCardPage(page).pay(PAYING_CARD);
      await expect(page).toHaveURL(/\/payment-redirect\?checkout=/);
      await expect(page).toHaveURL((url) => url.searchParams.get("checkout") === pending.paymentId);
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await expectToast(page, "Payment Successful");
      // SPEC §4 Payment return: the cart is cleared and the pending record removed.
      await expect.poll(() => cartLength(page)).toBe(0);
      await expect.poll(() => pendingPayment(page)).toBeNull();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expectAccessible(page);

      // After 3 s: My Account, where the order is listed as placed.
      await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
      const order = page.getByTestId("order").first();
      await expect(order).toBeVisible();
      await expect(order.getByTestId("order-status")).toContainText("Order Placed");
      await expect(order.getByTestId("order-total")).toHaveText(total);
      await checkScreen(page);

      // The detail view with its document: paid through the sandbox, a test document, never a tax invoice
      // (decision 0015), even on a store with a TRN.
      await order.getByTestId("order-open").click();
      const detail = page.getByTestId("order-detail");
      await expect(detail).toBeVisible();
      await expect(detail.getByTestId("order-line").first()).toContainText(product.name);
      await expect(detail.getByTestId("order-delivery-type")).toHaveText("Same Day Delivery");
      await expect(detail.getByTestId("order-payment")).toHaveText("Card payment");
      const invoice = detail.getByTestId("invoice");
      await expect(invoice.getByTestId("invoice-heading")).toHaveText("Test document — not a tax invoice");
      await expect(invoice.getByTestId("invoice-test-notice")).toHaveText(
        "Test order: paid through the test payment sandbox. No money was taken.",
      );
      await expect(invoice.getByTestId("invoice-trn")).toHaveCount(0);
      await expect(invoice.getByTestId("invoice-vat")).toHaveCount(0);
      await expect(invoice.getByTestId("invoice-number")).toHaveText(/^TEST-\d{6}$/);
      await expect(invoice.getByTestId("invoice-line").first()).toContainText(product.name);
      await checkScreen(page);

      // Printing shows the invoice alone.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByTestId("invoice-print-copy")).toBeVisible();
      await expect(page.getByTestId("account-page")).toBeHidden();
      await page.emulateMedia({ media: "screen" });
      await expect(page.getByTestId("invoice-print-copy")).toBeHidden();
      await page.close();
    });

    test("is declined with the test card, sees 'Payment Failed', and Try Again returns to checkout", async () => {
      test.setTimeout(JOURNEY_TIMEOUT);
      const page = await openPage(context, "/");
      const ordersBefore = await countOrders(page);
      await addToCartAndCheckout(page);
      // The saved address is the primary one, selected.
      const addresses = page.getByTestId("checkout-address");
      await expect(addresses).toHaveCount(1);
      await expect(addresses.first().getByRole("radio")).toBeChecked();

      // A second address, added here, is selected; removing it sends the selection back to the first.
      await page.getByTestId("add-address").click();
      await fillAddress(page.getByTestId("address-form"), {
        first: "Mariam",
        address: "Office 1204, Al Manara Tower",
        city: "Business Bay",
        state: "Dubai",
        postcode: "12345",
      });
      await page.getByTestId("address-form").getByRole("button", { name: "Save Address" }).click();
      await expectToast(page, "Address Added");
      await expect(addresses).toHaveCount(2);
      await expect(addresses.nth(1).getByRole("radio")).toBeChecked();
      await expect(addresses.first()).toContainText("Primary");
      await addresses.first().click();
      await expect(addresses.first().getByRole("radio")).toBeChecked();
      await addresses.nth(1).click();
      await page.getByRole("button", { name: "Remove address 2" }).click();
      const confirm = page.getByTestId("confirm-remove");
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText("Are you sure you want to remove this address?");
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expectToast(page, "Address Removed");
      await expect(addresses).toHaveCount(1);
      await expect(addresses.first().getByRole("radio")).toBeChecked();

      await placeOrder(page);
      await new SandboxCardPage(page).pay(DECLINED_CARD);
      await expect(page.getByText("Your card was declined.")).toBeVisible();
      await page.getByRole("link", { name: "Return to the shop" }).click();
      await expect(page).toHaveURL(/\/payment-redirect\?checkout=/);
      await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
      await expect(page.getByTestId("payment-message")).toHaveText("Your payment was declined.");
      await expectAccessible(page);
      // The cart is kept for another try.
      await expect.poll(() => cartLength(page)).toBe(1);

      await page.getByRole("link", { name: "Try Again" }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByTestId("summary-line").first()).toBeVisible();
      // No order was made by the declined payment.
      await expect.poll(() => countOrders(page)).toBe(ordersBefore);
      await page.close();
    });

    test("pays, closes the tab before the return, and still finds the order in My Orders", async () => {
      test.setTimeout(JOURNEY_TIMEOUT);
      const page = await openPage(context, "/");
      const ordersBefore = await countOrders(page);
      // The cart still holds the line from the declined attempt.
      await page.goto("/checkout");
      await waitForHydration(page);
      await expect(page.getByTestId("summary-line").first()).toBeVisible();
      const paymentId = String((await placeOrder(page)).paymentId);
      // The tab closes as the sandbox hands back to the store: the browser never reaches /payment-redirect.
      await page.route(/\/payment-redirect/, (route) => route.abort());
      // Waits for the return to have failed, not merely to have been asked for: removing the interception
      // while the request is still on its way would let it through, and the page would verify the payment.
      const returned = page.waitForEvent("requestfailed", (request) =>
        /\/payment-redirect/.test(request.url()),
      );
      await new SandboxCardPage(page).pay(PAYING_CARD);
      await returned;
      // The interception is over before the tab closes, so closing it waits for nothing of the test's.
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.close();

      // Nobody verified it: no order yet.
      const later = await openPage(context, "/");
      await expect.poll(() => countOrders(later)).toBe(ordersBefore);
      // Paymennt tells the shop by its webhook; the store treats the body as a hint and asks the provider.
      const hook = await apiOf(store.baseUrl).post("/api/webhooks/paymennt", {
        checkoutId: paymentId,
        status: "PAID",
      });
      expect(hook.status, JSON.stringify(hook.body)).toBeGreaterThanOrEqual(200);
      expect(hook.status, JSON.stringify(hook.body)).toBeLessThan(300);
      await expect
        .poll(() => countOrders(later), { timeout: 15_000, intervals: [500] })
        .toBe(ordersBefore + 1);
      await later.goto("/account");
      await waitForHydration(later);
      await expect(later.getByTestId("order").first().getByTestId("order-status")).toContainText(
        "Order Placed",
      );
      await later.close();
    });
  });
}

test.describe("the checkout pages when something is missing or refused", () => {
  test("shows SPEC §8's return texts, an empty cart, a stock problem, no address, and a refused order", async ({
    browser,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const shopper = await registerShopper(store.baseUrl, {
      name: "Sara",
      phone: "0503334455",
      email: "sara@example.com",
      password: "sara-pass-123",
    });
    const context = await shopper.context(browser, "desktop");
    const page = await openPage(context, "/payment-redirect");
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(page.getByTestId("payment-message")).toHaveText("Payment ID not found in URL parameters.");
    await expectAccessible(page);

    await page.goto("/payment-redirect?checkout=not-a-payment");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(page.getByTestId("payment-message")).toHaveText(
      "Order data not found. Please try placing your order again.",
    );
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");

    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(page.getByTestId("checkout-empty")).toBeVisible();
    await page.getByTestId("checkout-empty").getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/shop$/);

    // A cart kept from before the size nearly sold out: more than the stock now.
    const variant = product.variants[0]!;
    const keepCart = (p: ProductDto, size: string, quantity: number) =>
      page.evaluate(([key, cart]) => localStorage.setItem(key, JSON.stringify(cart)), [
        STORAGE_KEYS.cart,
        {
          items: [
            {
              _id: p._id,
              slug: p.slug,
              name: p.name,
              image: p.image[0],
              price: p.price,
              selectedSize: size,
              selectedColor: "",
              quantity,
            },
          ],
        },
      ] as const);
    await keepCart(product, variant.filter_value, (variant.stock ?? 0) + 5);
    await page.goto("/checkout");
    await waitForHydration(page);
    const checkout = new CheckoutPage(page);
    const button = checkout.placeOrderButton();
    // SPEC §8: 'Stock error: Only N in stock for {item} ({size})'.
    await expect(page.getByTestId("line-problem")).toHaveText(
      new RegExp(
        `^Stock error: Only \\d+ in stock (?:for [^]*)?${escapeRegExp(`for ${product.name} (${variant.filter_value})`)}$`,
      ),
    );
    await expect(page.getByTestId("stock-blocked")).toBeVisible();
    await expect(button).toBeDisabled();
    await checkScreen(page);

    // Within stock again, but no delivery address yet: SPEC §5's text, and the button stays as it was.
    await keepCart(product, variant.filter_value, 1);
    await page.reload();
    await waitForHydration(page);
    await expect(checkout.addressForm()).toBeVisible();
    // Place Order is pressed once this cart is priced (no stock problem left) and the button is enabled.
    await expect(page.getByTestId("line-problem")).toHaveCount(0);
    await checkout.placeOrder();
    await expectToast(page, "Please select a delivery address.");
    await expect(button).toHaveText("Place Order");
    await expect(button).toBeEnabled();
    await expect.poll(() => pendingPayment(page)).toBeNull();

    // Sara saves an address and opens checkout for the last units of a size; meanwhile another shopper
    // starts paying for all of them (the store holds them). Place Order is refused with the stock text,
    // the button comes back, and the summary shows the line's problem.
    const scarce = catalog.find((p) => p !== product && (p.variants[0]?.stock ?? 0) >= 1)!;
    const size = scarce.variants[0]!;
    await checkout.addAddress({
      first: "Sara",
      address: "Villa 3, Al Barsha",
      city: "Dubai",
      state: "Dubai",
      postcode: "00000",
    });
    await expectToast(page, "Address Added");
    await expect(page.getByTestId("checkout-address")).toHaveCount(1);
    await keepCart(scarce, size.filter_value, 1);
    await page.reload();
    await waitForHydration(page);
    // The server draws the summary from the cart's cookie copy, which may still be the earlier cart: wait
    // until the page has priced this cart (the scarce size) and Place Order is ready for it.
    await expect(checkout.summaryLines().filter({ hasText: scarce.name })).toBeVisible();
    await expect(checkout.summaryLines()).toHaveCount(1);
    await expect(page.getByTestId("checkout-address").first().getByRole("radio")).toBeChecked();
    await expect(button).toHaveText("Place Order");
    await expect(button).toBeEnabled();

    const rival = await registerShopper(store.baseUrl, {
      name: "Rana",
      phone: "0506667788",
      email: "rana@example.com",
      password: "rana-pass-123",
    });
    const held = await apiOf(store.baseUrl).post(
      "/api/order/paymennt",
      {
        address: {
          first_name: "Rana",
          address: "Tower 2",
          city: "Dubai",
          state: "Dubai",
          postcode: "00000",
          country: "UAE",
        },
        line_items: [
          {
            product_id: scarce._id,
            sku_id: size.sku,
            quantity: String(size.stock),
            price: "1",
            size: size.filter_value,
          },
        ],
      },
      rival.token,
    );
    expect(held.status).toBe(200);

    await checkout.placeOrder();
    const refusal = page.locator("[data-sonner-toast]").filter({ hasText: scarce.name }).first();
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`${scarce.name} (${size.filter_value}) is out of stock`);
    await expect(button).toHaveText("Place Order");
    await expect(page.getByTestId("line-problem")).toBeVisible();
    await expect(button).toBeDisabled();
    await expect.poll(() => pendingPayment(page)).toBeNull();
    await context.close();
  });
});

/**
 * The second store of this file: cash on delivery switched on, and its payment client reaching the sandbox
 * through a relay (PAYMENNT_SANDBOX_URL, and PUBLIC_SITE_URL for the card page's address, name the relay's
 * port) that a journey can close, as a payment provider goes down. One store for every journey needing a
 * special configuration; its environment names the relay's port, so it is started here rather than by the
 * file's `store` fixture.
 */
test.describe("cash on delivery, switched on by the shop", () => {
  let codStore: RunningStore;
  let provider: Relay;
  test.beforeAll(async () => {
    test.setTimeout(JOURNEY_TIMEOUT);
    provider = await startRelay();
    codStore = await startStore({
      NODE_ENV: "test",
      COD_ENABLED: "true",
      PUBLIC_SITE_URL: provider.url,
      PAYMENNT_SANDBOX_URL: provider.url,
      ...(process.env.E2E_COD_DATABASE_URL ? { DATABASE_URL: process.env.E2E_COD_DATABASE_URL } : {}),
    });
    provider.to(Number(new URL(codStore.baseUrl).port));
  });
  test.afterAll(async () => {
    await codStore?.stop();
    await provider?.close();
  });

  test("places the order at once: 'Order Placed', the cart cleared, home, and the order unpaid in My Orders", async ({
    browser,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    const { context, page } = await signedInAtCheckout(
      browser,
      codStore.baseUrl,
      { name: "Aisha", phone: "0504445566", email: "aisha@example.com", password: "aisha-pass-123" },
      { first: "Aisha", address: "Flat 3, Al Nahda", city: "Sharjah", state: "Sharjah", postcode: "00000" },
    );

    const cod = page.getByTestId("payment-cod").getByRole("radio");
    await expect(cod).toBeEnabled();
    await expect(page.getByTestId("payment-popup").getByRole("radio")).toBeDisabled();
    await page.getByTestId("payment-cod").click();
    await expect(cod).toBeChecked();
    await checkScreen(page);
    const checkout = new CheckoutPage(page);
    const button = checkout.placeOrderButton();
    // SPEC §2: 'Placing Order...', disabled, while the order is on its way (held back in the network until
    // the label has been read).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/order/place", async (route) => {
      await held;
      await route.continue();
    });
    await checkout.placeOrder();
    await expect(button).toHaveText("Placing Order...");
    await expect(button).toBeDisabled();
    release();
    await expectToast(page, "Order Placed");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.unroute("**/api/order/place");
    await expect.poll(() => cartLength(page)).toBe(0);
    await expect.poll(() => pendingPayment(page)).toBeNull();

    await page.goto("/account");
    await waitForHydration(page);
    const order = page.getByTestId("order").first();
    await expect(order).toBeVisible();
    await expect(order.getByTestId("order-status")).toContainText("Order Placed");
    await order.getByTestId("order-open").click();
    const detail = page.getByTestId("order-detail");
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId("order-payment")).toHaveText("Cash on delivery");
    await expect(detail).toContainText("To be paid on delivery");
    // No TRN configured on this store: a receipt, without a VAT line.
    await expect(detail.getByTestId("invoice-heading")).toHaveText("Receipt");
    await expect(detail.getByTestId("invoice-vat")).toHaveCount(0);
    await checkScreen(page);
    await context.close();
  });

  test.describe("a shopper whose address changes and whose payment provider or network fails", () => {
    // One page through the four journeys: her edited address and her cart carry over.
    test.describe.configure({ mode: "serial" });
    let context: BrowserContext;
    let page: Page;
    const EDITED_ADDRESS = "Villa 21, Street 9, Al Warqa 3";
    const account = {
      name: "Huda",
      phone: "0507778899",
      email: "huda@example.com",
      password: "huda-pass-123",
    };

    /** The first size's stock of the product every journey buys, as the store's product list shows it. */
    async function stockShown(): Promise<number | null | undefined> {
      const { products } = (await apiOf(codStore.baseUrl).get("/api/product/list")).body as {
        products: ProductDto[];
      };
      return products.find((p) => p.slug === product.slug)?.variants[0]?.stock;
    }

    async function openCheckout() {
      await page.goto("/checkout");
      await waitForHydration(page);
      await expect(page.getByTestId("summary-line").first()).toBeVisible();
      await expect(page.getByTestId("place-order")).toBeEnabled();
    }

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(JOURNEY_TIMEOUT);
      ({ context, page } = await signedInAtCheckout(browser, codStore.baseUrl, account, {
        first: "Huda",
        address: "Villa 8, Al Warqa 1",
        city: "Dubai",
        state: "Dubai",
        postcode: "00000",
      }));
    });
    test.afterAll(() => context?.close());

    test("edits her saved address on /checkout: the form opens filled in, and the changed address stays selected and primary", async () => {
      await openCheckout();
      const addresses = page.getByTestId("checkout-address");
      await expect(addresses).toHaveCount(1);
      await page.getByRole("button", { name: "Edit address 1" }).click();
      const form = page.getByTestId("address-form");
      await expect(form).toBeVisible();
      await expect(form).toContainText("Edit Address");
      await expect(form.getByLabel("First Name")).toHaveValue("Huda");
      await expect(form.getByLabel(/^Address\*?$/)).toHaveValue("Villa 8, Al Warqa 1");
      await expect(form.getByLabel("Email")).toHaveValue(account.email);
      await form.getByLabel(/^Address\*?$/).fill(EDITED_ADDRESS);
      await form.getByLabel("City").fill("Mirdif");
      await form.getByRole("button", { name: "Save Address" }).click();
      await expectToast(page, "Address Updated");
      await expect(form).toHaveCount(0);
      await expect(addresses.first()).toContainText(EDITED_ADDRESS);
      await expect(addresses).toHaveCount(1);
      await expect(addresses.first()).toContainText("Mirdif");
      await expect(addresses.first()).toContainText("Primary");
      await expect(addresses.first().getByRole("radio")).toBeChecked();
      // Kept by the store, not only on the screen.
      await page.reload();
      await waitForHydration(page);
      await expect(addresses.first()).toContainText(EDITED_ADDRESS);
      await expect(addresses.first()).not.toContainText("Villa 8, Al Warqa 1");
      await expect(addresses.first().getByRole("radio")).toBeChecked();
    });

    test("says 'Failed to initiate payment.' when the payment provider cannot be reached, and orders or holds nothing", async () => {
      const stockBefore = await stockShown();
      expect(stockBefore).toBeGreaterThan(0);
      await openCheckout();
      provider.cut();
      try {
        const button = page.getByTestId("place-order");
        await expect(page.getByTestId("payment-online").getByRole("radio")).toBeChecked();
        await new CheckoutPage(page).placeOrder();
        // The store answers 502 with SPEC §8's text; the shopper stays on /checkout with the button back.
        await expectToast(page, "Failed to initiate payment.");
        await expect(button).toHaveText("Place Order");
        await expect(button).toBeEnabled();
        await expect(page).toHaveURL((url) => url.pathname === "/checkout");
        await expect.poll(() => pendingPayment(page)).toBeNull();
        await expect.poll(() => countOrders(page)).toBe(0);
        // The units it would have held are back on sale.
        await expect.poll(() => stockShown()).toBe(stockBefore);
      } finally {
        await provider.restore();
      }
    });

    test("says 'Failed to place order. Please try again.' when the order call never gets an answer, and retries under the same Idempotency-Key", async () => {
      await openCheckout();
      await page.getByTestId("payment-cod").click();
      await expect(page.getByTestId("payment-cod").getByRole("radio")).toBeChecked();
      const checkout = new CheckoutPage(page);
      const button = checkout.placeOrderButton();
      // Issue 21 finding 8: each try carries the attempt's Idempotency-Key, the same for its retry.
      const keys: (string | undefined)[] = [];
      await page.route("**/api/order/place", (route) => {
        keys.push(route.request().headers()["idempotency-key"]);
        return route.abort("connectionreset");
      });
      try {
        for (const tries of [1, 2]) {
          await checkout.placeOrder();
          await expect.poll(() => keys.length).toBe(tries);
          await expectToast(page, "Failed to place order. Please try again.");
          await expect(button).toHaveText("Place Order");
          await expect(button).toBeEnabled();
        }
        expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
        expect(keys[1]).toBe(keys[0]);
        await expect
          .poll(async () => (await page.evaluate(() => sessionStorage.getItem("store.orderAttempt"))) ?? "")
          .toContain(keys[0]!);
      } finally {
        await page.unroute("**/api/order/place");
      }
      await expect(page).toHaveURL((url) => url.pathname === "/checkout");
      await expect.poll(() => cartLength(page)).toBe(1);
      await expect.poll(() => countOrders(page)).toBe(0);
    });

    test("returns while the provider cannot be asked ('Payment verification failed.'), then while the store cannot be reached ('An error occurred while verifying your payment.'), and the paid order arrives once both are back", async () => {
      test.setTimeout(JOURNEY_TIMEOUT);
      await openCheckout();
      const checkout = new CheckoutPage(page);
      const button = checkout.placeOrderButton();
      await checkout.placeOrder();
      await expect(button).toHaveText("Redirecting to Payment...");
      // The card page is served at the provider's address (the relay), under the payment's id.
      const providerOrigin = new URL(provider.url).origin;
      await expect(page).toHaveURL(/\/sandbox\/paymennt\/pay\//);
      await expect(page).toHaveURL((url) => url.origin === providerOrigin);
      const paymentId = new URL(page.url()).pathname.split("/").pop()!;
      // The shopper pays, and the provider goes down as it hands her back: the return never loads there.
      await page.route(
        (url) => url.origin === providerOrigin && url.pathname === "/payment-redirect",
        (route) => route.abort(),
      );
      const returned = page.waitForRequest(/\/payment-redirect/);
      await new SandboxCardPage(page).pay(PAYING_CARD);
      await returned;
      provider.cut();

      // Back at the shop's return page: the store cannot ask the provider, so it cannot say paid.
      await page.goto(`/payment-redirect?checkout=${paymentId}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("payment-message")).toHaveText("Payment verification failed.");
      await expect.poll(() => countOrders(page)).toBe(0);
      // The cart and the pending record are kept.
      await expect.poll(() => cartLength(page)).toBe(1);
      await expect.poll(async () => (await pendingPayment(page))?.paymentId).toBe(paymentId);

      // The provider is back, but the verify call does not reach the store.
      await provider.restore();
      await page.route("**/api/order/verifyPaymennt", (route) => route.abort("internetdisconnected"));
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
      await expect(page.getByTestId("payment-message")).toHaveText(
        "An error occurred while verifying your payment.",
      );
      await page.unroute("**/api/order/verifyPaymennt");
      await page.unroute((url) => url.origin === providerOrigin && url.pathname === "/payment-redirect");

      // Both back: the same return page finds the payment made, and the order is there once.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await expectToast(page, "Payment Successful");
      await expect.poll(() => countOrders(page)).toBe(1);
      await expect.poll(() => pendingPayment(page)).toBeNull();
      // Delivered to the address as she edited it at checkout.
      const delivery = await page.evaluate(async () => {
        const res = await fetch("/api/order/userorders", {
          method: "POST",
          headers: { "content-type": "application/json", token: localStorage.getItem("store.token") ?? "" },
          body: "{}",
        });
        const { orders } = (await res.json()) as { orders: { address: { address: string; city: string } }[] };
        return orders[0]?.address;
      });
      expect(delivery).toMatchObject({ address: EDITED_ADDRESS, city: "Mirdif" });
    });
  });
});

/** A TCP relay to the store, standing in for the payment provider's address; cut() closes its port. */
interface Relay {
  url: string;
  to(port: number): void;
  cut(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(): Promise<Relay> {
  const sockets = new Set<Socket>();
  let target = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    sockets.add(client);
    sockets.add(upstream);
    for (const socket of [client, upstream]) {
      socket.on("error", drop);
      socket.on("close", drop);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;
  let open = true;
  const cut = () => {
    if (!open) return;
    open = false;
    server.close();
    // Connections kept alive by the payment client go too: nothing reaches the provider any more.
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    to(p) {
      target = p;
    },
    cut,
    async restore() {
      if (open) return;
      await listen(port);
      open = true;
    },
    async close() {
      cut();
    },
  };
}

/** The shopper's placed orders, as the store's own call answers for her token. */
async function countOrders(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem("store.token") ?? "";
    const res = await fetch("/api/order/userorders", {
      method: "POST",
      headers: { "content-type": "application/json", token },
      body: "{}",
    });
    const body = (await res.json()) as { orders?: unknown[] };
    return body.orders?.length ?? -1;
  });
}
