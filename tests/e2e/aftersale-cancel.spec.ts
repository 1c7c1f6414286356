import type { BrowserContext, Page } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { orderPayload, submitCard } from "../../server/testing/checkout.ts";
import {
  apiOf,
  createOwner,
  expect,
  type Owner,
  outboxOf,
  type RunningStore,
  registerShopper,
  type Shopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { waitForHydration } from "./harness.ts";
import { CartPage, CheckoutPage, ProductPage, SandboxCardPage } from "./pages/index.ts";
import { checkScreen, expectToast, toast } from "./shopper.ts";

/**
 * Issue 24's shopper journeys (decision 0031): she pays by card on the sandbox, cancels the order from My
 * Account and sees it 'Cancelled' and 'Refunded', with the refund's mail in the store's outbox; and after
 * a cash-on-delivery order, the 'Order Placed' toast names the order and links to it in My Account. Real
 * store process, real payment client talking to the sandbox over HTTP, real Chromium.
 */

test.use({
  storeEnv: {
    // NODE_ENV=test: the dev outbox exists (accounts verified with their code, mails read back).
    NODE_ENV: "test",
    OTP_RESEND_SECONDS: "0",
    COD_ENABLED: "true",
    // E2E_DATABASE_URL=postgres://… runs the journeys on PostgreSQL (a fresh database); SQLite otherwise.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  },
});

/** Screens wait for the server (a page's data, a refund, a list read again): longer than the runner's 10 s. */
const WAIT = { timeout: 20_000 };

let store: RunningStore;
let owner: Owner;
let product: ProductDto;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  // The owner, written through the same repository the admin:create script uses.
  owner = await createOwner(store);
  const products = (await apiOf(store.baseUrl).get("/api/product/list")).body.products as ProductDto[];
  const found = products.find((p) => (p.variants[0]?.stock ?? 0) >= 20);
  expect(found).toBeDefined();
  product = found!;
});

/** Puts one piece in the signed-in shopper's cart and saves a first address on /checkout; the page stays there. */
async function atCheckout(context: BrowserContext) {
  const page = await context.newPage();
  await new ProductPage(page).add(product.slug);
  await new CartPage(page).checkout();
  const checkout = new CheckoutPage(page);
  await expect(checkout.addressForm()).toBeVisible(WAIT);
  await checkout.addAddress({
    first: "Noura",
    last: "Saeed",
    address: "Villa 7, Street 9",
    city: "Dubai",
    state: "Dubai",
    postcode: "00000",
  });
  await expectToast(page, "Address Added");
  return page;
}

async function outboxSubjects(to: string): Promise<string[]> {
  return (await outboxOf(store.baseUrl, to)).map((m) => m.subject);
}

async function openOrder(page: Page, number: string) {
  const order = page.getByTestId("order").filter({ hasText: number });
  await order.getByTestId("order-open").click();
  const detail = page.getByTestId("order-detail");
  await expect(detail).toBeVisible(WAIT);
  return detail;
}

test.describe("after the sale", () => {
  // Each shopper in a browser of her own, signed in through the API (the log-in is not this journey's subject).
  let context: BrowserContext | undefined;
  const signedIn = async (shopper: Shopper, browser: Parameters<Shopper["context"]>[0]) => {
    context = await shopper.context(browser, "desktop");
    return context;
  };
  test.afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  test("pays by card on the sandbox, cancels from My Account, and sees 'Cancelled' and 'Refunded'", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const account = {
      name: "Noura",
      phone: "0507778899",
      email: "noura.cancel@example.com",
      password: "cancel-pass-123",
    };
    const shopper = await registerShopper(store.baseUrl, account);
    const page = await atCheckout(await signedIn(shopper, browser));
    const checkout = new CheckoutPage(page);
    await expect(checkout.placeOrderButton()).toHaveText("Place Order", WAIT);
    await checkout.placeOrder();
    await new SandboxCardPage(page).pay("4242 4242 4242 4242", "Noura Saeed");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);

    const row = page.getByTestId("order").first();
    await expect(row).toBeVisible(WAIT);
    await expect(row).toHaveAttribute("data-order-number", /^NA-\d+$/);
    const number = (await row.getAttribute("data-order-number")) ?? "";
    expect(number).toMatch(/^NA-\d+$/);
    const detail = await openOrder(page, number);
    const panel = detail.getByTestId("order-cancel");
    await expect(panel).toBeVisible(WAIT);
    await expect(panel).toContainText("You can cancel this order until", WAIT);
    await expect(detail.getByTestId("order-payment-status")).toHaveText("Paid", WAIT);
    await checkScreen(page);

    // She asks, is asked once more, and confirms; the confirming button has the focus.
    await panel.getByTestId("order-cancel-button").click();
    const confirm = panel.getByTestId("order-cancel-confirm");
    await expect(confirm).toBeFocused(WAIT);
    await expect(panel).toContainText(`Cancel order ${number}?`, WAIT);
    await confirm.click();

    const done = detail.getByTestId("order-cancelled");
    await expect(done).toContainText("Your order is cancelled and", WAIT);
    await expect(done).toContainText("is refunded to your card", WAIT);
    await expect(detail.getByTestId("order-status")).toContainText("Cancelled", WAIT);
    await expect(detail.getByTestId("order-payment-status")).toHaveText("Refunded", WAIT);
    await expect(detail.getByTestId("order-cancel")).toHaveCount(0, WAIT);
    await checkScreen(page);

    // The list reads it again: cancelled and refunded; the refund's mail waits in the store's outbox.
    await page.getByRole("link", { name: "Back to My Orders" }).click();
    const listed = page.getByTestId("order").filter({ hasText: number });
    await expect(listed.getByTestId("order-status")).toContainText("Cancelled", WAIT);
    await expect(listed.getByTestId("order-list-payment")).toContainText("Refunded", WAIT);
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

  test("places a cash-on-delivery order: the 'Order Placed' toast names it and links to it in My Account", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const account = {
      name: "Hessa",
      phone: "0506667788",
      email: "hessa.cod@example.com",
      password: "cod-pass-1234",
    };
    const shopper = await registerShopper(store.baseUrl, account);
    const page = await atCheckout(await signedIn(shopper, browser));
    await page.getByTestId("payment-cod").click();
    await expect(page.getByTestId("payment-cod").getByRole("radio")).toBeChecked(WAIT);
    await page.getByTestId("place-order").click();
    await expectToast(page, "Order Placed");
    // She points at the toast to read it, which holds it open (its 4 s run from when it was shown; on a busy
    // machine they could lapse between reading the link's text and clicking it).
    await toast(page, "Order Placed").hover();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const link = toast(page, "Order Placed").getByTestId("order-placed-link");
    await expect(link).toHaveText(/^View order NA-\d+ in My Account$/, WAIT);
    const number = /NA-\d+/.exec((await link.textContent()) ?? "")?.[0] ?? "";
    await link.click();
    await expect(page).toHaveURL(/\/account\?tab=orders&order=/, WAIT);
    const detail = page.getByTestId("order-detail");
    await expect(detail).toBeVisible(WAIT);
    await expect(detail.locator("#order-detail-title")).toHaveText(`Order ${number}`, WAIT);
    await expect(detail.getByTestId("order-payment-status")).toHaveText("To be paid on delivery");
    await expect(detail.getByTestId("order-cancel")).toBeVisible();
    await checkScreen(page);

    // The same order on /ar: the panel in Arabic, the order's number isolated in the question.
    await page.goto(new URL(page.url()).pathname.replace(/^/, "/ar") + new URL(page.url()).search);
    await waitForHydration(page);
    const arabic = page.getByTestId("order-cancel");
    await expect(arabic).toBeVisible(WAIT);
    await expect(arabic.locator("h4")).toHaveText("إلغاء هذا الطلب", WAIT);
    await expect(arabic).toContainText("يمكنكِ إلغاء هذا الطلب حتى", WAIT);
    await arabic.getByTestId("order-cancel-button").click();
    await expect(arabic).toContainText(`هل تريدين إلغاء الطلب \u2066${number}\u2069؟`, WAIT);
    await checkScreen(page);
    await page.close();
  });

  test("refunds from the back office's panel under one Idempotency-Key per form, the button disabled in flight, beside the dashboard's refunded figure; once packing, the shopper's page says why she cannot cancel", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A card order paid on the sandbox, placed through the API as the checkout would.
    const shopper = {
      name: "Maha",
      phone: "0505556677",
      email: "maha.refund@example.com",
      password: "refund-pass-123",
    };
    const maha = await registerShopper(store.baseUrl, shopper);
    const { token } = maha;
    const api = apiOf(store.baseUrl);
    const call = async (path: string, body: unknown, token?: string) =>
      (await api.post(path, body, token)).body;
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

    // One browser: the back office signed in as the owner, and the shopper's session beside it.
    const browserContext = await signedIn(maha, browser);
    await owner.signIn(browserContext);
    const page = await browserContext.newPage();
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.getByTestId("dashboard-figures")).toBeVisible(WAIT);
    const refundedToday = page.getByTestId("refunded-today");
    await expect(refundedToday).toContainText("Refunded today", WAIT);

    const keys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/admin/orders/${order._id}/refunds`))
        keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await page.goto(`/admin/orders/${order._id}`);
    const panel = page.getByTestId("order-refunds");
    await expect(panel).toBeVisible(WAIT);
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
    await expect(form.getByRole("button", { name: "Refunding…" })).toBeDisabled(WAIT);
    release();
    await expect(panel).toContainText("Partly refunded", WAIT);
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
    await expect(panel).toContainText("refunded AED 15");

    await checkScreen(page);

    // The owner starts packing it: the shopper's button is gone and a sentence says why.
    await page.getByRole("button", { name: "Move to Packing" }).click();
    await expect(page.getByTestId("order-events")).toContainText("Packing", WAIT);
    const shopperPage = await browserContext.newPage();
    await shopperPage.goto(`/account?tab=orders&order=${order._id}`);
    const detail = shopperPage.getByTestId("order-detail");
    await expect(detail).toBeVisible(WAIT);
    await expect(detail.getByTestId("order-cancel-closed")).toHaveText(
      "This order is already being prepared, so it can no longer be cancelled here. Contact us if you need to change it.",
      WAIT,
    );
    await expect(detail.getByTestId("order-cancel-button")).toHaveCount(0);
    await expect(detail.getByTestId("order-payment-status")).toHaveText("Partly refunded", WAIT);
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
