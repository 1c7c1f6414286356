import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser, BrowserContext, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningStore, startStore, VIEWPORTS, waitForHydration } from "./harness.ts";

/**
 * Issue 22: the storefront's other forms without JavaScript (decision 0018): each, submitted as plain
 * HTML, does its job on the server and answers with the next page, or shows the hydrated page's messages.
 */

const OWNER_PASSWORD = "owner-without-script-1";
let store: RunningStore;
let browser: Browser;
let db: DatabaseSync;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "native-forms-"));
  const file = join(dir, "store.db");
  [store, browser] = await Promise.all([
    startStore({
      DATABASE_URL: `file:${file}`,
      LOG_LEVEL: "info",
      DEMO_OWNER_PASSWORD: OWNER_PASSWORD,
      PASSWORD_HASH_COST: "10",
    }),
    launchBrowser(),
  ]);
  // On a loaded machine the demo seed can outlast startStore's own wait: the first page needs the store up.
  for (let tries = 0; tries < 240; tries += 1) {
    if (
      await fetch(`${store.baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  db = new DatabaseSync(file);
}, 240_000);
afterAll(async () => {
  db?.close();
  await browser?.close();
  await store?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function withoutJavaScript(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: store.baseUrl, viewport: VIEWPORTS.phone, javaScriptEnabled: false });
}

describe("the request forms without JavaScript", () => {
  it("sends a contact message from the plain form: stored, the success text and its reference drawn; a bad form shows the field messages", async () => {
    const context = await withoutJavaScript();
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel(/^Your Name/).fill("Layla Noscript");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Send Message" }).click()]);
    await form.getByText("Please enter your email address.").waitFor();
    await form.getByText("Please enter a subject.").waitFor();
    await expect.poll(() => form.getByLabel(/^Your Name/).inputValue()).toBe("Layla Noscript");

    await form.getByLabel(/^Email/).fill("layla@example.ae");
    await form.getByLabel(/^Subject/).fill("Petite sizes");
    await form.getByLabel(/^Message/).fill("Is the abaya made in petite sizes?");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Send Message" }).click()]);
    await form.getByText("Thank you, your message has been sent.").waitFor();
    const row = db
      .prepare("select reference, subject from contact_messages where email = ?")
      .get("layla@example.ae") as { reference: string; subject: string } | undefined;
    expect(row?.subject).toBe("Petite sizes");
    await form.getByText(`Your reference number is ${row?.reference}.`).waitFor();
    await expect.poll(() => form.getByLabel(/^Your Name/).inputValue()).toBe("");
    expect(urls.filter((url) => url.includes("layla"))).toEqual([]);
    await context.close();
  });

  it("sends a stitching request from the plain Arabic form, its choices made with the radio buttons", async () => {
    const context = await withoutJavaScript();
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
    await form.getByTestId("request-sent").waitFor();
    const row = db
      .prepare("select address_type, service_type, language from stitching_requests where name = ?")
      .get("Amna Noscript");
    expect(row).toEqual({ address_type: "Office", service_type: "Designer Jalabiya", language: "ar" });
    await context.close();
  });
});

describe("the request forms before the page's script", () => {
  it("sends a contact message tapped before hydration once, and the hydrated page keeps the success box", async () => {
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
    await form.getByText("Thank you, your message has been sent.").waitFor();
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
    await form.getByText("Thank you, your message has been sent.").waitFor();
    const rows = db
      .prepare("select reference from contact_messages where email = ?")
      .all("early.tapper@example.ae");
    expect(rows).toHaveLength(1);
    await context.close();
  });
});

describe("the back office's log-in without JavaScript", () => {
  it("signs the owner in from the plain form and draws the page she asked for; a wrong password says so", async () => {
    const context = await withoutJavaScript();
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/admin/login?next=%2Fadmin%2Forders");
    await page.getByLabel("E-mail").fill("owner@nooratelier.ae");
    await page.getByLabel("Password").fill("not-her-password");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign in" }).click()]);
    await page.getByText("The e-mail or password is not right.").waitFor();
    await expect.poll(() => page.getByLabel("E-mail").inputValue()).toBe("owner@nooratelier.ae");

    await page.getByLabel("Password").fill(OWNER_PASSWORD);
    await Promise.all([
      page.waitForURL("**/admin/orders"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await page.getByText("Noor Atelier Owner").first().waitFor();
    expect(urls.filter((url) => url.includes(OWNER_PASSWORD) || url.includes("password="))).toEqual([]);
    expect(store.log()).not.toContain(OWNER_PASSWORD);
    await context.close();
  });
});
