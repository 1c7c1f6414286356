import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import {
  expectAccessible,
  launchBrowser,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";

/**
 * Issue 25's back-office journeys (decision 0025): the owner writes a product's and a post's Arabic in
 * /admin and sees them on /ar at once; a text left without Arabic is badged 'Needs Arabic', found by the
 * list's Translation filter, and shows in English on /ar, marked lang="en". Axe on the Arabic editors.
 */

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-admin-arabic-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string; name: string };

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({ NODE_ENV: "test", PASSWORD_HASH_COST: "10", DATABASE_URL: databaseUrl }),
    launchBrowser(),
  ]);
  const database = openDatabase(databaseUrl);
  try {
    owner = await createRoleUser(database.db, "owner");
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function newContext(): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: store.baseUrl,
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
}

async function ownerLogsIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByTestId("dashboard-figures").waitFor();
  return page;
}

async function openScreen(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: link }).click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

async function expectNotice(page: Page, text: string | RegExp) {
  await page.getByTestId("admin-notice").filter({ hasText: text }).first().waitFor();
}

describe("the owner writes Arabic", () => {
  it("a product's Arabic name shows on /ar; emptied, the product needs Arabic and /ar shows the English", {
    timeout: 300_000,
  }, async () => {
    const context = await newContext();
    try {
      const page = await ownerLogsIn(context);
      await openScreen(page, "Products", "Products");
      // The demo store is translated: the first product needs no Arabic.
      const first = page.getByRole("table", { name: "Products" }).getByRole("link").first();
      const englishName = (await first.textContent())!.trim();
      await first.click();
      await page.getByRole("heading", { level: 1, name: englishName }).waitFor();
      const slug = await page.getByLabel("Slug").inputValue();
      const arabicName = page.getByLabel("Name (Arabic)");
      await expect.poll(() => arabicName.getAttribute("dir")).toBe("rtl");
      await expectAccessible(page);

      await arabicName.fill("عباية الليل المطرزة");
      await page.getByRole("button", { name: "Save product" }).click();
      await expectNotice(page, "Product saved.");
      const shop = await context.newPage();
      await shop.goto(`/ar/product/${slug}`);
      await shop.getByRole("heading", { level: 1, name: "عباية الليل المطرزة" }).waitFor();
      await expect.poll(() => shop.getByRole("heading", { level: 1 }).getAttribute("lang")).toBeNull();

      // Emptied: the list badges it and the filter finds it; /ar falls back to the English name.
      await arabicName.fill("");
      await page.getByRole("button", { name: "Save product" }).click();
      await expectNotice(page, "Product saved.");
      await openScreen(page, "Products", "Products");
      await page.getByLabel("Translation").selectOption("true");
      await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL(/needsArabic=true/);
      const row = page.getByRole("row").filter({ hasText: englishName });
      await row.getByTestId("needs-arabic").waitFor();
      await expect.poll(() => row.getByTestId("needs-arabic").textContent()).toContain("Needs Arabic");
      await expectAccessible(page);
      await shop.reload();
      const heading = shop.getByRole("heading", { level: 1, name: englishName, exact: true });
      await heading.waitFor();
      await expect.poll(() => heading.getAttribute("lang")).toBe("en");
    } finally {
      await context.close();
    }
  });

  it("a post's Arabic title and right-to-left text show on /ar/blog", { timeout: 300_000 }, async () => {
    const context = await newContext();
    try {
      const page = await ownerLogsIn(context);
      await openScreen(page, "Blog", "Blog");
      const first = page.getByRole("table", { name: "Blog posts" }).getByRole("link").first();
      const title = (await first.textContent())!.trim();
      await first.click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const slug = await page.getByLabel("Slug").inputValue();
      await page.getByLabel("Title (Arabic)").fill("دليل العناية بالعباءة");
      await page.getByLabel("Excerpt (Arabic)").fill("كيف تحافظين على عباءتك جديدة لسنوات.");
      const editor = page.getByRole("textbox", { name: "Content (Arabic)" });
      await editor.waitFor();
      await expect.poll(() => editor.getAttribute("dir")).toBe("rtl");
      await editor.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      await page.keyboard.type("اغسليها بماء بارد وجففيها في الظل.");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Save post" }).click();
      await expectNotice(page, "Post saved.");

      const blog = await context.newPage();
      await blog.goto(`/ar/blog/${slug}`);
      await blog.getByRole("heading", { level: 1, name: "دليل العناية بالعباءة" }).waitFor();
      await blog.getByText("اغسليها بماء بارد وجففيها في الظل.").waitFor();
      await blog.getByText("كيف تحافظين على عباءتك جديدة لسنوات.").first().waitFor();
      await blog.goto(`/blog/${slug}`);
      await blog.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
