import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostDto } from "#core/catalog.ts";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  type ViewportName,
  waitForHydration,
} from "./harness.ts";

let store: RunningStore;
let browser: Browser;
let posts: BlogPostDto[];

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  posts = (await (await fetch(`${store.baseUrl}/api/blog/list`)).json()).blogs;
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const open = openPage;

function matching(query: string): BlogPostDto[] {
  const needle = query.toLowerCase();
  return posts.filter((p) => [p.title, p.excerpt, p.author].some((f) => f.toLowerCase().includes(needle)));
}

async function cardTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("blog-card").locator("h2").allTextContents()).map((t) => t.trim());
}

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

describe.each(["desktop", "phone"] as ViewportName[])("the blog at %s size", (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, viewport, store.baseUrl);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.baseUrl });
  });
  afterAll(() => context.close());

  it("shopper searches the blog, sees the list narrow after a pause, and clears the search", async () => {
    const page = await open(context, "/blog");
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    await expect.poll(() => page.locator("h1").textContent()).toBe("Our Blog");
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
    await expect.poll(() => cardTitles(page)).toEqual(expected.map((p) => p.title));
    // SPEC §2/§9: the list waits 300 ms after the last keystroke.
    await expect.poll(() => debounce()).toBeGreaterThanOrEqual(280);
    expect(new URL(page.url()).searchParams.get("q")).toBe(query.toUpperCase());
    // Replace navigation: the search does not pile up history entries, and needs no trip to the server.
    await expect.poll(() => page.evaluate(() => history.length)).toBe(historyLength);
    expect(dataRequests).toEqual([]);
    await expect
      .poll(() => page.getByTestId("blog-count").textContent())
      .toBe(
        `${expected.length} ${expected.length === 1 ? "article matches" : "articles match"} “${query.toUpperCase()}”`,
      );
    await expect.poll(() => page.getByTestId("loading-overlay").count()).toBe(0);

    await box.fill("");
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    expect(new URL(page.url()).search).toBe("");

    // A search that finds nothing says so, and its button brings every post back.
    await box.pressSequentially("zzqx", { delay: 40 });
    const none = page.getByTestId("blog-no-matches");
    await none.waitFor();
    await expect.poll(() => none.locator("h2").textContent()).toBe("No posts match “zzqx”");
    await expect.poll(() => page.getByTestId("blog-card").count()).toBe(0);
    await expectAccessible(page);
    await none.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    await expect.poll(() => box.inputValue()).toBe("");
    expect(new URL(page.url()).searchParams.has("q")).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("blog-search");
    expect(dataRequests).toEqual([]);
    await page.close();
  });

  it("shopper opens a shared search link and sees only the matching posts", async () => {
    const author = (posts[2] as BlogPostDto).author;
    const page = await open(context, `/blog?q=${encodeURIComponent(author)}`);
    await expect.poll(() => cardTitles(page)).toEqual(matching(author).map((p) => p.title));
    await expect
      .poll(() => page.getByRole("searchbox", { name: "Search the blog" }).inputValue())
      .toBe(author);
    await page.close();
  });

  it("shopper opens a post, copies its link and sees the confirmation for 2 s", async () => {
    const post = posts[1] as BlogPostDto;
    const page = await open(context, "/blog");
    await page.getByRole("link", { name: post.title }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${post.slug}`);
    // React commits the new page a moment after the address changes.
    await expect.poll(() => page.locator("h1").textContent()).toBe(post.title);
    await expect.poll(() => page.title()).toBe(`${post.title} | Noor Atelier`);
    const meta = page.getByTestId("post-meta");
    await expect.poll(() => meta.textContent()).toContain(post.author);
    await expect.poll(() => meta.textContent()).toContain(post.readTime);
    await expect.poll(() => page.getByTestId("blog-content").locator("h2, p").count()).toBeGreaterThan(3);
    await expectAccessible(page);

    const status = page.getByTestId("copy-status");
    await expect.poll(() => status.getAttribute("aria-live")).toBe("polite");
    await page.getByRole("button", { name: "Copy link" }).click();
    // SPEC §9: the confirmation shows, then goes away on its own.
    await page.getByText("Link copied to clipboard!").waitFor({ state: "visible" });
    await expect.poll(() => status.textContent()).toBe("Link copied to clipboard!");
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.getByText("Link copied to clipboard!").waitFor({ state: "detached", timeout: 5000 });
    await expect.poll(() => status.textContent()).toBe("");

    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL((url) => url.pathname === "/blog");
    await page.close();
  });

  it("shows the link in a selected field when the clipboard is refused", async () => {
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
    await field.waitFor();
    await expect.poll(() => field.inputValue()).toBe(page.url());
    expect(
      await field.evaluate((input: HTMLInputElement) => ({
        focused: document.activeElement === input,
        selected: input.selectionStart === 0 && input.selectionEnd === input.value.length,
      })),
    ).toEqual({ focused: true, selected: true });
    await expect.poll(() => page.getByTestId("copy-status").textContent()).toBe("");
    await expectAccessible(page);
    await page.close();
  });

  it("answers an unknown post with 'Blog post not found', HTTP 404 and a way back", async () => {
    const page = await context.newPage();
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Blog post not found");
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByTestId("blog-post-not-found").getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL((url) => url.pathname === "/blog");
    await expect.poll(() => page.getByTestId("blog-card").count()).toBe(posts.length);
    await page.close();
  });
});

describe("the blog when it cannot be reached", () => {
  it("offers Try Again, which reloads the page", async () => {
    const context = await newContext(browser, "desktop", store.baseUrl);
    const page = await open(context, `/blog/${(posts[0] as BlogPostDto).slug}`);
    await page.route(/\/blog\.data/, (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Back to Blog" }).first().click();
    const error = page.getByTestId("blog-error");
    await error.waitFor();
    // SPEC §8 Blog: a network failure has its own words.
    await expect.poll(() => error.locator("h1").textContent()).toBe("Could not connect to blog API...");
    await expectAccessible(page);
    await page.unroute(/\/blog\.data/);
    const reloaded = page.waitForEvent("load");
    await error.getByRole("button", { name: "Try Again" }).click();
    await reloaded;
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("blog-card").count()).toBe(posts.length);
    await context.close();
  });
});
