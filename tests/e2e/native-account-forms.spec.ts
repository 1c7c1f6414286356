import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningStore, startStore, VIEWPORTS, waitForHydration } from "./harness.ts";
import { checkScreen, registerVerified } from "./shopper.ts";

/**
 * Issue 22, decision 0034: a shopper signed in by the plain log-in form (the page session) adds and edits
 * an address and writes a review with JavaScript off; what she types into those forms before the page's
 * script runs is still there after it, in both languages.
 */

let store: RunningStore;
let browser: Browser;
const PRODUCT = "alia-georgette-open-abaya";

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({ NODE_ENV: "test", LOG_LEVEL: "info", PASSWORD_HASH_COST: "10" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
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

describe("the address and review forms without JavaScript", () => {
  const account = {
    name: "Hessa Plainform",
    phone: "0501112233",
    email: "hessa@example.ae",
    password: "plain-forms-2",
  };
  beforeAll(() => registerVerified(store.baseUrl, account));

  it("adds, edits and removes an address, then writes a review: saved, with SPEC's notices, nothing secret in a URL", async () => {
    const context = await browser.newContext({
      baseURL: store.baseUrl,
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const urls = recordUrls(page);
    await page.goto("/login");
    await page.getByLabel("Email or Phone").fill(account.email);
    await page.getByLabel(/^Password\*?$/).fill(account.password);
    await Promise.all([page.waitForURL("**/account"), page.getByRole("button", { name: "Sign In" }).click()]);

    await page.goto("/account?tab=addresses");
    await page.getByText("You have no saved addresses yet").waitFor();
    await page.getByRole("link", { name: "Add New Address" }).click();
    await page.getByLabel(/^First Name\*?$/).fill("Hessa");
    await page.getByLabel(/^Address\*?$/).fill("Villa 3, Street 9, Jumeirah");
    await page.getByLabel(/^City\*?$/).fill("Dubai");
    await page.getByLabel(/^Postcode\*?$/).fill("00000");
    // Saved without an emirate: the form again, as typed, with the hydrated page's message.
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Save Address" }).click()]);
    await page.getByText(/^Please choose an emirate:/).waitFor();
    await expect.poll(() => page.getByLabel(/^City\*?$/).inputValue()).toBe("Dubai");
    await page.getByLabel(/^Emirate\*?$/).selectOption("Dubai");
    await Promise.all([
      page.waitForURL("**notice=added"),
      page.getByRole("button", { name: "Save Address" }).click(),
    ]);
    await page.getByRole("status").filter({ hasText: "Address Added" }).waitFor();
    await page.getByText("Villa 3, Street 9, Jumeirah").waitFor();

    await page.getByRole("link", { name: "Edit address 1" }).click();
    await page.getByLabel(/^City\*?$/).fill("Al Ain");
    await page.getByLabel(/^Emirate\*?$/).selectOption("Abu Dhabi");
    await Promise.all([
      page.waitForURL("**notice=updated"),
      page.getByRole("button", { name: "Save Address" }).click(),
    ]);
    await page.getByRole("status").filter({ hasText: "Address Updated" }).waitFor();
    await page.getByText("Al Ain").first().waitFor();

    // Removal asks SPEC's question in the page, then posts.
    await page.getByRole("link", { name: "Remove address 1" }).click();
    const confirm = page.getByRole("region", { name: "Remove Address" });
    await confirm.getByText("Are you sure you want to remove this address?").waitFor();
    await Promise.all([
      page.waitForURL("**notice=removed"),
      confirm.getByRole("button", { name: "Remove" }).click(),
    ]);
    await page.getByRole("status").filter({ hasText: "Address Removed" }).waitFor();
    await page.getByText("You have no saved addresses yet").waitFor();

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
    await page.getByText("Review submitted").waitFor();
    await page.getByText("Soft georgette, and the fit is just right.").waitFor();
    expect(urls.filter((url) => url.includes(account.password) || url.includes("csrf="))).toEqual([]);
    expect(store.log()).not.toContain(account.password);
    await context.close();
  });
});

describe("typing into the address, measurement and review forms before hydration survives it", () => {
  const account = {
    name: "Alya Early",
    phone: "0501112244",
    email: "alya@example.ae",
    password: "early-forms-3",
  };
  let context: BrowserContext;
  let holding = false;
  const held: Route[] = [];

  beforeAll(async () => {
    await registerVerified(store.baseUrl, account);
    context = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
    await context.route("**/*.js", (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    await nativeLogIn(context, account.phone, account.password);
    // The first hydrated page takes the token (decision 0018's handoff), then SPEC §2's redirect.
    const page = await context.newPage();
    await page.goto("/account");
    await page.waitForURL("**/shop");
    await page.close();
  });
  afterAll(() => context?.close());

  /** Opens `path` with its scripts held back; `release` lets them run and waits for the hydrated page. */
  async function held_page(path: string, ready: string) {
    holding = true;
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "commit" });
    await page.locator(ready).first().waitFor();
    return {
      page,
      async release() {
        holding = false;
        for (const route of held.splice(0)) await route.continue();
        await waitForHydration(page);
      },
    };
  }

  it.each(["/account", "/ar/account"])("keeps every value typed into %s's address form", async (base) => {
    const { page, release } = await held_page(
      `${base}?tab=addresses&address=new`,
      'form [name="first_name"]',
    );
    const field = (name: string) => page.locator(`form [name="${name}"]`).first();
    const typed = {
      first_name: "Alya",
      last_name: "Early",
      phone: "0501112244",
      address: "Tower 2, Marina Walk",
      landmark: "By the tram stop",
      city: "Dubai",
      postcode: "12345",
    };
    for (const [name, value] of Object.entries(typed)) await field(name).fill(value);
    await field("state").selectOption("Dubai");
    await release();
    for (const [name, value] of Object.entries(typed)) {
      await expect.poll(() => field(name).inputValue(), { timeout: 3000 }).toBe(value);
    }
    await expect.poll(() => field("state").inputValue(), { timeout: 3000 }).toBe("Dubai");
    await checkScreen(page);
    // Hydrated, the same form saves through the API (no page load): the list shows it.
    await page.getByTestId("address-form").locator('[type="submit"]').click();
    await page.getByText("Tower 2, Marina Walk").waitFor();
    await page.close();
  });

  it.each(["/account", "/ar/account"])(
    "keeps the name and measurements typed into %s's measurement profile form",
    async (base) => {
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
      for (const [name, value] of Object.entries(typed)) {
        await expect.poll(() => field(name).inputValue(), { timeout: 3000 }).toBe(value);
      }
      await checkScreen(page);
      // Hydrated, the same form saves: the list shows the profile.
      await page.locator('form [name="intent"][value="measurement-save"]').click();
      await expect.poll(() => page.getByTestId("measurements").textContent()).toContain(typed.name);
      await page.close();
    },
  );

  it.each(["/account", "/ar/account"])(
    "keeps the rating and text typed into %s's review form",
    async (base) => {
      const { page, release } = await held_page(`${base}?review=${PRODUCT}`, 'form [name="comment"]');
      await page.locator('form [name="rating"][value="3"]').check();
      await page.locator('form [name="comment"]').fill("Typed before the page's script arrived.");
      await release();
      await expect
        .poll(() => page.locator('form [name="comment"]').inputValue(), { timeout: 3000 })
        .toBe("Typed before the page's script arrived.");
      expect(await page.locator('form [name="rating"][value="3"]').isChecked()).toBe(true);
      await checkScreen(page);
      await page.close();
    },
  );
});
