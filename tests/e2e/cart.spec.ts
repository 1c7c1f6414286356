import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "#core/catalog.ts";
import { aedToFils, formatAed } from "#core/money.ts";
import { variantPrices } from "#core/pricing.ts";
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

let store: RunningStore;
let browser: Browser;
let catalog: ProductDto[];
let dir: string;
let db: DatabaseSync;

beforeAll(async () => {
  // Our own database file, so a test can change stock behind the shop's back.
  dir = mkdtempSync(join(tmpdir(), "store-cart-e2e-"));
  const file = join(dir, "store.db");
  [store, browser] = await Promise.all([startStore({ DATABASE_URL: `file:${file}` }), launchBrowser()]);
  db = new DatabaseSync(file);
  catalog = ((await (await fetch(`${store.baseUrl}/api/product/list`)).json()) as { products: ProductDto[] })
    .products;
});
afterAll(async () => {
  db?.close();
  await browser?.close();
  await store?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const tracked = (stock: number | null, min: number, max: number) =>
  stock !== null && stock >= min && stock <= max;
const unit = (v: ProductDto["variants"][number]) => aedToFils(variantPrices(v).salePrice ?? v.retail_price);
const aed = (fils: number) => formatAed(fils).replace(/\s/g, " ");
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? "").replace(/\s/g, " ");

/** On the product page: choose a size and press Add to Cart; SPEC §4 then goes to /cart. */
async function addFromProductPage(page: Page, product: ProductDto, size: string) {
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const sizes = page.getByTestId("size-buttons");
  // The radio is visually hidden inside its label, which a shopper taps.
  const choice = sizes.getByRole("radio", { name: size, exact: true }).locator("..");
  if (await sizes.isVisible()) await choice.click();
  await page.getByTestId("add-to-cart").click();
  await page.waitForURL(/\/cart$/);
  await page.getByTestId("cart-line").first().waitFor();
}

let shopperCount = 0;
async function registerShopper(): Promise<{ phone: string; password: string }> {
  shopperCount += 1;
  // A UAE mobile number (055 prefix), unique within the run.
  const phone = `055${String(Date.now()).slice(-6)}${shopperCount % 10}`;
  const password = "cart-pass-123";
  const res = await fetch(`${store.baseUrl}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Cart Shopper", phone, password }),
  });
  expect(res.status).toBeLessThan(300);
  return { phone, password };
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email or Phone").fill(identifier);
  await page.getByLabel(/^Password\*?$/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe.each(["desktop", "phone"] as ViewportName[])("a shopper's cart on %s", (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, viewport, store.baseUrl);
  });
  afterAll(() => context.close());

  it("adds two sizes of one product and one of another, steps to the stock, moves, removes, empties", async () => {
    const first = catalog.find(
      (p) =>
        p.variants.filter((v) => tracked(v.stock, 2, 10)).length >= 2 &&
        p.type !== "Unstitched" &&
        p.variants[0] !== undefined &&
        tracked(p.variants[0].stock, 2, 10),
    )!;
    expect(first).toBeDefined();
    const second = catalog.find((p) => p._id !== first._id && tracked(p.variants[0]?.stock ?? null, 1, 50))!;
    const [a, b] = first.variants.filter((v) => tracked(v.stock, 2, 10)) as [
      ProductDto["variants"][number],
      ProductDto["variants"][number],
    ];
    const c = second.variants[0]!;

    const page = await openPage(context, "/cart");
    await expect.poll(() => page.getByTestId("cart-empty").textContent()).toBe("Your cart is empty");
    await addFromProductPage(page, first, a.filter_value);
    await addFromProductPage(page, first, b.filter_value);
    await addFromProductPage(page, second, c.filter_value);

    const lines = page.getByTestId("cart-line");
    await lines.nth(2).waitFor();
    await expect.poll(() => lines.count()).toBe(3);
    await expect
      .poll(() => lines.getByTestId("line-size").allTextContents())
      .toEqual([a.filter_value, b.filter_value, c.filter_value]);
    const total = unit(a) + unit(b) + unit(c);
    await expect.poll(() => text(page, "cart-total")).toBe(aed(total));
    await expect.poll(() => text(page, "cart-subtotal")).toBe(aed(total));
    await expect.poll(() => page.getByTestId("cart-shipping").textContent()).toBe("Free");
    await expect.poll(() => page.getByTestId("proceed-to-checkout").isEnabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId("header-cart").getByTestId("cart-count").textContent())
      .toBe("3");
    await expectAccessible(page);
    // The cart's cookie copy goes to /cart and /checkout only: the server draws /cart with the lines,
    // and the public pages' requests carry no copy of it.
    const drawn = await page.request.get("/cart").then((r) => r.text());
    expect(drawn).toContain(first.name);
    expect(drawn).toContain(second.name);
    const cookieOn = async (path: string) =>
      (await context.cookies(new URL(path, page.url()).href)).some((cookie) => cookie.name === "store_cart");
    await expect.poll(() => cookieOn("/cart")).toBe(true);
    await expect.poll(() => cookieOn("/checkout")).toBe(true);
    await expect.poll(() => cookieOn("/")).toBe(false);
    await expect.poll(() => cookieOn("/shop")).toBe(false);

    // SPEC §5: the stepper stops at the size's stock.
    const line = lines.first();
    const increase = line.getByRole("button", { name: /Increase quantity/ });
    for (let i = 1; i < a.stock!; i++) await increase.click();
    await expect.poll(() => line.getByTestId("line-quantity").textContent()).toBe(String(a.stock));
    await expect.poll(() => increase.isDisabled()).toBe(true);
    await expect.poll(() => text(page, "cart-total")).toBe(aed(unit(a) * a.stock! + unit(b) + unit(c)));

    await lines
      .nth(1)
      .getByRole("button", { name: /^Move to Wishlist/ })
      .click();
    await page.getByText("Moved to wishlist").waitFor();
    await expect.poll(() => lines.count()).toBe(2);
    await lines
      .first()
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect.poll(() => lines.count()).toBe(1);
    await lines
      .first()
      .getByRole("button", { name: /^Remove/ })
      .click();
    await page.getByTestId("cart-empty").waitFor();
    await expect
      .poll(() => page.getByRole("link", { name: "Continue Shopping" }).getAttribute("href"))
      .toBe("/shop");

    await page.goto("/wishlist");
    await waitForHydration(page);
    const saved = page.getByTestId("wishlist-item");
    await expect.poll(() => saved.count()).toBe(1);
    await expect.poll(() => saved.locator("h2").textContent()).toBe(first.name);
    await expectAccessible(page);
    await saved.getByRole("button", { name: `Remove ${first.name} from wishlist` }).click();
    await page.getByTestId("wishlist-empty").waitFor();
    await expect
      .poll(() => page.getByRole("link", { name: "Browse the Shop" }).getAttribute("href"))
      .toBe("/shop");
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("logs in with a filled cart: the server cart holds it and another browser sees it", async () => {
    const product = catalog.find((p) => tracked(p.variants[0]?.stock ?? null, 3, 50))!;
    const size = product.variants[0]!.filter_value;
    const shopper = await registerShopper();
    const page = await openPage(context, "/cart");
    await addFromProductPage(page, product, size);
    await logIn(page, shopper.phone, shopper.password);
    // SPEC §2 /login: a token holder with items in the cart lands on /cart.
    await page.waitForURL(/\/cart$/);
    await page.getByTestId("cart-line").first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem("store.token"));
    const server = await (
      await fetch(`${store.baseUrl}/api/cart/get`, {
        method: "POST",
        headers: { token: token!, "content-type": "application/json" },
        body: "{}",
      })
    ).json();
    expect(server.cartData).toEqual({
      [product._id]: { quantity: 1, lines: [{ size, color: product.colors[0] ?? "", quantity: 1 }] },
    });

    const other = await newContext(browser, viewport, store.baseUrl);
    const elsewhere = await other.newPage();
    await logIn(elsewhere, shopper.phone, shopper.password);
    await elsewhere.waitForURL(/\/cart$/);
    await waitForHydration(elsewhere);
    await elsewhere.getByTestId("cart-line").first().waitFor();
    await expect
      .poll(() => elsewhere.getByTestId("cart-line").getByTestId("line-name").allTextContents())
      .toEqual([product.name]);
    await other.close();
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("shows the out-of-stock text and blocks checkout when a size sells out meanwhile", async () => {
    const product = catalog.find(
      (p) => p.variants.length === 1 || tracked(p.variants[0]?.stock ?? null, 2, 50),
    )!;
    const variant = product.variants[0]!;
    const page = await openPage(context, "/cart");
    await addFromProductPage(page, product, variant.filter_value);
    await expect.poll(() => page.getByTestId("proceed-to-checkout").isEnabled()).toBe(true);
    const before = variant.stock;
    db.prepare("update product_variants set stock = 0 where sku = ?").run(variant.sku);
    try {
      await page.reload();
      await waitForHydration(page);
      await page.getByTestId("line-problem").waitFor();
      await expect
        .poll(() => page.getByTestId("line-problem").textContent())
        .toBe(`${product.name} (${variant.filter_value}) is out of stock`);
      await expect.poll(() => page.getByTestId("proceed-to-checkout").isDisabled()).toBe(true);
      await expectAccessible(page);
    } finally {
      db.prepare("update product_variants set stock = ? where sku = ?").run(before, variant.sku);
    }
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("follows another tab: a line added there shows here with the badge", async () => {
    const product = catalog.find((p) => tracked(p.variants[0]?.stock ?? null, 2, 50))!;
    const here = await openPage(context, "/cart");
    await here.getByTestId("cart-empty").waitFor();
    const there = await context.newPage();
    await addFromProductPage(there, product, product.variants[0]!.filter_value);
    await here.getByTestId("cart-line").first().waitFor();
    await expect.poll(() => here.getByTestId("line-name").textContent()).toBe(product.name);
    await expect
      .poll(() => here.getByTestId("header-cart").getByTestId("cart-count").textContent())
      .toBe("1");
    await here.evaluate(() => localStorage.clear());
    await there.close();
    await here.close();
  });

  it("keeps a signed-in shopper's change when the server refuses it, and says why", async () => {
    const product = catalog.find(
      (p) => p._id !== catalog[0]?._id && tracked(p.variants[0]?.stock ?? null, 2, 50),
    )!;
    const variant = product.variants[0]!;
    const shopper = await registerShopper();
    const page = await openPage(context, "/login");
    await logIn(page, shopper.phone, shopper.password);
    await page.waitForURL(/\/shop/);
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    // The size sells out after the page showed it in stock: the browser adds, the server refuses.
    db.prepare("update product_variants set stock = 0 where sku = ?").run(variant.sku);
    try {
      // The refusal's toast lasts a few seconds: watch for it from before the tap, so a slow navigation to
      // /cart cannot make the journey miss it.
      const refusal = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Only 0 in stock for selected size" })
        .filter({ has: page.getByText("Error", { exact: true }) })
        .first()
        .waitFor();
      await page.getByTestId("add-to-cart").click();
      await page.waitForURL(/\/cart$/);
      await refusal;
      // SPEC §4: the local change is kept; the cart shows why it cannot be bought.
      await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
      await expect
        .poll(() => page.getByTestId("line-problem").textContent())
        .toBe(`${product.name} (${variant.filter_value}) is out of stock`);
      await expect.poll(() => page.getByTestId("proceed-to-checkout").isDisabled()).toBe(true);
    } finally {
      db.prepare("update product_variants set stock = ? where sku = ?").run(variant.stock, variant.sku);
    }
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });
});
