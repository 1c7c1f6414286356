import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import {
  expectAccessible,
  launchBrowser,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { logIn, registerVerified } from "./shopper.ts";

/**
 * Issue 15's back-office journeys: the owner runs the shop from /admin at desktop and tablet sizes.
 * She creates a product with two sizes and uploaded images and finds it on /shop, changes a price and
 * the product page shows it, moves a shopper's order (paid on the payment sandbox) to Delivered and the
 * shopper's My Orders says so, approves a review and answers a stitching request by e-mail. A customer
 * gets nothing from /admin. Axe on every admin screen.
 */

const SIZES = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;
type Size = keyof typeof SIZES;

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-admin-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string; name: string };
let staff: { email: string; name: string };
let customer: { email: string; password: string; phone: string; name: string };

beforeAll(async () => {
  [store, browser] = await Promise.all([
    // NODE_ENV=test: the dev outbox exists, so the journeys can read the mails the shop sent.
    startStore({
      NODE_ENV: "test",
      OTP_RESEND_SECONDS: "0",
      PASSWORD_HASH_COST: "10",
      DATABASE_URL: databaseUrl,
    }),
    launchBrowser(),
  ]);
  // The owner's account, written through the same repository the admin:create script uses.
  const database = openDatabase(databaseUrl);
  try {
    owner = await createRoleUser(database.db, "owner");
    staff = await createRoleUser(database.db, "staff");
  } finally {
    await database.close();
  }
  customer = {
    name: "Noora Customer",
    email: `noora.${Date.now()}@example.com`,
    phone: `055${String(Date.now() % 10_000_000).padStart(7, "0")}`,
    password: "customer-pass-1",
  };
  await registerVerified(store.baseUrl, customer);
});

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function newContext(size: Size): Promise<BrowserContext> {
  return browser.newContext({ baseURL: store.baseUrl, viewport: SIZES[size], reducedMotion: "reduce" });
}

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The owner (or another member of the staff) signs in on /admin/login and lands on the dashboard. */
async function ownerLogsIn(context: BrowserContext, who = owner): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/admin");
  await page.waitForURL(/\/admin\/login\?next=%2Fadmin/);
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByTestId("dashboard-figures").waitFor();
  await expect.poll(() => page.getByTestId("admin-user").textContent()).toContain(who.name);
  return page;
}

/** Opens an admin screen through the navigation (a client-side move) and waits for its heading. */
async function openScreen(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: link }).click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

async function expectNotice(page: Page, text: string | RegExp) {
  const notice = page.getByTestId("admin-notice").filter({ hasText: text });
  await notice.first().waitFor();
}

/** A small PNG made here with sharp: a flat colour the size of a product photo's thumbnail. */
function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A shopper (signed up and verified) with a token for the API. */
async function shopper(tag: string) {
  const account = {
    name: `Reem ${tag}`,
    email: `reem.${tag}.${Date.now()}@example.com`,
    phone: `056${String((Date.now() + tag.length * 7919) % 10_000_000).padStart(7, "0")}`,
    password: "shopper-pass-1",
  };
  await registerVerified(store.baseUrl, account);
  const login = await api("/api/user/login", { identifier: account.email, password: account.password });
  expect(login.status).toBe(200);
  return { ...account, token: String(login.body.token) };
}

interface ListedProduct {
  _id: string;
  slug: string;
  name: string;
  variants: { sku: string; stock: number | null }[];
}

/** The shopper pays for one unit by card on the payment sandbox; the provider's webhook settles it. */
async function paidOrder(token: string, product: ListedProduct): Promise<string> {
  const sku = product.variants.find((v) => v.stock === null || v.stock > 2)?.sku;
  expect(sku).toBeTruthy();
  const started = await api(
    "/api/order/paymennt",
    {
      address: {
        first_name: "Reem",
        last_name: "Saeed",
        address: "Villa 12, Street 4",
        city: "Dubai",
        state: "Dubai",
        postcode: "00000",
        country: "UAE",
      },
      line_items: [{ product_id: product._id, sku_id: sku, quantity: 1 }],
    },
    token,
  );
  expect(started.status).toBe(200);
  const checkoutUrl = new URL(String(started.body.checkoutUrl), store.baseUrl);
  const paid = await fetch(checkoutUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      card: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
      name: "Reem Saeed",
    }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  const hook = await fetch(`${store.baseUrl}/api/webhooks/paymennt`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ checkoutId: started.body.paymentId, status: "PAID" }),
  });
  expect(hook.ok).toBe(true);
  // The webhook is a hint: the store re-reads the payment and places the order; wait until My Orders has it.
  await expect
    .poll(
      async () => {
        const mine = await api("/api/order/userorders", {}, token);
        return ((mine.body.orders ?? []) as { orderNumber?: string }[]).some(
          (o) => o.orderNumber === started.body.orderNumber,
        );
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(true);
  return String(started.body.orderNumber);
}

async function outboxTo(email: string): Promise<{ subject: string; text: string }[]> {
  const { mails } = (await (await fetch(`${store.baseUrl}/dev/outbox.json`)).json()) as {
    mails: { to: string; subject: string; text: string }[];
  };
  return mails.filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

let demoProducts: ListedProduct[] = [];
let nextDemo = 0;
async function demoProduct(): Promise<ListedProduct> {
  if (demoProducts.length === 0) {
    demoProducts = (await (await fetch(`${store.baseUrl}/api/product/list?limit=40`)).json()).products;
  }
  const product = demoProducts[nextDemo++];
  if (!product) throw new Error("Too few demo products for the admin journeys");
  return product;
}

describe.each(["desktop", "tablet"] as Size[])("the owner at %s size", (size) => {
  it("creates a product with two sizes and images, finds it on /shop, then changes a price the product page shows", {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(size);
    try {
      const page = await ownerLogsIn(context);
      await expectAccessible(page);
      await openScreen(page, "Products", "Products");
      await expectAccessible(page);

      await page.getByRole("link", { name: "New product" }).click();
      await page.getByRole("heading", { level: 1, name: "New product" }).waitFor();
      const name = `Noor Test Abaya ${size} ${Date.now().toString(36)}`;
      await page.getByLabel("Name", { exact: true }).fill(name);
      const slug = await page.getByLabel("Slug").inputValue();
      expect(slug).toBe(name.toLowerCase().replaceAll(" ", "-"));
      await page
        .getByLabel("Description", { exact: true })
        .fill("A flowing crepe abaya made for the back-office journey.");
      await page.getByLabel("Category").selectOption("graceful-abayas");
      await page.getByLabel("Type").fill("Abaya");
      await page.getByLabel("Fabric").fill("Crepe");
      await page.getByLabel("Colours").fill("Black, Navy");
      await page.getByLabel("New", { exact: true }).check();
      const skuBase = `T-${size.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
      await page.getByLabel("Size 1", { exact: true }).fill("S/52");
      await page.getByLabel("SKU 1").fill(`${skuBase}-S`);
      await page.getByLabel("Price 1").fill("420");
      await page.getByLabel("Opening stock 1").fill("5");
      await page.getByRole("button", { name: "Add a size" }).click();
      await page.getByLabel("Size 2", { exact: true }).fill("M/54");
      await page.getByLabel("SKU 2").fill(`${skuBase}-M`);
      await page.getByLabel("Price 2").fill("440");
      await page.getByLabel("Discount 2").fill("10");
      await page.getByLabel("Opening stock 2").fill("3");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Create product" }).click();
      await page.waitForURL(/\/admin\/products\/[^/]+\?created=1$/);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await expect.poll(() => page.getByTestId("variant-row").count()).toBe(2);
      await expect.poll(() => page.getByTestId(`stock-${skuBase}-S`).textContent()).toBe("5");

      // Two images dropped at once (here chosen with the file input the drop zone labels).
      await page.getByLabel("Upload images").setInputFiles([
        { name: "front.png", mimeType: "image/png", buffer: await png("#1b1a19") },
        { name: "back.png", mimeType: "image/png", buffer: await png("#8b5e34") },
      ]);
      await expect.poll(() => page.getByTestId("admin-image").count(), { timeout: 30_000 }).toBe(2);
      // They keep the order they were dropped in: the black front first.
      await expect
        .poll(() => page.getByLabel("Alt text of image 1", { exact: true }).inputValue())
        .toBe(name);
      await page.getByLabel("Alt text of image 1", { exact: true }).fill("Front of the black crepe abaya");
      await page.getByTestId("admin-image").first().getByRole("button", { name: "Save" }).click();
      await expectNotice(page, "Alt text saved.");
      // Keyboard-reachable reordering: the second image moves first.
      await page.getByRole("button", { name: "Move image 2 earlier" }).click();
      await expectNotice(page, "Image order saved.");
      await expect
        .poll(() => page.getByLabel("Alt text of image 2", { exact: true }).inputValue())
        .toBe("Front of the black crepe abaya");
      await expectAccessible(page);

      // A stock adjustment (+2 received), never an overwrite.
      await page.getByLabel("Adjust the stock of S/52 by").fill("2");
      await page.getByTestId("variant-row").first().getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => page.getByTestId(`stock-${skuBase}-S`).textContent()).toBe("7");

      // A new product is a draft (issue 26): published, the storefront shows it at once.
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expectNotice(page, "Published: the shop shows it.");
      const shop = await context.newPage();
      await shop.goto(`/shop?search=${encodeURIComponent(name)}`);
      const card = shop.getByTestId("product-card").filter({ hasText: name });
      await card.waitFor();
      await expect.poll(() => card.locator("img").count()).toBeGreaterThan(0);

      // A new price for the first size; the product page shows it.
      await page.getByLabel("Price 1").fill("395");
      await page.getByRole("button", { name: "Save product" }).click();
      await expectNotice(page, "Product saved.");
      await shop.goto(`/product/${slug}`);
      await shop.getByTestId("product-price").waitFor();
      await expect.poll(() => shop.getByTestId("product-price").textContent()).toContain("395");
      await expect.poll(() => shop.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    } finally {
      await context.close();
    }
  });

  it("moves a shopper's paid order to Delivered, approves her review and answers her stitching request", {
    timeout: 240_000,
  }, async () => {
    const buyer = await shopper(size);
    const bought = await demoProduct();
    const orderNumber = await paidOrder(buyer.token, bought);
    const reviewed = await demoProduct();
    const comment = `The ${size} check: the stitching is neat and the fabric feels premium.`;
    expect(
      (await api("/api/review/create", { productId: reviewed._id, rating: 4, comment }, buyer.token)).status,
    ).toBe(201);
    const stitching = await api(
      "/api/stitching/request",
      {
        name: buyer.name,
        phoneNumber: buyer.phone,
        addressType: "Home",
        fullAddress: "Villa 12, Street 4, Al Barsha",
        city: "Dubai",
        pinCode: "123456",
        serviceType: "Graceful Abayas",
        itemCount: "2",
        message: `Two abayas to my measurements (${size}).`,
      },
      buyer.token,
    );
    expect(stitching.status).toBe(201);

    const context = await newContext(size);
    try {
      const page = await ownerLogsIn(context);

      // Orders: the shopper's order, found by its number, moved step by step.
      await openScreen(page, "Orders", "Orders");
      await page.getByLabel("Number, name, phone, e-mail or product").fill(orderNumber);
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByRole("link", { name: orderNumber }).click();
      await page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` }).waitFor();
      // Paid on the sandbox: a test order (decision 0015).
      await expect.poll(() => page.getByTestId("test-order-badge").textContent()).toBe("Test");
      await expectAccessible(page);
      const tracking = `AWB-${size.toUpperCase()}-778899`;
      for (const status of ["Packing", "Shipped", "Out for Delivery", "Delivered"]) {
        if (status === "Shipped") {
          // Issue 26: a courier and its tracking number, with a note to the shopper.
          await page.getByLabel("Courier").selectOption("Aramex");
          await page.getByLabel(/^Tracking number/).fill(tracking);
          await page.getByLabel(/^Note to the shopper/).fill("Please keep your phone on.");
          await expectAccessible(page);
        }
        await page.getByRole("button", { name: `Move to ${status}` }).click();
        await expectNotice(page, `Moved to ${status}.`);
        await page
          .getByTestId("order-events")
          .getByText(new RegExp(`→ ${status}$`))
          .waitFor();
      }
      await expect.poll(() => page.getByRole("button", { name: /^Move to/ }).count()).toBe(0);
      await expect.poll(() => page.getByTestId("order-shipping").textContent()).toContain(tracking);
      // An internal note stays with the shop.
      await page.getByLabel("Add a note").fill("Left with the building's guard.");
      await page.getByRole("button", { name: "Add note" }).click();
      await page.getByTestId("order-notes").getByText("Left with the building's guard.").waitFor();
      await expect.poll(() => page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
      await page.getByRole("link", { name: "Packing slip" }).click();
      await page.getByRole("heading", { level: 1, name: "Packing slip" }).waitFor();
      await expect.poll(() => page.getByRole("table").textContent()).toContain(bought.name);
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to the order" }).click();
      await page.getByRole("link", { name: "Test document — not a tax invoice" }).click();
      await page.getByRole("heading", { level: 1, name: "Test document — not a tax invoice" }).waitFor();
      await expect
        .poll(() => page.getByTestId("issued-document").textContent())
        .toContain("No money was taken.");
      await expectAccessible(page);

      // The shopper's My Orders says Delivered.
      const account = await context.newPage();
      await account.addInitScript((token) => localStorage.setItem("store.token", token), buyer.token);
      await account.goto("/account");
      const order = account.getByTestId("order").filter({ hasText: orderNumber });
      await expect
        .poll(() => order.getByTestId("order-status").textContent(), { timeout: 15_000 })
        .toContain("Delivered");
      // Her order's page shows the courier and tracking number, never the shop's internal note.
      await order.getByRole("link", { name: `View details of order ${orderNumber}` }).click();
      await account.getByTestId("order-tracking").waitFor({ timeout: 15_000 });
      await expect
        .poll(() => account.getByTestId("order-tracking").textContent(), { timeout: 15_000 })
        .toContain(`Tracking number: ${tracking}`);
      await expect.poll(() => account.getByTestId("order-detail").textContent()).not.toContain("guard");
      await account.close();

      // Customers: the owner finds her by e-mail, and her page lists the order, with a tap to call her.
      await openScreen(page, "Customers", "Customers");
      await page.getByLabel("Name, e-mail or phone").fill(buyer.email);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("link", { name: buyer.name }).click();
      await page.getByRole("heading", { level: 1, name: buyer.name }).waitFor();
      await page.getByTestId("customer-orders").getByRole("link", { name: orderNumber }).waitFor();
      await expect
        .poll(() => page.getByRole("link", { name: /^Call / }).getAttribute("href"))
        .toMatch(/^tel:\+9715\d{8}$/);
      await expect
        .poll(() => page.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))
        .toMatch(/^https:\/\/wa\.me\/9715\d{8}$/);
      await expectAccessible(page);

      // Reviews: hers waits (she did not buy that product); approved, the product page shows it.
      await openScreen(page, "Reviews", "Reviews waiting for approval");
      const pending = page.getByTestId("pending-review").filter({ hasText: comment });
      await pending.waitFor();
      await expectAccessible(page);
      await pending.getByRole("button", { name: /^Approve/ }).click();
      await expectNotice(page, "Review approved");
      await pending.waitFor({ state: "detached" });
      const product = await context.newPage();
      await product.goto(`/product/${reviewed.slug}`);
      await waitForHydration(product);
      await product.getByRole("tab", { name: /^Reviews/ }).click();
      await product.getByTestId("review-list").getByText(comment).waitFor();
      await product.close();

      // Inbox: her stitching request, answered by e-mail.
      await openScreen(page, "Requests & messages", "Requests & messages");
      await page.getByLabel("Kind").selectOption("stitching");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByRole("link", { name: String(stitching.body.reference) }).click();
      await page
        .getByRole("heading", { level: 1, name: `Stitching request ${stitching.body.reference}` })
        .waitFor();
      await expectAccessible(page);
      const reply = `Dear ${buyer.name}, our tailor will visit on Sunday to measure (${size}).`;
      await page.getByLabel("Message").fill(reply);
      await page.getByRole("button", { name: `Send reply to ${buyer.email}` }).click();
      // No SMTP_URL here: the reply is stored, and the screen says it waits for mail to be configured.
      await expectNotice(page, "Reply saved; the e-mail will be sent once mail is configured (SMTP_URL).");
      await page.getByTestId("request-replies").getByText(reply).waitFor();
      await expect
        .poll(async () => (await outboxTo(buyer.email)).some((m) => m.text.includes(reply)), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it("every other admin screen is axe clean", { timeout: 90_000 }, async () => {
    const context = await newContext(size);
    try {
      const page = await ownerLogsIn(context);
      for (const [link, heading] of [
        ["Blog", "Blog"],
        ["Settings", "Settings"],
        ["Staff", "Staff"],
        ["Audit log", "Audit log"],
        ["Mail", "Mail"],
      ] as const) {
        await openScreen(page, link, heading);
        await expectAccessible(page);
      }
      await openScreen(page, "Blog", "Blog");
      await page.getByRole("link", { name: "New post" }).click();
      await page.getByRole("toolbar", { name: "Formatting", exact: true }).waitFor();
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("the owner's mail screen", () => {
  it("lists the mails stored without SMTP_URL and resends one, which waits again", {
    timeout: 90_000,
  }, async () => {
    const context = await newContext("desktop");
    try {
      const page = await ownerLogsIn(context);
      await openScreen(page, "Mail", "Mail");
      await page
        .getByTestId("mail-configuration")
        .getByText(/^Mail is not configured/)
        .waitFor();
      // The customer's verification code, stored (no SMTP_URL here) and listed with its kind.
      const row = page
        .getByRole("region", { name: /^Undelivered mail/ })
        .getByRole("row")
        .filter({ hasText: customer.email })
        .filter({ hasText: "Verification code" });
      await row.first().waitFor();
      await expect.poll(() => row.first().textContent()).toContain("Waiting for mail to be configured");
      await expectAccessible(page);
      await row
        .first()
        .getByRole("button", { name: /^Resend/ })
        .click();
      await expectNotice(
        page,
        "Printed to the server's log again. Saved; the e-mail will be sent once mail is configured (SMTP_URL).",
      );
      await row.first().waitFor();
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("staff and customers", () => {
  it("a staff member has no Settings, Staff or Audit log, and an owner's page says it is the owner's", async () => {
    const context = await newContext("tablet");
    try {
      const page = await ownerLogsIn(context, staff);
      await expect.poll(() => page.getByTestId("admin-user").textContent()).toContain("staff");
      const nav = page.getByRole("navigation", { name: "Back office" });
      await expect
        .poll(() => nav.getByRole("link").allTextContents())
        // Staff handle returns and exchanges (decision 0032) and read the discount codes (0038).
        .toEqual([
          "Dashboard",
          "Orders",
          "Returns",
          "Customers",
          "Products",
          "Promotions",
          "Stitching styles",
          "Requests & messages",
          "Reviews",
          "Blog",
        ]);
      await page.goto("/admin/settings");
      await page.getByRole("heading", { level: 1, name: "This page is for the shop's owner" }).waitFor();
      await expect.poll(() => page.getByLabel("Shop name").count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it("a customer is sent to the staff log-in, refused there, and gets no admin data", async () => {
    const context = await newContext("desktop");
    try {
      // Signed in on the storefront (her token in localStorage) she still has no back-office session.
      const shop = await context.newPage();
      await shop.goto("/login");
      await waitForHydration(shop);
      await logIn(shop, customer.email, customer.password);
      await shop.waitForURL(/\/(shop|cart)$/);

      const page = await context.newPage();
      await page.goto("/admin/orders");
      await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
      await waitForHydration(page);
      await expect.poll(() => page.getByRole("navigation", { name: "Back office" }).count()).toBe(0);
      await page.getByLabel("E-mail").fill(customer.email);
      await page.getByLabel("Password").fill(customer.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "no access to the back office" }).waitFor();
      expect(page.url()).toMatch(/\/admin\/login/);
      await expectAccessible(page);
      const answer = await page.evaluate(async () => {
        const res = await fetch("/api/admin/orders", {
          headers: { token: localStorage.getItem("store.token") ?? "" },
        });
        return { status: res.status, body: await res.text() };
      });
      // No back-office session: refused (the storefront token opens nothing under /api/admin).
      expect([401, 403]).toContain(answer.status);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false });
      expect(answer.body).not.toContain("orderNumber");
    } finally {
      await context.close();
    }
  });
});
