// npm run js-weight — the first-load JavaScript (gzip) of every storefront page, on the built app and a
// fresh demo database, in English and in Arabic (/ar). Prints a table, and exits with status 1 when any page
// is over the budget: 130 KB per page (issue 22; it was 150 with 130 as the goal, issue 13).
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../server/app.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";

const BUDGET_KB = 130;
const dir = mkdtempSync(join(tmpdir(), "store-js-weight-"));
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATABASE_URL: `file:${join(dir, "store.db")}`,
  MEDIA_DIR: join(dir, "media"),
});
const { database } = await prepareDatabase(config);
const { app } = await buildApp({ config, database, ssr: "production", logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * The JavaScript a page makes the browser load at once, gzip-compressed: every module its HTML names (module
 * scripts and preloads, the imports of its inline module script, and the modules that script preloads after
 * the first paint: `appModules`, app/lib/start-after-paint.server.ts). What the app's code fetches later (once
 * hydrated, on first use) is not counted.
 */
export async function firstLoadJs(url: string): Promise<{ files: number; gzip: number }> {
  const html = await (await fetch(url)).text();
  const afterPaint = /const appModules = (\[[^\]]*\]);/.exec(html);
  const scripts = new Set([
    ...[...html.matchAll(/(?:src=|href=|from\s*|import\()["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]!),
    ...(afterPaint ? (JSON.parse(afterPaint[1]!) as string[]) : []),
  ]);
  let gzip = 0;
  for (const script of scripts) {
    const res = await fetch(new URL(script, url), { headers: { "accept-encoding": "gzip" } });
    const bytes = Number(res.headers.get("content-length") ?? (await res.arrayBuffer()).byteLength);
    gzip += bytes;
    // JS_WEIGHT_FILES=1 lists each page's modules with their gzip bytes (to find what a page grew by).
    if (process.env.JS_WEIGHT_FILES) console.log(`  ${String(bytes).padStart(7)}  ${script}`);
  }
  return { files: scripts.size, gzip };
}

try {
  const product = await database.db
    .selectFrom("products")
    .select("slug")
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const post = await database.db
    .selectFrom("blog_posts")
    .select("slug")
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const english = [
    "/",
    "/shop",
    "/shop?category=graceful-abayas",
    `/product/${product.slug}`,
    "/blog",
    `/blog/${post.slug}`,
    "/cart",
    "/wishlist",
    "/checkout",
    "/payment-redirect",
    "/account",
    "/login",
    "/signup",
    "/forgot-password",
    "/contact",
    "/stitching-service",
    "/about",
    "/terms",
  ];
  // Every page in both languages: Arabic under /ar (docs/decisions/0012-arabic.md).
  const pages = [...english, ...english.map((page) => (page === "/" ? "/ar" : `/ar${page}`))];
  console.log(`${"page".padEnd(42)} files  KiB gzip     bytes  left`);
  let over = 0;
  for (const page of pages) {
    const { files, gzip } = await firstLoadJs(`${base}${page}`);
    const kib = gzip / 1024;
    if (kib > BUDGET_KB) over += 1;
    console.log(
      `${page.padEnd(42)} ${String(files).padStart(5)}  ${kib.toFixed(1).padStart(8)}  ${String(gzip).padStart(8)}  ${String(BUDGET_KB * 1024 - gzip).padStart(4)}${kib > BUDGET_KB ? "  over budget" : ""}`,
    );
  }
  console.log(over === 0 ? `every page within ${BUDGET_KB} KB` : `${over} page(s) over ${BUDGET_KB} KB`);
  if (over > 0) process.exitCode = 1;
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
