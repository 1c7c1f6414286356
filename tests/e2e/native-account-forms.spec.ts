import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, type RunningStore, registerShopper, storeOf, test } from "./fixtures.ts";
import { VIEWPORTS, waitForHydration } from "./harness.ts";
import { LoginPage, ProductPage } from "./pages/index.ts";
import { checkScreen } from "./shopper.ts";

/**
 * Issue 22, decision 0034: a shopper signed in by the plain log-in form (the page session) adds and edits
 * an address and writes a review with JavaScript off; what she types into those forms before the page's
 * script runs is still there after it, in both languages.
 */

test.use({ storeEnv: { NODE_ENV: "test", LOG_LEVEL: "info" } });

let store: RunningStore;
const PRODUCT = "alia-georgette-open-abaya";

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

/** Every URL the page asked for, the submitted forms' included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** Signs her in through /login's plain form, as a browser without JavaScript posts it (the page session). */
async function nativeLogIn(context: BrowserContext, identifier: string, password: string) {
  const page = await context.request.get("/login");
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const answer = await context.request.post("/login", {
    form: { identifier, password, csrf },
    headers: { origin: store.baseUrl },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
}

test.describe("the address and review forms without JavaScript", () => {
  const account = {
    name: "Hessa Plainform",
    phone: "0501112233",
    email: "hessa@example.ae",
    password: "plain-forms-2",
  };
  test.beforeAll(async ({ stores }, info) => {
    await registerShopper((await storeOf(stores, info)).baseUrl, account, info.workerIndex);
  });

  test("adds, edits and removes an address, then writes a review: saved, with SPEC's notices, nothing secret in a URL", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: store.baseUrl,
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const urls = recordUrls(page);
    await page.goto("/login");
    const login = new LoginPage(page);
    await login.identifier().fill(account.email);
    await login.password().fill(account.password);
    await Promise.all([page.waitForURL("**/account"), login.submit().click()]);

    await page.goto("/account?tab=addresses");
    await expect(page.getByText("You have no saved addresses yet")).toBeVisible();
    await page.getByRole("link", { name: "Add New Address" }).click();
    await page.getByLabel(/^First Name\*?$/).fill("Hessa");
    await page.getByLabel(/^Address\*?$/).fill("Villa 3, Street 9, Jumeirah");
    await page.getByLabel(/^City\*?$/).fill("Dubai");
    await page.getByLabel(/^Postcode\*?$/).fill("00000");
    // Saved without an emirate: the form again, as typed, with the hydrated page's message.
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Save Address" }).click()]);
    await expect(page.getByText(/^Please choose an emirate:/)).toBeVisible();
    await expect(page.getByLabel(/^City\*?$/)).toHaveValue("Dubai");
    await page.getByLabel(/^Emirate\*?$/).selectOption("Dubai");
    await Promise.all([
      page.waitForURL("**notice=added"),
      page.getByRole("button", { name: "Save Address" }).click(),
    ]);
    await expect(page.getByRole("status").filter({ hasText: "Address Added" })).toBeVisible();
    await expect(page.getByText("Villa 3, Street 9, Jumeirah")).toBeVisible();

    await page.getByRole("link", { name: "Edit address 1" }).click();
    await page.getByLabel(/^City\*?$/).fill("Al Ain");
    await page.getByLabel(/^Emirate\*?$/).selectOption("Abu Dhabi");
    await Promise.all([
      page.waitForURL("**notice=updated"),
      page.getByRole("button", { name: "Save Address" }).click(),
    ]);
    await expect(page.getByRole("status").filter({ hasText: "Address Updated" })).toBeVisible();
    await expect(page.getByText("Al Ain").first()).toBeVisible();

    // Removal asks SPEC's question in the page, then posts.
    await page.getByRole("link", { name: "Remove address 1" }).click();
    const confirm = page.getByRole("region", { name: "Remove Address" });
    await expect(confirm.getByText("Are you sure you want to remove this address?")).toBeVisible();
    await Promise.all([
      page.waitForURL("**notice=removed"),
      confirm.getByRole("button", { name: "Remove" }).click(),
    ]);
    await expect(page.getByRole("status").filter({ hasText: "Address Removed" })).toBeVisible();
    await expect(page.getByText("You have no saved addresses yet")).toBeVisible();

    // The product page's no-script "Write a Review" leads to the private page that draws the form.
    await page.goto(`/product/${PRODUCT}`);
    await page.getByRole("link", { name: "Write a Review" }).click();
    await page.waitForURL(`**/account?review=${PRODUCT}`);
    await page.getByLabel("4 stars").check();
    await page.getByLabel("Your review").fill("Soft georgette, and the fit is just right.");
    await Promise.all([
      page.waitForURL("**notice=*"),
      page.getByRole("button", { name: "Submit Review" }).click(),
    ]);
    await expect(page.getByText("Review submitted")).toBeVisible();
    await expect(page.getByText("Soft georgette, and the fit is just right.")).toBeVisible();
    expect(urls.filter((url) => url.includes(account.password) || url.includes("csrf="))).toEqual([]);
    expect(store.log()).not.toContain(account.password);
    await context.close();
  });
});

test.describe("typing into the address, measurement, checkout and review forms before hydration survives it", () => {
  const account = {
    name: "Alya Early",
    phone: "0501112244",
    email: "alya@example.ae",
    password: "early-forms-3",
  };
  let context: BrowserContext;
  let holding = false;
  const held: Route[] = [];

  // One signed-in context for the describe's journeys, in order.
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ browser, stores }, info) => {
    await registerShopper((await storeOf(stores, info)).baseUrl, account, info.workerIndex);
    context = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
    await context.route("**/*.js", (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    await nativeLogIn(context, account.phone, account.password);
    // The first hydrated page takes the token (decision 0018's handoff), then SPEC §2's redirect.
    const page = await context.newPage();
    await page.goto("/account");
    // A navigation's wait, not an assertion's 10 s: the handoff's redirect was seen 14 s after the
    // page's load on this machine (the log-in's cart merge waits up to 8 s).
    await page.waitForURL("**/shop");
    await page.close();
  });
  test.afterAll(() => context?.close());

  /** Opens `path` with its scripts held back; `release` lets them run and waits for the hydrated page. */
  async function held_page(path: string, ready: string) {
    holding = true;
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "commit" });
    await expect(page.locator(ready).first()).toBeVisible();
    return {
      page,
      async release() {
        holding = false;
        for (const route of held.splice(0)) await route.continue();
        await waitForHydration(page);
      },
    };
  }

  for (const base of ["/account", "/ar/account"])
    test(`keeps every value typed into ${base}'s address form`, async () => {
      const { page, release } = await held_page(
        `${base}?tab=addresses&address=new`,
        'form [name="first_name"]',
      );
      const field = (name: string) => page.locator(`form [name="${name}"]`).first();
      const typed = {
        first_name: "Alya",
        last_name: "Early",
        phone: "0501112244",
        // Each run's own building: the shopper keeps the addresses the other runs saved.
        address: `Tower ${base.length}${test.info().repeatEachIndex}, Marina Walk`,
        landmark: "By the tram stop",
        city: "Dubai",
        postcode: "12345",
      };
      for (const [name, value] of Object.entries(typed)) await field(name).fill(value);
      await field("state").selectOption("Dubai");
      await release();
      for (const [name, value] of Object.entries(typed)) await expect(field(name)).toHaveValue(value);
      await expect(field("state")).toHaveValue("Dubai");
      await checkScreen(page);
      // Hydrated, the same form saves through the API (no page load): the list shows it.
      await page.getByTestId("address-form").locator('[type="submit"]').click();
      await expect(page.getByText(typed.address, { exact: true })).toBeVisible();
      await page.close();
    });

  for (const base of ["/account", "/ar/account"])
    test(`keeps the name and measurements typed into ${base}'s measurement profile form`, async () => {
      const { page, release } = await held_page(
        `${base}?tab=measurements&profile=new`,
        'form [name="m.bust"]',
      );
      const field = (name: string) => page.locator(`form [name="${name}"]`).first();
      const typed: Record<string, string> = {
        name: base === "/account" ? "Alya" : "ألية",
        "m.shoulder": "38",
        "m.bust": "92",
        "m.waist": "76",
        "m.hips": "100",
        "m.sleeveLength": "58",
        "m.fullLength": "140",
      };
      for (const [name, value] of Object.entries(typed)) await field(name).fill(value);
      await release();
      for (const [name, value] of Object.entries(typed)) await expect(field(name)).toHaveValue(value);
      await checkScreen(page);
      // Hydrated, the same form saves: the list shows the profile.
      await page.locator('form [name="intent"][value="measurement-save"]').click();
      await expect(page.getByTestId("measurements")).toContainText(typed.name!);
      await page.close();
    });

  for (const path of ["/checkout", "/ar/checkout"])
    test(`keeps the address and delivery type chosen and the code typed into ${path} before hydration`, async () => {
      // Her saved addresses (the tests above) are what checkout draws; a line in her cart.
      const shopping = await context.newPage();
      await new ProductPage(shopping).add(PRODUCT);
      await shopping.close();
      const { page, release } = await held_page(path, 'input[name="delivery_type"]');
      const sameDay = page.locator('input[name="delivery_type"][value="same day delivery"]');
      await sameDay.locator("..").click();
      await expect(sameDay).toBeChecked();
      // Her second address (the first is her primary, chosen when the page is drawn).
      const second = page.getByTestId("checkout-address").nth(1);
      await second.click();
      await expect(second.locator('input[name="address"]')).toBeChecked();
      await page.getByTestId("code-input").fill("EARLYCODE");
      await release();
      // The page's own state took the choices (their cards are drawn chosen), not just the radios.
      await expect(sameDay.locator("..")).toHaveAttribute("data-checked", "true");
      await expect(second).toHaveAttribute("data-checked", "true");
      await expect(page.getByTestId("checkout-address").first()).toHaveAttribute("data-checked", "false");
      await expect(sameDay).toBeChecked();
      await expect(page.locator('input[name="delivery_type"][value="next day delivery"]')).not.toBeChecked();
      await expect(page.getByTestId("code-input")).toHaveValue("EARLYCODE");
      await page.close();
    });

  for (const base of ["/account", "/ar/account"])
    test(`keeps the rating and text typed into ${base}'s review form`, async () => {
      const { page, release } = await held_page(`${base}?review=${PRODUCT}`, 'form [name="comment"]');
      await page.locator('form [name="rating"][value="3"]').check();
      await page.locator('form [name="comment"]').fill("Typed before the page's script arrived.");
      await release();
      await expect(page.locator('form [name="comment"]')).toHaveValue(
        "Typed before the page's script arrived.",
      );
      await expect(page.locator('form [name="rating"][value="3"]')).toBeChecked();
      await checkScreen(page);
      await page.close();
    });
});
