import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  apiOf,
  contextOptions,
  expect,
  type RunningStore,
  registerShopper,
  type Shopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, openPage, type ViewportName, waitForHydration } from "./harness.ts";
import { expectToast } from "./shopper.ts";

/**
 * Issue #10's review journeys: a visitor is asked to log in; a shopper (signed up through the API, e-mail
 * verified with the code from the store's dev outbox) writes a review through the product page's dialog,
 * meets the SPEC §5 checks first, and then sees the review as pending (no purchase: SPEC §5 approval).
 */

// NODE_ENV=test: the dev outbox exists, so the e-mail code can be read.
test.use({ storeEnv: { NODE_ENV: "test", OTP_RESEND_SECONDS: "0" } });

let store: RunningStore;
/** The store's SQLite file: an order is written into it the way a placed order is kept today. */
let databaseFile: string;
let products: { _id: string; slug: string; name: string }[];
let nextProduct = 0;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  databaseFile = store.databaseFile;
  products = (await apiOf(store.baseUrl).get("/api/product/list?limit=40")).body.products as typeof products;
});

/** Signs a shopper up through the API, her e-mail verified with the mailed code, and logs her in. */
function signUp(name: string): Promise<Shopper> {
  return registerShopper(store.baseUrl, { name, password: "review-pass-1" }, test.info().workerIndex);
}

/** The account's id, as the log-in answers it. */
async function userIdOf(shopper: Shopper): Promise<string> {
  const login = await apiOf(store.baseUrl).post("/api/user/login", {
    identifier: shopper.email,
    password: shopper.password,
  });
  expect(login.status).toBe(200);
  return (login.body.user as { _id: string })._id;
}

/** A placed (paid) order of the shopper holding the product, written into the order tables. */
function placeOrder(userId: string, productId: string) {
  const db = new DatabaseSync(databaseFile);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const at = new Date().toISOString();
    const orderId = randomUUID();
    db.prepare(
      `insert into orders (id, order_number, user_id, status, payment_status, payment_mode, delivery_type, currency,
         subtotal_fils, shipping_fils, tax_fils, total_fils, ship_first_name, ship_last_name, ship_address,
         ship_landmark, ship_city, ship_state, ship_postcode, ship_country, ship_email, ship_phone,
         needs_attention, placed_at, created_at, updated_at)
       values (?, ?, ?, 'Order Placed', 'paid', 'online', 'next day delivery', 'AED', 45000, 0, 2143, 45000,
         'Hessa', '', 'Villa 3', '', 'Dubai', 'Dubai', '00000', 'UAE', '', '+971501234567', 0, ?, ?, ?)`,
    ).run(orderId, `NA-${Math.floor(900000 + Math.random() * 99999)}`, userId, at, at, at);
    db.prepare(
      `insert into order_lines (id, order_id, position, product_id, variant_id, sku, name, size, color, image,
         unit_price_fils, quantity, line_total_fils, vat_fils)
       values (?, ?, 0, ?, null, 'SKU', 'Abaya', 'M/54', 'Black', '/media/x.webp', 45000, 1, 45000, 2143)`,
    ).run(randomUUID(), orderId, productId);
  } finally {
    db.close();
  }
}

/** A product no other journey of this file reviews. */
function freshProduct() {
  const product = products[nextProduct++];
  if (!product) throw new Error("Too few products for the review journeys");
  return product;
}

/** Opens the product page and its Reviews tab (signed in when the context holds a token). */
async function openReviews(context: BrowserContext, slug: string): Promise<Page> {
  const page = await openPage(context, `/product/${slug}`);
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  await expect(page.getByRole("tabpanel", { name: /^Reviews/ })).toBeVisible();
  return page;
}

/** The signed-in panel's button, once the server has said the shopper may review (SPEC §5 canReview). */
async function shoppersWriteButton(page: Page): Promise<Locator> {
  const write = page.getByTestId("review-panel").getByRole("button", { name: "Write a Review" });
  await expect(write).toBeVisible();
  await expect(write).toBeEnabled();
  return write;
}

/** The Reviews tab, whose label counts the published reviews (SPEC §5). */
const reviewsTab = (page: Page) => page.getByRole("tab", { name: /^Reviews/ });

/** The review count the Reviews tab shows, once it shows one. */
async function tabCount(page: Page): Promise<number> {
  await expect(reviewsTab(page)).toHaveText(/\(\d+\)/);
  const text = (await reviewsTab(page).textContent()) ?? "";
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

/** The tab counts `n` reviews. */
const expectTabCount = (page: Page, n: number) => expect(reviewsTab(page)).toContainText(`(${n})`);

const COMMENT = "The crepe drapes beautifully and the sleeves are the perfect length for me.";

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  test.describe(`reviews at ${viewport} size`, () => {
    test("a visitor who wants to write a review is asked to log in", async ({ browser }) => {
      const context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      try {
        const product = freshProduct();
        const page = await openReviews(context, product.slug);
        await page.getByRole("button", { name: "Write a Review" }).click();
        await expectToast(page, "Please login to submit a review");
        const link = page.getByRole("link", { name: "Log in to write a review" });
        await expect(link).toHaveAttribute("href", "/login");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expectAccessible(page);
        await link.click();
        await expect(page).toHaveURL(/\/login$/);
      } finally {
        await context.close();
      }
    });

    test("a shopper writes a review: the checks first, then it is sent and shown as awaiting approval", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const shopper = await signUp(`Amal ${viewport}`);
      const context = await shopper.context(browser, viewport);
      try {
        const product = freshProduct();
        const page = await openReviews(context, product.slug);
        const countBefore = await tabCount(page);

        const write = await shoppersWriteButton(page);
        await write.click();
        const dialog = page.getByRole("dialog", { name: "Write a Review" });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(product.name);
        await expectAccessible(page);

        // SPEC §5: nothing chosen, nothing written.
        await dialog.getByRole("button", { name: "Submit Review" }).click();
        await expect(dialog.getByText("Please select a rating")).toBeVisible();
        await expect(dialog.getByText("Please write a review with at least 10 characters")).toBeVisible();
        // The first problem has the focus: the rating group.
        await expect
          .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).name))
          .toBe("rating");
        await expectAccessible(page);

        // The stars are a radio group: arrow keys choose, each star is labelled.
        await page.keyboard.press("Space");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await expect(dialog.getByRole("radio", { name: "4 stars" })).toBeChecked();
        await expect(dialog.getByText("Please select a rating")).toHaveCount(0);

        const comment = dialog.getByLabel("Your review");
        await comment.fill("   Too short   ");
        await expect(dialog.getByTestId("review-counter")).toHaveText("15/1000");
        await dialog.getByRole("button", { name: "Submit Review" }).click();
        await expect(dialog.getByText("Please write a review with at least 10 characters")).toBeVisible();

        await comment.fill(COMMENT);
        await expect(dialog.getByTestId("review-counter")).toHaveText(`${COMMENT.length}/1000`);

        if (viewport === "desktop") {
          // The connection drops: SPEC §8 network failure texts, and the form keeps what was written.
          await page.route("**/api/review/create", (route) => route.abort("internetdisconnected"));
          await dialog.getByRole("button", { name: "Submit Review" }).click();
          await expectToast(page, "Error submitting review", "Please try again later.");
          await expect(comment).toHaveValue(COMMENT);
          await page.unroute("**/api/review/create");
        }

        // The request is held in the network until the submitting state has been seen.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route("**/api/review/create", async (route) => {
          await held;
          await route.continue();
        });
        await dialog.getByRole("button", { name: "Submit Review" }).click();
        await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeVisible();
        release();
        await expectToast(page, "Review submitted", "will appear once the shop approves it");
        await expect(dialog).toBeHidden();

        // The shopper sees their own review, awaiting approval, instead of the button.
        const own = page.getByTestId("own-review");
        await expect(own).toBeVisible();
        // The focus lands on what was written, not on the page's top.
        await expect(own).toBeFocused();
        await expect(own.getByText("Your review is awaiting approval")).toBeVisible();
        await expect(own).toContainText(COMMENT);
        await expect(own.getByText("4 stars")).toHaveCount(1);
        await expect(page.getByRole("button", { name: "Write a Review" })).toHaveCount(0);
        // Pending: not in the public list, not counted.
        await expect(page.getByTestId("review-list").getByText(COMMENT)).toHaveCount(0);
        await expectTabCount(page, countBefore);

        // After a reload the server still says so.
        await page.reload();
        await waitForHydration(page);
        await page.getByRole("tab", { name: /^Reviews/ }).click();
        await expect(
          page.getByTestId("own-review").getByText("Your review is awaiting approval"),
        ).toBeVisible();
        await expect(page.getByRole("button", { name: "Write a Review" })).toHaveCount(0);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  });
}

test.describe("a buyer's review", () => {
  test("is published at once as a verified purchase: the list and the summary show it", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shopper = await signUp("Hessa Buyer");
    const product = freshProduct();
    placeOrder(await userIdOf(shopper), product._id);
    const context = await shopper.context(browser, "phone");
    try {
      const page = await openReviews(context, product.slug);
      const countBefore = await tabCount(page);
      const write = await shoppersWriteButton(page);
      await write.click();
      const dialog = page.getByRole("dialog", { name: "Write a Review" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: "5 stars" }).check({ force: true });
      const comment = "Bought it for Eid: <b>stunning</b> & comfortable all evening.";
      await dialog.getByLabel("Your review").fill(comment);
      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await expectToast(page, "Review submitted", "Your review is now live.");

      // The page's data is reloaded: the review heads the list, counted, with its badge, as text.
      await expectTabCount(page, countBefore + 1);
      const first = page.getByTestId("review-list").locator("li").first();
      await expect(first).toContainText(comment);
      await expect(first).toContainText("Hessa Buyer");
      await expect(first.getByText("Verified purchase")).toBeVisible();
      await expect(first.locator("b")).toHaveCount(0);
      const own = page.getByTestId("own-review");
      await expect(own).toBeVisible();
      await expect.poll(() => own.getByText("Your review is awaiting approval").count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

test.describe("a review refused by the server", () => {
  test("shows 'Failed to submit review' with the server's message, then the review already written", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shopper = await signUp("Noura Desk");
    const token = shopper.token;
    const context = await shopper.context(browser, "desktop");
    try {
      const product = freshProduct();
      const page = await openReviews(context, product.slug);
      const write = await shoppersWriteButton(page);
      await write.click();
      const dialog = page.getByRole("dialog", { name: "Write a Review" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: "5 stars" }).check({ force: true });
      await dialog.getByLabel("Your review").fill(COMMENT);

      // Meanwhile the same shopper reviewed the product from another device.
      const elsewhere = await apiOf(store.baseUrl).post(
        "/api/review/create",
        { productId: product._id, rating: 2, comment: "Written on my phone a moment ago." },
        token,
      );
      expect(elsewhere.status).toBe(201);

      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await expectToast(page, "Failed to submit review", "You have already reviewed this product.");
      await expect(dialog).toBeHidden();
      const own = page.getByTestId("own-review");
      await expect(own).toBeVisible();
      await expect(own).toContainText("Written on my phone a moment ago.");
    } finally {
      await context.close();
    }
  });
});
