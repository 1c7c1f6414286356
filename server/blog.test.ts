import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostDto } from "#core/catalog.ts";
import { bumpCatalogVersion } from "./db/repositories/catalog-version.ts";
import { createBlogPost } from "./db/repositories/content.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** React's escaping of text in HTML, enough for the demo titles. */
function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");
}

/** The slugs of the cards the server rendered, in order (the page's data also lists every post). */
function renderedCards(body: string): string[] {
  return [...body.matchAll(/data-testid="blog-card" data-slug="([^"]+)"/g)].map((m) => m[1] as string);
}

const HOSTILE_SLUG = "a-post-with-hostile-html";
const HOSTILE_HTML =
  "<p>Harmless opening words.</p>" +
  "<script>window.__pwned = 'script-ran'</script>" +
  '<p><img src="x" onerror="window.__pwned = \'img-ran\'">After the image.</p>' +
  "<p><a href=\"javascript:window.__pwned='link-ran'\">A bad link</a> and " +
  '<a href="https://example.com/fabric" target="_blank">a good link</a>.</p>' +
  '<iframe src="https://example.com/embed"></iframe><h2 style="color:red" onclick="x()">Kept heading</h2>';

describe.each(TEST_ENGINES)("the blog on $name", (engine) => {
  let store: TestStore;
  let blogs: BlogPostDto[];

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
    const res = await store.app.inject({ method: "GET", url: "/api/blog/list" });
    blogs = res.json().blogs;
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("GET /api/blog/list", () => {
    it("answers success with every demo post, in SPEC §3's shape, newest first", async () => {
      const res = await store.app.inject({ method: "GET", url: "/api/blog/list" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.blogs.length).toBeGreaterThanOrEqual(7);
      for (const post of body.blogs) {
        expect(Object.keys(post).sort()).toEqual(
          [
            "_id",
            "author",
            "category",
            "content",
            "date",
            "excerpt",
            "image",
            "readTime",
            "slug",
            "title",
          ].sort(),
        );
        for (const value of Object.values(post)) expect(typeof value).toBe("string");
        expect(post.content).toMatch(/<p>/);
        expect(post.readTime).toMatch(/^\d+ min read$/);
        expect(post.image).toMatch(/^\/media\/blog\/.+\.webp$/);
      }
      const dates = body.blogs.map((p: BlogPostDto) => Date.parse(p.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(new Set(body.blogs.map((p: BlogPostDto) => p.slug)).size).toBe(body.blogs.length);
    });
  });

  describe("GET /blog", () => {
    it("renders every post as a card on the server, newest first, with its details", async () => {
      const res = await store.app.inject({ method: "GET", url: "/blog" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(renderedCards(res.body)).toEqual(blogs.map((p) => p.slug));
      const first = blogs[0] as BlogPostDto;
      expect(res.body).toContain(`href="/blog/${first.slug}"`);
      expect(res.body).toContain(html(first.title));
      expect(res.body).toContain(html(first.author));
      expect(res.body).toContain(first.readTime);
      expect(res.body).toContain(
        new Intl.DateTimeFormat("en-AE", { dateStyle: "long", timeZone: "Asia/Dubai" }).format(
          new Date(first.date),
        ),
      );
      expect(res.body).toMatch(/<title>Blog \| /);
      expect(res.body).toContain(`<link rel="canonical" href="${store.config.PUBLIC_SITE_URL}/blog"/>`);
      expect(res.body).toMatch(/<label[^>]*>Search the blog<\/label>/);
    });

    it("renders only the posts a ?q= search matches, by title, excerpt or author, ignoring case", async () => {
      const author = (blogs[1] as BlogPostDto).author;
      const byAuthor = blogs.filter((p) => [p.title, p.excerpt, p.author].some((f) => f.includes(author)));
      expect(byAuthor.length).toBeLessThan(blogs.length);
      const res = await store.app.inject({
        method: "GET",
        url: `/blog?q=${encodeURIComponent(author.toUpperCase())}`,
      });
      expect(res.statusCode).toBe(200);
      expect(renderedCards(res.body)).toEqual(byAuthor.map((p) => p.slug));
      expect(res.body).toContain(`value="${html(author.toUpperCase())}"`);

      const word = "lawn";
      const byWord = blogs.filter((p) =>
        [p.title, p.excerpt, p.author].some((f) => f.toLowerCase().includes(word)),
      );
      expect(byWord.length).toBeGreaterThan(0);
      expect(byWord.length).toBeLessThan(blogs.length);
      const lawn = await store.app.inject({ method: "GET", url: `/blog?q=${word}` });
      expect(renderedCards(lawn.body)).toEqual(byWord.map((p) => p.slug));
    });

    it("says no posts match, with a clear-search button, when the search finds nothing", async () => {
      const res = await store.app.inject({ method: "GET", url: "/blog?q=zzqx-nothing" });
      expect(res.statusCode).toBe(200);
      expect(renderedCards(res.body)).toEqual([]);
      expect(res.body).toContain("No posts match “zzqx-nothing”");
      expect(res.body).toMatch(/<button[^>]*>Clear search<\/button>/);
      expect(visibleText(res.body)).not.toContain("No blog posts available at the moment");
    });
  });

  describe("GET /blog/{slug}", () => {
    it("renders each demo post with its back link, date, author, read time and content", async () => {
      for (const post of blogs) {
        const res = await store.app.inject({ method: "GET", url: `/blog/${post.slug}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(
          `<h1 class="mt-3 text-4xl leading-tight text-ink sm:text-5xl">${html(post.title)}</h1>`,
        );
        expect(res.body).toContain(`<title>${html(post.title)} | ${html(store.config.SHOP_NAME)}</title>`);
        expect(res.body).toContain(
          `<meta name="description" content="${html(post.excerpt).replace(/"/g, "&quot;")}"/>`,
        );
        expect(res.body).toContain(
          `<link rel="canonical" href="${store.config.PUBLIC_SITE_URL}/blog/${post.slug}"/>`,
        );
        expect(res.body).toContain('href="/blog"');
        expect(res.body).toContain("Back to Blog");
        expect(res.body).toContain(html(post.author));
        expect(res.body).toContain(post.readTime);
        expect(res.body).toContain(`dateTime="${post.date}"`);
        const firstParagraph = /<p>([^<]{20,80})/.exec(post.content)?.[1] as string;
        expect(res.body).toContain(firstParagraph.replace(/'/g, "&#x27;").slice(0, 40));
        expect(res.body).toContain("Copy link");
      }
    });

    it("removes scripts, event handlers and javascript: links from a post's HTML", async () => {
      await createBlogPost(store.database.db, {
        id: "post-hostile-html",
        slug: HOSTILE_SLUG,
        title: "A post with hostile HTML",
        excerpt: "Written by someone who should not be trusted.",
        content_html: HOSTILE_HTML,
        image: "/media/blog/none.webp",
        author: "Mallory",
        read_time_minutes: 1,
        category: "Test",
        published_at: "2020-01-01T00:00:00.000Z",
        created_at: "2020-01-01T00:00:00.000Z",
      });
      const res = await store.app.inject({ method: "GET", url: `/blog/${HOSTILE_SLUG}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<p>Harmless opening words.</p>");
      expect(res.body).toContain("<p>After the image.</p>");
      expect(res.body).toContain(
        '<a href="https://example.com/fabric" rel="noopener noreferrer">a good link</a>',
      );
      expect(res.body).toContain("<h2>Kept heading</h2>");
      // Neither in the rendered HTML nor in the page data the browser hydrates from.
      expect(res.body).not.toContain("__pwned");
      expect(res.body).not.toMatch(/onerror|onclick|javascript:|<iframe|<img src="x"|style="color:red"/);

      const api = await store.app.inject({ method: "GET", url: "/api/blog/list" });
      const stored = api.json().blogs.find((p: BlogPostDto) => p.slug === HOSTILE_SLUG);
      expect(stored.content).not.toMatch(/script|onerror|javascript:/);
    });

    it("answers an unknown post with 'Blog post not found', a link back to the blog and HTTP 404", async () => {
      const res = await store.app.inject({ method: "GET", url: "/blog/no-such-post" });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("Blog post not found");
      expect(res.body).toMatch(/<a[^>]*href="\/blog"[^>]*>.*Back to Blog/s);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(visibleText(res.body)).not.toContain("Oops! Page not found");
    });
  });

  // Last in this file: it breaks the blog table on purpose and puts it back.
  describe("when the blog cannot be read", () => {
    it("answers /blog with 500 and 'Failed to load blogs', and the API with { success: false, code, message }", async () => {
      const db = store.database.db;
      await sql`alter table blog_posts rename to blog_posts_gone`.execute(db);
      // A catalog write first, so the pages and answers cached by earlier tests are not what answers.
      await bumpCatalogVersion(db);
      try {
        const page = await store.app.inject({ method: "GET", url: "/blog" });
        expect(page.statusCode).toBe(500);
        expect(page.body).toContain("Failed to load blogs");
        expect(page.body).toMatch(/<button[^>]*>.*Try Again<\/button>/s);
        expect(page.body).not.toMatch(/blog_posts|no such table|does not exist/);

        const api = await store.app.inject({ method: "GET", url: "/api/blog/list" });
        expect(api.statusCode).toBe(500);
        const body = api.json();
        expect(Object.keys(body).sort()).toEqual(["code", "message", "success"]);
        expect(body.success).toBe(false);
        expect(body.code).toBe("server_error");
        expect(typeof body.message).toBe("string");
        expect(body.message.length).toBeGreaterThan(0);
        expect(api.body).not.toMatch(/blog_posts|no such table|does not exist|\bat \S+ \(/);

        const post = await store.app.inject({
          method: "GET",
          url: `/blog/${(blogs[0] as BlogPostDto).slug}`,
        });
        expect(post.statusCode).toBe(500);
        expect(post.body).toContain("Failed to load blogs");
      } finally {
        await sql`alter table blog_posts_gone rename to blog_posts`.execute(db);
      }
      const healed = await store.app.inject({ method: "GET", url: "/blog" });
      expect(healed.statusCode).toBe(200);
    });
  });
});
