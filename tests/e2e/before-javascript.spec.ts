import type { Browser, BrowserContext, Page, Route } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { apiOf, expect, type RunningStore, registerShopper, storeOf, test } from "./fixtures.ts";
import { VIEWPORTS, waitForHydration } from "./harness.ts";
import { LoginPage } from "./pages/index.ts";

/**
 * Issue 22: the storefront's forms before (or without) the page's JavaScript. A sign-in form submitted
 * before hydration went out as a GET with the password in the address bar and in the request log.
 */

// LOG_LEVEL info: every request's line is written, so the test can read them all.
test.use({
  storeEnv: { NODE_ENV: "test", LOG_LEVEL: "info", OTP_RESEND_SECONDS: "0" },
});

let store: RunningStore;
test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

/** A browser with JavaScript switched off: what a shopper gets before the page's script has started. */
function withoutJavaScript(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone, javaScriptEnabled: false });
}

/** Every URL the page asked for, the submitted form's included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("store.token"));
const hasCookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).some((c) => c.name === name);

test.describe("no secret in a URL or a log line", () => {
  test("posts /login, /ar/login and /signup without JavaScript: the password is in no URL and no log line", async ({
    browser,
  }) => {
    const context = await withoutJavaScript(browser);
    const page = await context.newPage();
    const urls = recordUrls(page);
    const secret = "Sekret-Pass-4821";

    await page.goto("/login");
    const login = new LoginPage(page);
    await login.identifier().fill("0501112233");
    await login.password().fill(secret);
    await Promise.all([page.waitForNavigation(), login.submit().click()]);
    await expect(page.getByTestId("login-page")).toBeVisible();

    await page.goto("/ar/login");
    await page.locator('input[name="identifier"]').fill("0501112233");
    await page.locator('input[name="password"]').fill(secret);
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId("login-page").locator('form[method="post"] button[type="submit"]').click(),
    ]);
    await expect(page.getByTestId("login-page")).toBeVisible();

    await page.goto("/signup");
    await page.getByLabel(/^Full Name/).fill("Mariam Before Script");
    await page.getByLabel(/^Phone Number/).fill("0501112244");
    await page.getByLabel(/^Password\*?$/).fill(secret);
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Create Account" }).click(),
    ]);
    // A sign-up without an e-mail address needs no code: /login says so, as the scripted page's toast does.
    await expect(page.getByText("Please sign in with your phone number and password.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname + url.search === "/login?notice=created");

    expect(urls.filter((url) => url.includes(secret) || url.includes("password="))).toEqual([]);
    // The request lines of those posts are written when answered: wait for the last one.
    await expect.poll(() => store.log().includes('"url":"/signup"')).toBe(true);
    expect(store.log()).not.toContain(secret);
    await context.close();
  });
});

/**
 * A page whose scripts are held back until `release()`: the HTML is there and can be typed into, as on
 * a phone in the seconds before hydration.
 */
async function withHeldScripts(browser: Browser, path: string, ready = 'form[method="post"] input:visible') {
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

test.describe("typing before hydration survives it", () => {
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
  for (const [path, fields] of forms) {
    test(`keeps every value typed into ${path}`, async ({ browser }) => {
      const { context, page, release } = await withHeldScripts(
        browser,
        path,
        `form [name="${fields[0]}"]:visible`,
      );
      const field = (name: string) => page.locator(`form [name="${name}"]:visible`).first();
      for (const name of fields) await field(name).fill(TYPED[name] ?? name);
      await release();
      await waitForHydration(page);
      for (const name of fields) await expect(field(name)).toHaveValue(TYPED[name] ?? name);
      await context.close();
    });
  }
});

test.describe("a visitor without JavaScript on a page that needs her session", () => {
  const pages = [
    ["/account", "Sign in to see your account", "Welcome Back"],
    ["/checkout", "Sign in to check out", "Welcome Back"],
    ["/ar/account", "سجّلي الدخول لعرض حسابك", "مرحبًا بعودتك"],
    ["/ar/checkout", "سجّلي الدخول لإتمام طلبك", "مرحبًا بعودتك"],
  ] as const;
  for (const [path, link, title] of pages) {
    test(`is led from ${path} to the log-in, not left on a page that loads for ever`, async ({ browser }) => {
      const context = await withoutJavaScript(browser);
      const page = await context.newPage();
      await page.goto(path);
      await Promise.all([page.waitForNavigation(), page.getByRole("link", { name: link }).click()]);
      await expect(page).toHaveURL(
        (url) => url.pathname === (path.startsWith("/ar") ? "/ar/login" : "/login"),
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await context.close();
    });
  }
});

test.describe("a visitor without JavaScript and nothing in her cart or wishlist", () => {
  const pages = [
    ["/cart", "Your cart is empty", "Continue Shopping"],
    ["/wishlist", "Your wishlist is empty", "Browse the Shop"],
    ["/ar/cart", "سلة التسوق فارغة", "متابعة التسوق"],
    ["/ar/wishlist", "قائمة المفضلة فارغة", "تصفّحي المتجر"],
  ] as const;
  for (const [path, empty, link] of pages) {
    test(`is told ${path} is empty and led to the shop`, async ({ browser }) => {
      const context = await withoutJavaScript(browser);
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByText(empty, { exact: true })).toBeVisible();
      await Promise.all([page.waitForNavigation(), page.getByRole("link", { name: link }).click()]);
      await expect(page).toHaveURL((url) => url.pathname === (path.startsWith("/ar") ? "/ar/shop" : "/shop"));
      await context.close();
    });
  }
});

test.describe("a visitor on a phone without JavaScript filters and sorts the shop", () => {
  for (const [prefix, apply] of [
    ["", "Apply filters"],
    ["/ar", "تطبيق التصفية"],
  ] as const) {
    test(`chooses a collection and an order on ${prefix}/shop and applies them with the button`, async ({
      browser,
    }) => {
      const context = await withoutJavaScript(browser);
      const page = await context.newPage();
      await page.goto(`${prefix}/shop`);
      // No sheet without the script: the sidebar's form is on the phone's screen instead of its button.
      const form = page.getByTestId("shop-filters");
      await expect(form).toBeVisible();
      await expect(page.getByTestId("filters-toggle")).toBeHidden();
      await form.locator('input[name="category"][value="graceful-abayas"]').check();
      await page.getByTestId("sort-select").selectOption("price-low-high");
      await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: apply }).click()]);
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `${prefix}/shop` &&
          url.searchParams.get("category") === "graceful-abayas" &&
          url.searchParams.get("sort") === "price-low-high",
      );
      const cheapest = (
        await apiOf(store.baseUrl).get(
          "/api/product/list?category=graceful-abayas&sort=price-low-high&limit=1",
        )
      ).body.products as ProductDto[];
      await expect(page.getByTestId("product-card").first().locator("a").first()).toHaveAttribute(
        "href",
        new RegExp(`/product/${cheapest[0]!.slug}$`),
      );
      await expect(page.getByTestId("sort-select")).toHaveValue("price-low-high");
      await context.close();
    });
  }
});

test.describe("a visitor on a phone without JavaScript changes the language", () => {
  for (const [from, to, heading] of [
    ["/shop?category=graceful-abayas", "/ar/shop?category=graceful-abayas", "عبايات راقية"],
    ["/ar/about", "/about", "About"],
  ] as const) {
    test(`goes from ${from} to ${to} by the footer's link (the header's is in the drawer, which needs the script)`, async ({
      browser,
    }) => {
      const context = await withoutJavaScript(browser);
      const page = await context.newPage();
      await page.goto(from);
      await expect(page.getByTestId("language-switch")).toBeHidden();
      await Promise.all([page.waitForNavigation(), page.getByTestId("footer-language-switch").click()]);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
      await expect(page.locator("html")).toHaveAttribute("lang", to.startsWith("/ar") ? "ar" : "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await context.close();
    });
  }
});

test.describe("a search typed before hydration is searched for", () => {
  for (const path of ["/blog", "/ar/blog"]) {
    test(`narrows ${path} to what was typed into its box before the script arrived`, async ({ browser }) => {
      const { context, page, release } = await withHeldScripts(browser, path, 'input[name="q"]');
      const box = page.locator('input[name="q"]');
      await box.fill("lawn");
      await release();
      await waitForHydration(page);
      await expect(box).toHaveValue("lawn");
      // The debounced search commits the typed text: the URL and the count both name it.
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === "lawn");
      await expect(page.getByTestId("blog-count")).toContainText("lawn");
      await context.close();
    });
  }
});

test.describe("signing in without JavaScript", () => {
  const account = {
    name: "Salma Plainform",
    phone: "0501239876",
    email: "salma@example.ae",
    password: "plain-form-1",
  };
  test.beforeAll(async ({ stores }, info) => {
    await registerShopper((await storeOf(stores, info)).baseUrl, account, info.workerIndex);
  });

  test("signs her in from the plain form and draws her account for her; a wrong password shows the hydrated page's text", async ({
    browser,
  }) => {
    const context = await withoutJavaScript(browser);
    const page = await context.newPage();
    const urls = recordUrls(page);
    await page.goto("/login");
    const login = new LoginPage(page);
    await login.identifier().fill(account.email);
    await login.password().fill("not-her-password");
    await Promise.all([page.waitForNavigation(), login.submit().click()]);
    await expect(page.getByText("Incorrect email, phone number or password.")).toBeVisible();
    await expect(login.identifier()).toHaveValue(account.email);

    await login.password().fill(account.password);
    await Promise.all([page.waitForURL("**/account"), login.submit().click()]);
    await expect(page.getByRole("heading", { name: `Hello, ${account.name}` })).toBeVisible();
    expect(urls.filter((url) => url.includes(account.password))).toEqual([]);
    expect(store.log()).not.toContain(account.password);
    await context.close();
  });

  test("hands a sign-in posted before hydration to the hydrated page: the token is stored, log-out ends both", async ({
    browser,
  }) => {
    const { context, page, release } = await withHeldScripts(browser, "/login");
    await page.locator('input[name="identifier"]').fill(account.phone);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/account");
    await release();
    // SPEC §2: after log-in, the shop when the cart is empty.
    await page.waitForURL("**/shop");
    await expect.poll(() => storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "store_page_session")?.httpOnly)
      .toBe(true);
    await expect.poll(() => hasCookie(context, "store_handoff")).toBe(false);

    await page.goto("/account");
    await waitForHydration(page);
    await page.getByTestId("logout").click();
    await page.waitForURL("**/login");
    await expect.poll(() => hasCookie(context, "store_page_session")).toBe(false);
    await expect.poll(() => storedToken(page)).toBeNull();
    await context.close();
  });
});
