import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaPath, SETUP_HINT } from "../scripts/test-programs.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** The Nu HTML Checker's jar (npm vnu-jar); it runs on Java, which scripts/test-setup.sh installs. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const JAVA = javaPath();

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Checks every file in one Java run (the checker takes seconds to start) and returns its errors.
 * With --errors-only and --format json the report is one JSON object on stderr.
 */
async function nuErrors(files: string[]): Promise<NuMessage[]> {
  if (!JAVA)
    throw new Error(`No Java runtime in JAVA_HOME or on PATH for the Nu HTML Checker: ${SETUP_HINT}`);
  const { stderr } = await promisify(execFile)(
    JAVA,
    ["-Xss1024k", "-jar", VNU_JAR, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
    { maxBuffer: 32 * 1024 * 1024 },
  );
  // The site stylesheet is inlined in each page's head (decision 0011); the checker's CSS grammar predates
  // what Tailwind 4 writes (@property, margin-trim, custom properties as transition values), so its
  // "CSS:" messages are about the checker, not the page. Every HTML message still counts.
  return (JSON.parse(stderr) as { messages: NuMessage[] }).messages.filter(
    (m) => (m.type === "error" || m.subType === "fatal") && !m.message.startsWith("CSS: "),
  );
}

describe.each(TEST_ENGINES)("the server's HTML in the Nu HTML Checker on $name", (engine) => {
  let store: TestStore;
  const dir = mkdtempSync(join(tmpdir(), "nu-check-"));
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds no error on any main page", { timeout: 120_000 }, async () => {
    const db = store.database.db;
    const product = await db.selectFrom("products").select("slug").orderBy("slug").executeTakeFirstOrThrow();
    const unstitched = await db
      .selectFrom("products")
      .select("slug")
      .where("type", "=", "Unstitched")
      .executeTakeFirst();
    const post = await db.selectFrom("blog_posts").select("slug").orderBy("slug").executeTakeFirstOrThrow();
    const paths = [
      "/",
      "/shop",
      "/shop?category=graceful-abayas",
      "/shop?category=designer-jalabiya&color=Black",
      "/shop?search=no-such-thing-at-all",
      `/product/${product.slug}`,
      ...(unstitched ? [`/product/${unstitched.slug}`] : []),
      "/blog",
      `/blog/${post.slug}`,
      "/about",
      "/contact",
      "/terms",
      "/privacy",
      "/shipping",
      "/returns",
      "/login",
      "/signup",
      "/forgot-password",
      "/account",
      "/no-such-page",
    ];
    const files: string[] = [];
    for (const [i, path] of paths.entries()) {
      const res = await store.app.inject({ method: "GET", url: path });
      expect(res.headers["content-type"], path).toMatch(/text\/html/);
      const file = join(dir, `${i}-${path.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}.html`);
      writeFileSync(file, res.body);
      files.push(file);
    }
    const errors = (await nuErrors(files)).map(
      (m) => `${paths[files.findIndex((f) => m.url.endsWith(f))]}:${m.lastLine ?? "?"} ${m.message}`,
    );
    expect(errors).toEqual([]);
  });
});
