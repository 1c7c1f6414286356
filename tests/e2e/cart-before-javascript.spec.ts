import type { Browser, BrowserContext, Page, Route } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { apiOf, expect, type RunningStore, storeOf, test } from "./fixtures.ts";
import { VIEWPORTS, waitForHydration } from "./harness.ts";
import { ProductPage } from "./pages/index.ts";

/**
 * Issue 22, decision 0033: Add to Cart and the heart work without the page's script (the product page's
 * form posts to its action; a visitor's line and wish wait in a signed cookie that her first hydrated page
 * merges into localStorage), and a tap on a control that needs the script, made before hydration, is
 * replayed once when it is there.
 */

let store: RunningStore;
let product: ProductDto;
let size: string;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  const products = (await apiOf(store.baseUrl).get("/api/product/list?limit=40")).body
    .products as ProductDto[];
  // A product with a second size in stock: choosing it is a real choice (the first is chosen on load).
  product = products.find(
    (p) => p.variants.length > 1 && (p.variants[1]!.stock === null || p.variants[1]!.stock > 2),
  )!;
  size = product.variants[1]!.filter_value;
});

/** Chooses a size as a shopper does: a tap on its label (the radio itself is visually hidden). */
const chooseSize = (page: Page, label: string) => new ProductPage(page).chooseSize(label);

interface Stored {
  cart: { _id: string; selectedSize: string; quantity: number }[];
  wishlist: { _id: string }[];
}

function stored(page: Page): Promise<Stored> {
  return page.evaluate(() => ({
    cart: JSON.parse(localStorage.getItem("store.cart") ?? "{}").items ?? [],
    wishlist: JSON.parse(localStorage.getItem("store.wishlist") ?? "[]"),
  }));
}

const hasPending = async (context: BrowserContext) =>
  (await context.cookies()).some((c) => c.name === "store_pending");

const LANGUAGES = [
  ["English", "", "Added to wishlist"],
  ["Arabic", "/ar", "تمت الإضافة إلى المفضلة"],
] as const;

test.describe("the cart and the wishlist without JavaScript", () => {
  for (const [language, prefix, saved] of LANGUAGES) {
    test(`adds a size and a wish in ${language}; the first page with JavaScript takes them in`, async ({
      browser,
    }) => {
      const plain = await browser.newContext({
        baseURL: store.baseUrl,
        viewport: VIEWPORTS.phone,
        javaScriptEnabled: false,
      });
      const page = await plain.newPage();
      await page.goto(`${prefix}/product/${product.slug}`);
      await chooseSize(page, size);
      await Promise.all([page.waitForURL(`**${prefix}/cart`), page.getByTestId("add-to-cart").click()]);
      // /cart is drawn by the server with the line she added.
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await expect(page.getByTestId("cart-line")).toContainText(size);

      await page.goto(`${prefix}/product/${product.slug}`);
      await Promise.all([page.waitForURL(/wished=1$/), page.getByTestId("wishlist-button").click()]);
      await expect(page.getByRole("alert").first()).toHaveText(saved);
      await expect.poll(() => hasPending(plain)).toBe(true);

      const scripted = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
      await scripted.addCookies(await plain.cookies());
      await plain.close();
      const next = await scripted.newPage();
      await next.goto(`${prefix}/shop`);
      await waitForHydration(next);
      await expect
        .poll(async () => (await stored(next)).cart.map((l) => [l._id, l.selectedSize, l.quantity]))
        .toEqual([[product._id, size, 1]]);
      await expect.poll(async () => (await stored(next)).wishlist.map((w) => w._id)).toEqual([product._id]);
      await expect(next.getByTestId("cart-count").first()).toHaveText("1");
      await expect.poll(() => hasPending(scripted)).toBe(false);
      // Merged once: another page adds nothing more.
      await next.goto(`${prefix}/cart`);
      await waitForHydration(next);
      await expect(next.getByTestId("cart-line")).toHaveCount(1);
      await expect.poll(async () => (await stored(next)).cart.map((l) => l.quantity)).toEqual([1]);
      await scripted.close();
    });
  }
});

/**
 * A page whose scripts are held back until `release()`: painted and tappable, as on a phone in the
 * seconds before hydration.
 */
async function withHeldScripts(browser: Browser, path: string, ready: string, initScript?: () => void) {
  const context = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
  if (initScript) await context.addInitScript(initScript);
  const held: Route[] = [];
  let released = false;
  await context.route("**/*.js", (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "commit" });
  await page.locator(ready).first().waitFor();
  return {
    context,
    page,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe("the pictures below the first screen", () => {
  const picture = (page: Page) => page.getByTestId("home-bestsellers").locator("img").first();
  const drawn = (page: Page) => picture(page).evaluate((img: HTMLImageElement) => img.naturalWidth);
  const asked = (page: Page) =>
    page.evaluate(
      () =>
        performance.getEntriesByType("resource").filter((e) => e.name.includes("/media/products/")).length,
    );

  test("are asked for only once the page is hydrated, so they do not share the link with its scripts", async ({
    browser,
  }) => {
    const { context, page, release } = await withHeldScripts(
      browser,
      "/",
      '[data-testid="home-bestsellers"] h2',
    );
    // Two frames: the page has been laid out, when a lazy picture near the screen would be asked for.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await asked(page)).toBe(0);
    await expect(picture(page)).not.toHaveAttribute("src", /./);
    await release();
    await waitForHydration(page);
    await picture(page).scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(page)).toBeGreaterThan(0);
    await expect(picture(page)).toBeVisible();
    expect(await asked(page)).toBeGreaterThan(0);
    await context.close();
  });

  test("load without JavaScript as any lazy picture", async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: store.baseUrl,
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/");
    await picture(page).scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(page)).toBeGreaterThan(0);
    await context.close();
  });
});

test.describe("taps before hydration", () => {
  for (const [language, prefix] of LANGUAGES) {
    test(`keeps a size and Add to Cart tapped before the script in ${language}: the line is in the cart after`, async ({
      browser,
    }) => {
      const { context, page, release } = await withHeldScripts(
        browser,
        `${prefix}/product/${product.slug}`,
        '[data-testid="size-buttons"] label',
      );
      await chooseSize(page, size);
      await Promise.all([page.waitForURL(`**${prefix}/cart`), page.getByTestId("add-to-cart").click()]);
      await release();
      await waitForHydration(page);
      await expect
        .poll(async () => (await stored(page)).cart.map((l) => [l._id, l.selectedSize, l.quantity]))
        .toEqual([[product._id, size, 1]]);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await expect.poll(() => hasPending(context)).toBe(false);
      await context.close();
    });
  }

  for (const [language, prefix] of LANGUAGES) {
    test(`keeps a size chosen before the script in ${language} chosen after it`, async ({ browser }) => {
      const { context, page, release } = await withHeldScripts(
        browser,
        `${prefix}/product/${product.slug}`,
        '[data-testid="size-buttons"] label',
      );
      await chooseSize(page, size);
      await release();
      await waitForHydration(page);
      const chosen = page.getByTestId("size-buttons").locator('input[name="size"]:checked');
      await expect(chosen).toHaveAttribute("value", size);
      // The page's state follows the choice: Add to Cart adds that size.
      await page.getByTestId("add-to-cart").click();
      await page.waitForURL(`**${prefix}/cart`);
      await expect
        .poll(async () => (await stored(page)).cart.map((l) => [l._id, l.selectedSize]))
        .toEqual([[product._id, size]]);
      await context.close();
    });
  }

  test("adds the size chosen before the script when Add to Cart is tapped before that choice is replayed", async ({
    browser,
  }) => {
    // The replay of a choice waits for the page to be idle; here that moment never comes, so only the
    // shopper's tap on the hydrated page can send the size she chose before it.
    const { context, page, release } = await withHeldScripts(
      browser,
      `/product/${product.slug}`,
      '[data-testid="size-buttons"] label',
      () => {
        window.requestIdleCallback = () => 0;
      },
    );
    await chooseSize(page, size);
    await release();
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await page.waitForURL("**/cart");
    await expect
      .poll(async () => (await stored(page)).cart.map((l) => [l._id, l.selectedSize]))
      .toEqual([[product._id, size]]);
    await context.close();
  });

  for (const [language, prefix] of LANGUAGES) {
    test(`keeps the shop's order chosen before the script in ${language}: the list is sorted by it`, async ({
      browser,
    }) => {
      const { context, page, release } = await withHeldScripts(
        browser,
        `${prefix}/shop`,
        '[data-testid="sort-select"]',
      );
      await page.getByTestId("sort-select").selectOption("price-low-high");
      await release();
      await waitForHydration(page);
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "price-low-high");
      await expect(page.getByTestId("sort-select")).toHaveValue("price-low-high");
      // The cheapest piece comes first, as the catalog sorts it.
      const cheapest = (await apiOf(store.baseUrl).get("/api/product/list?sort=price-low-high&limit=1")).body
        .products as ProductDto[];
      await expect(page.getByTestId("product-card").first().locator("a").first()).toHaveAttribute(
        "href",
        new RegExp(`/product/${cheapest[0]!.slug}$`),
      );
      await context.close();
    });
  }

  for (const [language, prefix] of LANGUAGES) {
    test(`replays a tap on the shop's filters made before the script in ${language}, once`, async ({
      browser,
    }) => {
      const { context, page, release } = await withHeldScripts(
        browser,
        `${prefix}/shop`,
        '[data-testid="filters-toggle"]',
      );
      const toggle = page.getByTestId("filters-toggle");
      await toggle.click();
      // Waiting, and visibly so, until the script is there.
      await expect(toggle).toHaveAttribute("aria-busy", "true");
      await page.evaluate(() => {
        const counted = window as unknown as { taps: number };
        counted.taps = 0;
        document
          .querySelector('[data-testid="filters-toggle"]')
          ?.addEventListener("click", () => (counted.taps += 1));
      });
      await release();
      await waitForHydration(page);
      await expect(page.getByTestId("filters-sheet")).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(toggle).not.toHaveAttribute("aria-busy");
      // The sheet closes with its own button and stays closed: the tap was replayed once, not again.
      await page.getByTestId("filters-show").click();
      await expect(page.getByTestId("filters-sheet")).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(await page.evaluate(() => (window as unknown as { taps: number }).taps)).toBe(1);
      await context.close();
    });
  }
});
