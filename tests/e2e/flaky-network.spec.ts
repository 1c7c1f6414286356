import type { BrowserContext, Page, Route } from "@playwright/test";
import { contextOptions, expect, type RunningStore, storeOf, test } from "./fixtures.ts";
import { waitForHydration } from "./harness.ts";

/**
 * A phone's connection drops a request now and then. The code a page fetches after it has hydrated (the
 * menu's drawer, a dialog, a tab) came through `React.lazy`, which keeps a failed fetch as a failure for
 * good: the page was replaced by the error screen until the shopper reloaded it (app/lib/lazy.ts).
 */

let store: RunningStore;
test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

/** Fails the first `times` requests whose path matches `pattern`, as a dropped connection does; counts all. */
async function dropFirst(page: Page, pattern: RegExp, times: number): Promise<{ asked: number }> {
  const seen = { asked: 0 };
  await page.route(pattern, async (route: Route) => {
    seen.asked++;
    if (seen.asked <= times) await route.abort("connectionreset");
    else await route.continue();
  });
  return seen;
}

test.describe("code fetched after hydration, on a connection that drops a request", () => {
  let context: BrowserContext;
  test.beforeEach(async ({ browser }) => {
    context = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
  });
  test.afterEach(() => context.close());

  test("the menu's drawer is fetched again: the page stays, and the menu opens", async () => {
    const page = await context.newPage();
    const drawerCode = await dropFirst(page, /\/assets\/mobile-drawer-[^/]+\.js$/, 1);
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => drawerCode.asked).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("menu-button")).toBeVisible();
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("mobile-drawer")).toBeVisible();
    expect(drawerCode.asked).toBe(2);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  });

  test("a dialog's code that fails twice still comes: the size guide opens on the product page", async () => {
    const page = await context.newPage();
    const guideCode = await dropFirst(page, /\/assets\/size-guide-dialog-[^/]+\.js$/, 2);
    await page.goto("/product/layla-embroidered-nida-abaya");
    await waitForHydration(page);
    await page.getByTestId("size-guide-button").click();
    await expect(page.getByTestId("size-guide")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("size-guide").getByRole("rowheader", { name: "M/54" })).toHaveCount(1);
    expect(guideCode.asked).toBe(3);
  });

  test("code that never comes is asked for four times, then the page's error screen shows, as before", async () => {
    const page = await context.newPage();
    const drawerCode = await dropFirst(page, /\/assets\/mobile-drawer-[^/]+\.js$/, 100);
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => drawerCode.asked, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await page.waitForTimeout(2_000);
    expect(drawerCode.asked).toBe(4);
  });
});
