import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, type Owner, type RunningStore, storeOf, test } from "./fixtures.ts";
import { expectAccessible, waitForHydration } from "./harness.ts";

/**
 * Issue 25's back-office journeys (decision 0025): the owner writes a product's and a post's Arabic in
 * /admin and sees them on /ar at once; a text left without Arabic is badged 'Needs Arabic', found by the
 * list's Translation filter, and shows in English on /ar, marked lang="en". Axe on the Arabic editors.
 */

test.use({ storeEnv: { NODE_ENV: "test" } });

let store: RunningStore;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: store.baseUrl,
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
}

/** The owner, already signed in (the owner fixture's session), opens /admin's dashboard. */
async function ownerOpensAdmin(context: BrowserContext, owner: Owner): Promise<Page> {
  await owner.signIn(context);
  const page = await context.newPage();
  await page.goto("/admin");
  await waitForHydration(page);
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

test.describe("the owner writes Arabic", () => {
  test("a product's Arabic name shows on /ar; emptied, the product needs Arabic and /ar shows the English", async ({
    browser,
    owner,
  }) => {
    test.setTimeout(300_000);
    const context = await newContext(browser);
    try {
      const page = await ownerOpensAdmin(context, owner);
      await openScreen(page, "Products", "Products");
      // The demo store is translated: the first product needs no Arabic.
      const first = page.getByRole("table", { name: "Products" }).getByRole("link").first();
      await first.waitFor();
      const englishName = (await first.textContent())!.trim();
      await first.click();
      await page.getByRole("heading", { level: 1, name: englishName }).waitFor();
      const slug = await page.getByLabel("Slug").inputValue();
      const arabicName = page.getByLabel("Name (Arabic)");
      await expect(arabicName).toHaveAttribute("dir", "rtl");
      await expectAccessible(page);

      await arabicName.fill("عباية الليل المطرزة");
      await page.getByRole("button", { name: "Save product" }).click();
      await expectNotice(page, "Product saved.");
      const shop = await context.newPage();
      await shop.goto(`/ar/product/${slug}`);
      await shop.getByRole("heading", { level: 1, name: "عباية الليل المطرزة" }).waitFor();
      await expect(shop.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang");

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
      await expect(row.getByTestId("needs-arabic")).toContainText("Needs Arabic");
      await expectAccessible(page);
      await shop.reload();
      const heading = shop.getByRole("heading", { level: 1, name: englishName, exact: true });
      await heading.waitFor();
      await expect(heading).toHaveAttribute("lang", "en");
    } finally {
      await context.close();
    }
  });

  test("a post's Arabic title and right-to-left text show on /ar/blog", async ({ browser, owner }) => {
    test.setTimeout(300_000);
    const context = await newContext(browser);
    try {
      const page = await ownerOpensAdmin(context, owner);
      await openScreen(page, "Blog", "Blog");
      const first = page.getByRole("table", { name: "Blog posts" }).getByRole("link").first();
      await first.waitFor();
      const title = (await first.textContent())!.trim();
      await first.click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const slug = await page.getByLabel("Slug").inputValue();
      await page.getByLabel("Title (Arabic)").fill("دليل العناية بالعباءة");
      await page.getByLabel("Excerpt (Arabic)").fill("كيف تحافظين على عباءتك جديدة لسنوات.");
      const editor = page.getByRole("textbox", { name: "Content (Arabic)" });
      await editor.waitFor();
      await expect(editor).toHaveAttribute("dir", "rtl");
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
