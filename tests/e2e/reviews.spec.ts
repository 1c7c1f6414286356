import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  type ViewportName,
  waitForHydration,
} from "./harness.ts";

/**
 * Issue #10's review journeys: a visitor is asked to log in; a shopper (signed up through the API, e-mail
 * verified with the code from the store's dev outbox) writes a review through the product page's dialog,
 * meets the SPEC §5 checks first, and then sees the review as pending (no purchase: SPEC §5 approval).
 */

let store: RunningStore;
let browser: Browser;
/** The store's SQLite file: an order is written into it the way a placed order is kept today. */
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-reviews-"));
const databaseFile = join(dataDir, "store.db");
let products: { _id: string; slug: string; name: string }[];
let nextProduct = 0;
let shoppers = 0;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    // NODE_ENV=test: the dev outbox exists, so the e-mail code can be read.
    startStore({
      NODE_ENV: "test",
      OTP_RESEND_SECONDS: "0",
      PASSWORD_HASH_COST: "10",
      DATABASE_URL: `file:${databaseFile}`,
    }),
    launchBrowser(),
  ]);
  const list = await (await fetch(`${store.baseUrl}/api/product/list?limit=40`)).json();
  products = list.products;
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs a shopper up, verifies the e-mail with the mailed code and logs in: the session token. */
async function signedUpShopper(name: string): Promise<string> {
  return (await signUp(name)).token;
}

async function signUp(name: string): Promise<{ token: string; userId: string }> {
  shoppers += 1;
  const email = `reviewer${shoppers}.${Date.now()}@example.com`;
  const phone = `05${String(5_000_000 + shoppers * 7919 + (Date.now() % 1000)).padStart(8, "0")}`;
  const password = "review-pass-1";
  expect((await api("/api/user/register", { name, email, phone, password })).status).toBe(201);

  let code: string | undefined;
  const deadline = Date.now() + 10_000;
  while (!code && Date.now() < deadline) {
    const { mails } = (await (await fetch(`${store.baseUrl}/dev/outbox.json`)).json()) as {
      mails: { to: string; subject: string; text: string }[];
    };
    const mine = mails.find((m) => m.to.toLowerCase() === email);
    code = mine ? /\b(\d{6})\b/.exec(`${mine.subject}\n${mine.text}`)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  expect(code).toBeDefined();
  expect((await api("/api/user/verify-email-otp", { email, otp: code })).status).toBe(200);
  const login = await api("/api/user/login", { identifier: email, password });
  expect(login.status).toBe(200);
  return { token: login.body.token as string, userId: (login.body.user as { _id: string })._id };
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
  await page.getByRole("tabpanel", { name: /^Reviews/ }).waitFor();
  return page;
}

async function signIn(context: BrowserContext, token: string) {
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem("store.token")) window.localStorage.setItem("store.token", value);
  }, token);
}

/** The signed-in panel's button, once the server has said the shopper may review (SPEC §5 canReview). */
async function shoppersWriteButton(page: Page): Promise<Locator> {
  const write = page.getByTestId("review-panel").getByRole("button", { name: "Write a Review" });
  await write.waitFor();
  await expect.poll(() => write.isEnabled()).toBe(true);
  return write;
}

function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
}

async function expectToast(page: Page, title: string, description?: string) {
  const item = toast(page, title);
  await item.waitFor({ state: "visible" });
  if (description) await expect.poll(() => item.textContent()).toContain(description);
}

/** The review count the Reviews tab shows: SPEC §5 counts published reviews only. */
async function tabCount(page: Page): Promise<number> {
  const text = (await page.getByRole("tab", { name: /^Reviews/ }).textContent()) ?? "";
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

const COMMENT = "The crepe drapes beautifully and the sleeves are the perfect length for me.";

describe.each(["phone", "desktop"] as ViewportName[])("reviews at %s size", (viewport) => {
  it("a visitor who wants to write a review is asked to log in", async () => {
    const context = await newContext(browser, viewport, store.baseUrl);
    try {
      const product = freshProduct();
      const page = await openReviews(context, product.slug);
      await page.getByRole("button", { name: "Write a Review" }).click();
      await expectToast(page, "Please login to submit a review");
      const link = page.getByRole("link", { name: "Log in to write a review" });
      await expect.poll(() => link.getAttribute("href")).toBe("/login");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await expectAccessible(page);
      await link.click();
      await page.waitForURL(/\/login$/);
    } finally {
      await context.close();
    }
  });

  it("a shopper writes a review: the checks first, then it is sent and shown as awaiting approval", {
    timeout: 120_000,
  }, async () => {
    const token = await signedUpShopper(`Amal ${viewport}`);
    const context = await newContext(browser, viewport, store.baseUrl);
    try {
      await signIn(context, token);
      const product = freshProduct();
      const page = await openReviews(context, product.slug);
      const countBefore = await tabCount(page);

      const write = await shoppersWriteButton(page);
      await write.click();
      const dialog = page.getByRole("dialog", { name: "Write a Review" });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain(product.name);
      await expectAccessible(page);

      // SPEC §5: nothing chosen, nothing written.
      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await dialog.getByText("Please select a rating").waitFor();
      await dialog.getByText("Please write a review with at least 10 characters").waitFor();
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
      await expect.poll(() => dialog.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
      await expect.poll(() => dialog.getByText("Please select a rating").count()).toBe(0);

      const comment = dialog.getByLabel("Your review");
      await comment.fill("   Too short   ");
      await expect.poll(() => dialog.getByTestId("review-counter").textContent()).toBe("15/1000");
      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await dialog.getByText("Please write a review with at least 10 characters").waitFor();

      await comment.fill(COMMENT);
      await expect
        .poll(() => dialog.getByTestId("review-counter").textContent())
        .toBe(`${COMMENT.length}/1000`);

      if (viewport === "desktop") {
        // The connection drops: SPEC §8 network failure texts, and the form keeps what was written.
        await page.route("**/api/review/create", (route) => route.abort("internetdisconnected"));
        await dialog.getByRole("button", { name: "Submit Review" }).click();
        await expectToast(page, "Error submitting review", "Please try again later.");
        await expect.poll(() => comment.inputValue()).toBe(COMMENT);
        await page.unroute("**/api/review/create");
      }

      // The request is slowed so the submitting state can be seen.
      await page.route("**/api/review/create", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await dialog.getByRole("button", { name: "Submitting..." }).waitFor();
      await expectToast(page, "Review submitted", "will appear once the shop approves it");
      await dialog.waitFor({ state: "hidden" });

      // The shopper sees their own review, awaiting approval, instead of the button.
      const own = page.getByTestId("own-review");
      await own.waitFor();
      // The focus lands on what was written, not on the page's top.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
        .toBe("own-review");
      await expect.poll(() => own.getByText("Your review is awaiting approval").isVisible()).toBe(true);
      await expect.poll(() => own.textContent()).toContain(COMMENT);
      await expect.poll(() => own.getByText("4 stars").count()).toBe(1);
      await expect.poll(() => page.getByRole("button", { name: "Write a Review" }).count()).toBe(0);
      // Pending: not in the public list, not counted.
      await expect.poll(() => page.getByTestId("review-list").getByText(COMMENT).count()).toBe(0);
      await expect.poll(() => tabCount(page)).toBe(countBefore);

      // After a reload the server still says so.
      await page.reload();
      await waitForHydration(page);
      await page.getByRole("tab", { name: /^Reviews/ }).click();
      await page.getByTestId("own-review").getByText("Your review is awaiting approval").waitFor();
      await expect.poll(() => page.getByRole("button", { name: "Write a Review" }).count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("a buyer's review", () => {
  it("is published at once as a verified purchase: the list and the summary show it", {
    timeout: 120_000,
  }, async () => {
    const { token, userId } = await signUp("Hessa Buyer");
    const product = freshProduct();
    placeOrder(userId, product._id);
    const context = await newContext(browser, "phone", store.baseUrl);
    try {
      await signIn(context, token);
      const page = await openReviews(context, product.slug);
      const countBefore = await tabCount(page);
      const write = await shoppersWriteButton(page);
      await write.click();
      const dialog = page.getByRole("dialog", { name: "Write a Review" });
      await dialog.waitFor();
      await dialog.getByRole("radio", { name: "5 stars" }).check({ force: true });
      const comment = "Bought it for Eid: <b>stunning</b> & comfortable all evening.";
      await dialog.getByLabel("Your review").fill(comment);
      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await expectToast(page, "Review submitted", "Your review is now live.");

      // The page's data is reloaded: the review heads the list, counted, with its badge, as text.
      await expect.poll(() => tabCount(page)).toBe(countBefore + 1);
      const first = page.getByTestId("review-list").locator("li").first();
      await expect.poll(() => first.textContent()).toContain(comment);
      await expect.poll(() => first.textContent()).toContain("Hessa Buyer");
      await expect.poll(() => first.getByText("Verified purchase").isVisible()).toBe(true);
      await expect.poll(() => first.locator("b").count()).toBe(0);
      const own = page.getByTestId("own-review");
      await own.waitFor();
      await expect.poll(() => own.getByText("Your review is awaiting approval").count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("a review refused by the server", () => {
  it("shows 'Failed to submit review' with the server's message, then the review already written", {
    timeout: 120_000,
  }, async () => {
    const token = await signedUpShopper("Noura Desk");
    const context = await newContext(browser, "desktop", store.baseUrl);
    try {
      await signIn(context, token);
      const product = freshProduct();
      const page = await openReviews(context, product.slug);
      const write = await shoppersWriteButton(page);
      await write.click();
      const dialog = page.getByRole("dialog", { name: "Write a Review" });
      await dialog.waitFor();
      await dialog.getByRole("radio", { name: "5 stars" }).check({ force: true });
      await dialog.getByLabel("Your review").fill(COMMENT);

      // Meanwhile the same shopper reviewed the product from another device.
      const elsewhere = await api(
        "/api/review/create",
        { productId: product._id, rating: 2, comment: "Written on my phone a moment ago." },
        token,
      );
      expect(elsewhere.status).toBe(201);

      await dialog.getByRole("button", { name: "Submit Review" }).click();
      await expectToast(page, "Failed to submit review", "You have already reviewed this product.");
      await dialog.waitFor({ state: "hidden" });
      const own = page.getByTestId("own-review");
      await own.waitFor();
      await expect.poll(() => own.textContent()).toContain("Written on my phone a moment ago.");
    } finally {
      await context.close();
    }
  });
});
