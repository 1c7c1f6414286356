import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningStore, startStore, VIEWPORTS, waitForHydration } from "./harness.ts";
import { registerVerified } from "./shopper.ts";

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
    // A sign-up without an e-mail address needs no code: /login says so, as the scripted page's toast does.
    await page.getByText("Please sign in with your phone number and password.").waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?notice=created");

    expect(urls.filter((url) => url.includes(secret) || url.includes("password="))).toEqual([]);
    // The request lines of those posts are written when answered: wait for the last one.
    await expect.poll(() => store.log().includes('"url":"/signup"'), { timeout: 5000 }).toBe(true);
    expect(store.log()).not.toContain(secret);
    await context.close();
  });
});

/**
 * A page whose scripts are held back until `release()`: the HTML is there and can be typed into, as on
 * a phone in the seconds before hydration.
 */
async function withHeldScripts(path: string, ready = 'form[method="post"] input:visible') {
  const context = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
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

const TYPED: Record<string, string> = {
  identifier: "0507654321",
  password: "typed-before-script",
  name: "Typed Early",
  phone: "0507654322",
  email: "early@example.ae",
  subject: "Typed subject",
  message: "Typed before the page's script arrived.",
  phoneNumber: "0507654323",
  fullAddress: "Villa 7, Street 12",
  city: "Dubai",
};

describe("typing before hydration survives it", () => {
  const forms: [path: string, fields: string[]][] = [
    ["/login", ["identifier", "password"]],
    ["/ar/login", ["identifier", "password"]],
    ["/signup", ["name", "phone", "email", "password"]],
    ["/ar/signup", ["name", "phone", "email", "password"]],
    ["/forgot-password", ["email"]],
    ["/ar/forgot-password", ["email"]],
    ["/contact", ["name", "email", "subject", "message"]],
    ["/ar/contact", ["name", "email", "subject", "message"]],
    ["/stitching-service", ["name", "phoneNumber", "fullAddress", "city", "message"]],
    ["/ar/stitching-service", ["name", "phoneNumber", "fullAddress", "city", "message"]],
  ];
  it.each(forms)("keeps every value typed into %s", async (path, fields) => {
    const { context, page, release } = await withHeldScripts(path, `form [name="${fields[0]}"]:visible`);
    const field = (name: string) => page.locator(`form [name="${name}"]:visible`).first();
    for (const name of fields) await field(name).fill(TYPED[name] ?? name);
    await release();
    await waitForHydration(page);
    for (const name of fields) {
      await expect.poll(() => field(name).inputValue(), { timeout: 3000 }).toBe(TYPED[name] ?? name);
    }
    await context.close();
  });
});

describe("signing in without JavaScript", () => {
  const account = {
    name: "Salma Plainform",
    phone: "0501239876",
    email: "salma@example.ae",
    password: "plain-form-1",
  };
  beforeAll(() => registerVerified(store.baseUrl, account));

  it("signs her in from the plain form and draws her account for her; a wrong password shows the hydrated page's text", async () => {
    const context = await withoutJavaScript();
    const page = await context.newPage();
    const urls = recordUrls(page);
    await page.goto("/login");
    await page.getByLabel("Email or Phone").fill(account.email);
    await page.getByLabel(/^Password\*?$/).fill("not-her-password");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign In" }).click()]);
    await page.getByText("Incorrect email, phone number or password.").waitFor();
    await expect.poll(() => page.getByLabel("Email or Phone").inputValue()).toBe(account.email);

    await page.getByLabel(/^Password\*?$/).fill(account.password);
    await Promise.all([page.waitForURL("**/account"), page.getByRole("button", { name: "Sign In" }).click()]);
    await page.getByRole("heading", { name: `Hello, ${account.name}` }).waitFor();
    expect(urls.filter((url) => url.includes(account.password))).toEqual([]);
    expect(store.log()).not.toContain(account.password);
    await context.close();
  });

  it("hands a sign-in posted before hydration to the hydrated page: the token is stored, log-out ends both", async () => {
    const { context, page, release } = await withHeldScripts("/login");
    await page.locator('input[name="identifier"]').fill(account.phone);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/account");
    await release();
    // SPEC §2: after log-in, the shop when the cart is empty.
    await page.waitForURL("**/shop");
    const token = await page.evaluate(() => localStorage.getItem("store.token"));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "store_page_session")?.httpOnly).toBe(true);
    expect(cookies.some((c) => c.name === "store_handoff")).toBe(false);

    await page.goto("/account");
    await waitForHydration(page);
    await page.getByTestId("logout").click();
    await page.waitForURL("**/login");
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "store_page_session"))
      .toBe(false);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("store.token"))).toBeNull();
    await context.close();
  });
});
