import type { BrowserContext, Page } from "@playwright/test";
import type { BlogPostDto } from "#core/catalog.ts";
import { apiOf, contextOptions, expect, type RunningStore, storeOf, test } from "./fixtures.ts";
import { expectAccessible, openPage, type ViewportName, waitForHydration } from "./harness.ts";

let store: RunningStore;
let posts: BlogPostDto[];

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  posts = (await apiOf(store.baseUrl).get("/api/blog/list")).body.blogs as BlogPostDto[];
});

const open = openPage;

function matching(query: string): BlogPostDto[] {
  const needle = query.toLowerCase();
  return posts.filter((p) => [p.title, p.excerpt, p.author].some((f) => f.toLowerCase().includes(needle)));
}

/** The titles on the blog's cards, in order. */
const cardTitles = (page: Page) => page.getByTestId("blog-card").locator("h2");

/** Records, in the page, when the search box was last typed in and when the list of cards last changed. */
async function watchSearchTiming(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { typedAt: number; listChangedAt: number };
    w.typedAt = 0;
    w.listChangedAt = 0;
    document.querySelector('[data-testid="blog-search"]')?.addEventListener("input", () => {
      w.typedAt = performance.now();
    });
    new MutationObserver(() => {
      w.listChangedAt = performance.now();
    }).observe(document.querySelector('[data-testid="blog-page"]') as Element, {
      childList: true,
      subtree: true,
    });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { typedAt: number; listChangedAt: number };
      return w.listChangedAt - w.typedAt;
    });
}

for (const viewport of ["desktop", "phone"] as ViewportName[]) {
  test.describe(`the blog at ${viewport} size`, () => {
    let context: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.baseUrl });
    });
    test.afterAll(() => context.close());

    test("shopper searches the blog, sees the list narrow after a pause, and clears the search", async () => {
      const page = await open(context, "/blog");
      await expect(cardTitles(page)).toHaveText(posts.map((p) => p.title));
      await expect(page.locator("h1")).toHaveText("Our Blog");
      await expectAccessible(page);

      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      const historyLength = await page.evaluate(() => history.length);
      const debounce = await watchSearchTiming(page);

      const query = "lawn";
      const expected = matching(query);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(posts.length);
      const box = page.getByRole("searchbox", { name: "Search the blog" });
      await box.fill(query.toUpperCase());
      await expect(cardTitles(page)).toHaveText(expected.map((p) => p.title));
      // SPEC §2/§9: the list waits 300 ms after the last keystroke.
      await expect.poll(() => debounce()).toBeGreaterThanOrEqual(280);
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === query.toUpperCase());
      // Replace navigation: the search does not pile up history entries, and needs no trip to the server.
      await expect.poll(() => page.evaluate(() => history.length)).toBe(historyLength);
      expect(dataRequests).toEqual([]);
      await expect(page.getByTestId("blog-count")).toHaveText(
        `${expected.length} ${expected.length === 1 ? "article matches" : "articles match"} “${query.toUpperCase()}”`,
      );
      await expect(page.getByTestId("loading-overlay")).toHaveCount(0);

      await box.fill("");
      await expect(cardTitles(page)).toHaveText(posts.map((p) => p.title));
      await expect(page).toHaveURL((url) => url.search === "");

      // A search that finds nothing says so, and its button brings every post back.
      await box.pressSequentially("zzqx", { delay: 40 });
      const none = page.getByTestId("blog-no-matches");
      await expect(none).toBeVisible();
      await expect(none.locator("h2")).toHaveText("No posts match “zzqx”");
      await expect(page.getByTestId("blog-card")).toHaveCount(0);
      await expectAccessible(page);
      await none.getByRole("button", { name: "Clear search" }).click();
      await expect(cardTitles(page)).toHaveText(posts.map((p) => p.title));
      await expect(box).toHaveValue("");
      await expect(page).toHaveURL((url) => !url.searchParams.has("q"));
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
        .toBe("blog-search");
      expect(dataRequests).toEqual([]);
      await page.close();
    });

    test("shopper opens a shared search link and sees only the matching posts", async () => {
      const author = (posts[2] as BlogPostDto).author;
      const page = await open(context, `/blog?q=${encodeURIComponent(author)}`);
      await expect(cardTitles(page)).toHaveText(matching(author).map((p) => p.title));
      await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue(author);
      await page.close();
    });

    test("shopper opens a post, copies its link and sees the confirmation for 2 s", async () => {
      const post = posts[1] as BlogPostDto;
      const page = await open(context, "/blog");
      await page.getByRole("link", { name: post.title }).click();
      await page.waitForURL((url) => url.pathname === `/blog/${post.slug}`);
      // React commits the new page a moment after the address changes.
      await expect(page.locator("h1")).toHaveText(post.title);
      await expect(page).toHaveTitle(`${post.title} | Noor Atelier`);
      const meta = page.getByTestId("post-meta");
      await expect(meta).toContainText(post.author);
      await expect(meta).toContainText(post.readTime);
      await expect(page.getByTestId("blog-content").locator("h2, p").nth(3)).toBeAttached();
      await expectAccessible(page);

      const status = page.getByTestId("copy-status");
      await expect(status).toHaveAttribute("aria-live", "polite");
      await page.getByRole("button", { name: "Copy link" }).click();
      // SPEC §9: the confirmation shows, then goes away on its own.
      await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
      await expect(status).toHaveText("Link copied to clipboard!");
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      await expect(page.getByText("Link copied to clipboard!")).toHaveCount(0, { timeout: 5000 });
      await expect(status).toHaveText("");

      await page.getByRole("link", { name: "Back to Blog" }).click();
      await page.waitForURL((url) => url.pathname === "/blog");
      await page.close();
    });

    test("shows the link in a selected field when the clipboard is refused", async () => {
      const post = posts[0] as BlogPostDto;
      const page = await context.newPage();
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "clipboard", {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
        });
      });
      await page.goto(`/blog/${post.slug}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Copy link" }).click();
      const field = page.getByRole("textbox", { name: "Copy this link to share the article" });
      await expect(field).toBeVisible();
      await expect(field).toHaveValue(page.url());
      await expect(field).toBeFocused();
      await expect
        .poll(() =>
          field.evaluate((input: HTMLInputElement) => ({
            focused: document.activeElement === input,
            selected: input.selectionStart === 0 && input.selectionEnd === input.value.length,
          })),
        )
        .toEqual({ focused: true, selected: true });
      await expect(page.getByTestId("copy-status")).toHaveText("");
      await expectAccessible(page);
      await page.close();
    });

    test("answers an unknown post with 'Blog post not found', HTTP 404 and a way back", async () => {
      const page = await context.newPage();
      const response = await page.goto("/blog/no-such-post");
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText("Blog post not found");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.getByTestId("blog-post-not-found").getByRole("link", { name: "Back to Blog" }).click();
      await page.waitForURL((url) => url.pathname === "/blog");
      await expect(page.getByTestId("blog-card")).toHaveCount(posts.length);
      await page.close();
    });
  });
}

test.describe("the blog when it cannot be reached", () => {
  test("offers Try Again, which reloads the page", async ({ browser }) => {
    const context = await browser.newContext({ ...contextOptions("desktop"), baseURL: store.baseUrl });
    const page = await open(context, `/blog/${(posts[0] as BlogPostDto).slug}`);
    await page.route(/\/blog\.data/, (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Back to Blog" }).first().click();
    const error = page.getByTestId("blog-error");
    await expect(error).toBeVisible();
    // SPEC §8 Blog: a network failure has its own words.
    await expect(error.locator("h1")).toHaveText("Could not connect to blog API...");
    await expectAccessible(page);
    await page.unroute(/\/blog\.data/);
    const reloaded = page.waitForEvent("load");
    await error.getByRole("button", { name: "Try Again" }).click();
    await reloaded;
    await waitForHydration(page);
    await expect(page.getByTestId("blog-card")).toHaveCount(posts.length);
    await context.close();
  });
});
