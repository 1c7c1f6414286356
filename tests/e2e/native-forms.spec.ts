import { DatabaseSync } from "node:sqlite";
import type { Browser, BrowserContext, Route } from "@playwright/test";
import { expect, type RunningStore, storeOf, test } from "./fixtures.ts";
import { VIEWPORTS, waitForHydration } from "./harness.ts";

/**
 * Issue 22: the storefront's other forms without JavaScript (decision 0018): each, submitted as plain
 * HTML, does its job on the server and answers with the next page, or shows the hydrated page's messages.
 */

const OWNER_PASSWORD = "owner-without-script-1";
test.use({
  storeEnv: { LOG_LEVEL: "info", DEMO_OWNER_PASSWORD: OWNER_PASSWORD },
});

let store: RunningStore;
let db: DatabaseSync;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  // The store's own database file: the journeys read what the forms stored.
  db = new DatabaseSync(store.databaseFile);
});
test.afterAll(() => db?.close());

function withoutJavaScript(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone, javaScriptEnabled: false });
}

test.describe("the request forms without JavaScript", () => {
  test("sends a contact message from the plain form: stored, the success text and its reference drawn; a bad form shows the field messages", async ({
    browser,
  }) => {
    const context = await withoutJavaScript(browser);
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel(/^Your Name/).fill("Layla Noscript");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Send Message" }).click()]);
    await expect(form.getByText("Please enter your email address.")).toBeVisible();
    await expect(form.getByText("Please enter a subject.")).toBeVisible();
    await expect(form.getByLabel(/^Your Name/)).toHaveValue("Layla Noscript");

    await form.getByLabel(/^Email/).fill("layla@example.ae");
    await form.getByLabel(/^Subject/).fill("Petite sizes");
    await form.getByLabel(/^Message/).fill("Is the abaya made in petite sizes?");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Send Message" }).click()]);
    await expect(form.getByText("Thank you, your message has been sent.")).toBeVisible();
    // The answer that drew the success text came after the row was written.
    const row = db
      .prepare("select reference, subject from contact_messages where email = ?")
      .get("layla@example.ae") as { reference: string; subject: string } | undefined;
    expect(row?.subject).toBe("Petite sizes");
    await expect(form.getByText(`Your reference number is ${row?.reference}.`)).toBeVisible();
    await expect(form.getByLabel(/^Your Name/)).toHaveValue("");
    expect(urls.filter((url) => url.includes("layla"))).toEqual([]);
    await context.close();
  });

  test("sends a stitching request from the plain Arabic form, its choices made with the radio buttons", async ({
    browser,
  }) => {
    const context = await withoutJavaScript(browser);
    const page = await context.newPage();
    await page.goto("/ar/stitching-service");
    const form = page.getByTestId("stitching-form");
    await form.locator('[name="name"]').fill("Amna Noscript");
    await form.locator('[name="phoneNumber"]').fill("0501239988");
    await form.locator('[name="fullAddress"]').fill("Villa 3, Street 8");
    await form.locator('[name="city"]').fill("Sharjah");
    await form.locator('[name="pinCode"]').fill("654321");
    await form.locator('label:has(input[name="addressType"][value="Office"])').click();
    await form.locator('label:has(input[name="serviceType"][value="Designer Jalabiya"])').click();
    await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
    await expect(form.getByTestId("request-sent")).toBeVisible();
    const row = db
      .prepare("select address_type, service_type, language from stitching_requests where name = ?")
      .get("Amna Noscript");
    expect(row).toEqual({ address_type: "Office", service_type: "Designer Jalabiya", language: "ar" });
    await context.close();
  });
});

test.describe("the request forms before the page's script", () => {
  test("sends a contact message tapped before hydration once, and the hydrated page keeps the success box", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone });
    const held: Route[] = [];
    let released = false;
    await context.route("**/*.js", (route) => {
      if (released) void route.continue();
      else held.push(route);
    });
    const page = await context.newPage();
    await page.goto("/contact", { waitUntil: "commit" });
    const form = page.getByTestId("contact-form");
    await form.locator('[name="name"]').fill("Early Tapper");
    await form.locator('[name="email"]').fill("early.tapper@example.ae");
    await form.locator('[name="subject"]').fill("Before the script");
    await form.locator('[name="message"]').fill("Sent before the page's script arrived.");
    await form.locator('button[type="submit"]').click();
    await expect(form.getByText("Thank you, your message has been sent.")).toBeVisible();
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
    await expect(form.getByText("Thank you, your message has been sent.")).toBeVisible();
    const rows = db
      .prepare("select reference from contact_messages where email = ?")
      .all("early.tapper@example.ae");
    expect(rows).toHaveLength(1);
    await context.close();
  });
});

test.describe("the back office's log-in without JavaScript", () => {
  test("signs the owner in from the plain form and draws the page she asked for; a wrong password says so", async ({
    browser,
  }) => {
    const context = await withoutJavaScript(browser);
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/admin/login?next=%2Fadmin%2Forders");
    await page.getByLabel("E-mail").fill("owner@nooratelier.ae");
    await page.getByLabel("Password").fill("not-her-password");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign in" }).click()]);
    await expect(page.getByText("The e-mail or password is not right.")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue("owner@nooratelier.ae");

    await page.getByLabel("Password").fill(OWNER_PASSWORD);
    await Promise.all([
      page.waitForURL("**/admin/orders"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await expect(page.getByText("Noor Atelier Owner").first()).toBeVisible();
    expect(urls.filter((url) => url.includes(OWNER_PASSWORD) || url.includes("password="))).toEqual([]);
    expect(store.log()).not.toContain(OWNER_PASSWORD);
    await context.close();
  });
});
