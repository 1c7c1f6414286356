import type { Browser, BrowserContext } from "playwright-core";
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

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const open = openPage;

describe("the shell at desktop size", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, "desktop", store.baseUrl);
  });
  afterAll(() => context.close());

  it("opens the Collections dropdown, and closes it on an outside click and on Escape", async () => {
    const page = await open(context, "/about");
    const menu = page.getByTestId("collections-menu");
    const button = menu.getByRole("button", { name: "Collections" });
    await button.click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link", { name: "Ethnic Elegance" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Graceful Abayas" }).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.locator("h1").click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getByRole("link", { name: "Ethnic Elegance" }).isVisible()).toBe(false);

    // Keyboard: focus the button, open with Enter, move with the arrow key, close with Escape.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ethnic Elegance");
    await page.keyboard.press("Escape");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Collections");
    await page.close();
  });

  it("follows a collection link to the shop filtered by that category", async () => {
    const page = await open(context, "/about");
    await page.getByTestId("collections-menu").getByRole("button", { name: "Collections" }).click();
    await page.getByTestId("collections-menu").getByRole("link", { name: "Graceful Abayas" }).click();
    await page.waitForURL(/\/shop\?category=graceful-abayas$/);
    await page.close();
  });

  it("searches with the text trimmed, and ignores an empty search", async () => {
    const page = await open(context, "/about");
    const box = page.getByRole("searchbox", { name: "Search products" }).first();
    await box.fill("   ");
    await box.press("Enter");
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/about");

    await box.fill("  silk abaya  ");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/shop");
    expect(new URL(page.url()).searchParams.get("search")).toBe("silk abaya");
    await page.close();
  });

  it("shows the loading overlay with the logo and three dots while a page loads, then fades it", async () => {
    const page = await open(context, "/about");
    // Hold the next page's data for a moment so the overlay can be seen.
    await page.route(/\/terms\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByTestId("site-footer").getByRole("link", { name: "Terms & Conditions" }).click();
    const overlay = page.getByTestId("loading-overlay");
    await overlay.waitFor({ state: "visible" });
    expect(await overlay.getAttribute("data-state")).toBe("on");
    expect(await overlay.getByTestId("loading-dot").count()).toBe(3);
    expect(await overlay.locator("svg").first().isVisible()).toBe(true);
    await page.waitForURL(/\/terms$/);
    // SPEC §1: it lingers 300 ms after loading stops, then fades out.
    await page.waitForTimeout(150);
    expect(await overlay.isVisible()).toBe(true);
    await overlay.waitFor({ state: "detached", timeout: 3000 });
    expect(await page.locator("h1").textContent()).toBe("Terms & Conditions");
    await page.close();
  });

  it("scrolls to the top on a path change", async () => {
    const page = await open(context, "/privacy");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByTestId("site-footer").getByRole("link", { name: "Shipping Policy" }).click();
    await page.waitForURL(/\/shipping$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });
});

describe("the shell at phone size", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, "phone", store.baseUrl);
  });
  afterAll(() => context.close());

  it("opens and closes the drawer, and its links navigate", async () => {
    const page = await open(context, "/");
    const drawer = page.getByTestId("mobile-drawer");
    expect(await drawer.isVisible()).toBe(false);
    await page.getByTestId("menu-button").click();
    await drawer.waitFor({ state: "visible" });
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await drawer.waitFor({ state: "hidden" });

    await page.getByTestId("menu-button").click();
    await drawer.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    await page.getByTestId("menu-button").click();
    await drawer.getByRole("link", { name: "About" }).click();
    await page.waitForURL(/\/about$/);
    await drawer.waitFor({ state: "hidden" });
    await page.close();
  });

  it("has the bottom bar with Home, Shop, Wishlist, Account and Cart", async () => {
    const page = await open(context, "/contact");
    const bar = page.getByTestId("bottom-bar");
    expect(await bar.isVisible()).toBe(true);
    const labels = await bar.getByRole("link").allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(["Home", "Shop", "Wishlist", "Account", "Cart"]);
    await bar.getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.close();
  });

  it("shows the cart's item count in the badge", async () => {
    const page = await open(context, "/about");
    await page.evaluate(() => {
      const line = { _id: "p1", slug: "a", name: "Abaya", image: "", price: 450, selectedColor: "" };
      localStorage.setItem(
        "store.cart",
        JSON.stringify({
          items: [
            { ...line, selectedSize: "M/54", quantity: 2 },
            { ...line, selectedSize: "L/56", quantity: 1 },
          ],
        }),
      );
    });
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("bottom-bar").getByTestId("cart-count").textContent()).toBe("3");
    await page.evaluate(() => localStorage.removeItem("store.cart"));
    await page.close();
  });

  it("remembers a dismissed announcement across a reload", async () => {
    const page = await open(context, "/about");
    const bar = page.getByTestId("announcement-bar");
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole("button", { name: "Dismiss announcement" }).click();
    await bar.waitFor({ state: "detached" });
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("announcement-bar").count()).toBe(0);
    await context.clearCookies();
    await page.close();
  });
});

describe.each(["desktop", "phone"] as ViewportName[])("pages at %s size", (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, viewport, store.baseUrl);
  });
  afterAll(() => context.close());

  it.each(["/", "/about", "/terms", "/privacy", "/shipping", "/returns", "/contact"])(
    "%s renders its heading and has no serious accessibility findings",
    async (path) => {
      const page = await open(context, path);
      expect(await page.locator("h1, h2").first().isVisible()).toBe(true);
      await expectAccessible(page);
      await page.close();
    },
  );

  it("answers an unknown path with the not-found page, status 404 and a link home", async () => {
    const page = await context.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Oops! Page not found");
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.close();
  });
});
