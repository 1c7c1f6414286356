import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningStore, startStore, VIEWPORTS } from "./harness.ts";

/**
 * Issue 22: the storefront's forms before (or without) the page's JavaScript. A sign-in form submitted
 * before hydration went out as a GET with the password in the address bar and in the request log.
 */

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    // LOG_LEVEL info: every request's line is written, so the test can read them all.
    startStore({ NODE_ENV: "test", LOG_LEVEL: "info", OTP_RESEND_SECONDS: "0", PASSWORD_HASH_COST: "10" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

/** A browser with JavaScript switched off: what a shopper gets before the page's script has started. */
function withoutJavaScript(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone, javaScriptEnabled: false });
}

/** Every URL the page asked for, the submitted form's included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

describe("no secret in a URL or a log line", () => {
  it("posts /login, /ar/login and /signup without JavaScript: the password is in no URL and no log line", async () => {
    const context = await withoutJavaScript();
    const page = await context.newPage();
    const urls = recordUrls(page);
    const secret = "Sekret-Pass-4821";

    await page.goto("/login");
    await page.getByLabel("Email or Phone").fill("0501112233");
    await page.getByLabel(/^Password\*?$/).fill(secret);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign In" }).click()]);
    await page.getByTestId("login-page").waitFor();

    await page.goto("/ar/login");
    await page.locator('input[name="identifier"]').fill("0501112233");
    await page.locator('input[name="password"]').fill(secret);
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId("login-page").locator('form[method="post"] button[type="submit"]').click(),
    ]);
    await page.getByTestId("login-page").waitFor();

    await page.goto("/signup");
    await page.getByLabel(/^Full Name/).fill("Mariam Before Script");
    await page.getByLabel(/^Phone Number/).fill("0501112244");
    await page.getByLabel(/^Password\*?$/).fill(secret);
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Create Account" }).click(),
    ]);
    await page.getByTestId("signup-page").waitFor();

    expect(urls.filter((url) => url.includes(secret) || url.includes("password="))).toEqual([]);
    expect(page.url()).not.toContain("?");
    // The request lines of those posts are written when answered: wait for the last one.
    await expect.poll(() => store.log().includes('"url":"/signup"'), { timeout: 5000 }).toBe(true);
    expect(store.log()).not.toContain(secret);
    await context.close();
  });
});
