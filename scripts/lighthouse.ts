// npm run lighthouse — Lighthouse (mobile, default simulated throttling) on the built store, started on a
// freshly seeded temporary database, driving Debian's Chromium. Audits the main pages three times each
// and prints the medians; asserts nothing. LIGHTHOUSE_RUNS changes the count, LIGHTHOUSE_PAGES (comma
// separated paths) the pages, LIGHTHOUSE_SAVE=<dir> keeps each report's JSON there,
// and each load's trace beside it (…trace.json, read by scripts/trace-tasks.ts's TRACE_FILES).
//
// The CPU slowdown is calibrated to the machine (issue 22), as Lighthouse's throttling guide asks of a host
// that is not a high-end desktop (scripts/cpu-calibration.ts cites it): before the first audit the script
// runs Lighthouse's own CPU benchmark (benchmarkIndex) in the browser and sets
// throttling.cpuSlowdownMultiplier from it, so the simulated phone is the guide's mid-tier phone whatever
// the machine; LIGHTHOUSE_CPU_MULTIPLIER sets the multiplier instead (4 is Lighthouse's default), for
// comparison runs. The table gives, per page, the benchmarkIndex the audits themselves reported (median)
// and the multiplier they ran with.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { cartCookieValue, cartCookieWrites } from "#core/cart-cookie.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import { sessionCookieWrites } from "#core/session-cookie.ts";
import { openDatabase } from "../server/db/connection.ts";
import { codeFromOutbox } from "../server/testing/accounts.ts";
import { median, startBuiltStore } from "./built-store.ts";
import { cpuSlowdownFor, measureBenchmarkIndex } from "./cpu-calibration.ts";
import { CHROMIUM_ARGS } from "./test-programs.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CPU_MULTIPLIER_SET = process.env.LIGHTHOUSE_CPU_MULTIPLIER
  ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER)
  : undefined;
if (CPU_MULTIPLIER_SET !== undefined && !(CPU_MULTIPLIER_SET >= 1))
  throw new Error("LIGHTHOUSE_CPU_MULTIPLIER must be a number of at least 1");
const post = DEMO_BLOG_POSTS[0]!;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
  "/",
  "/shop",
  "/shop?category=graceful-abayas",
  "/product/{first}",
  `/blog/${post.slug}`,
  "/cart",
  "/checkout",
];
/** Pages audited as a signed-in shopper with one item in her cart; the rest as a first-time visitor. */
const SIGNED_IN = new Set(["/cart", "/checkout"]);

const store = await startBuiltStore("lighthouse");
const { base, databaseUrl } = store;

/** A verified shopper, as the sign-up screens make one; the code is read from the store's outbox. */
async function signedInToken(): Promise<string> {
  const account = {
    name: "Lighthouse Shopper",
    phone: "0501234999",
    email: "lighthouse@example.com",
    password: "Lighthouse-Pass-1",
  };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; message?: string; token?: string };
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return json;
  };
  await post("/api/user/register", account);
  const database = openDatabase(databaseUrl);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = await codeFromOutbox(database.db, account.email, "verify-email").catch(() => undefined);
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  await database.close();
  if (!code) throw new Error("no verification code in the outbox");
  await post("/api/user/verify-email-otp", { email: account.email, otp: code });
  const { token } = await post("/api/user/login", { identifier: account.email, password: account.password });
  return token!;
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
  /** The machine's benchmarkIndex as this audit measured it (lhr.environment). */
  benchmarkIndex: number;
  /** The CPU slowdown the audit ran with (lhr.configSettings.throttling). */
  cpuMultiplier: number;
}

try {
  const token = await signedInToken();
  // The shop's first product (its page is audited, and it is the one item in the shopper's cart).
  const { products } = (await (await fetch(`${base}/api/product/list?limit=1`)).json()) as {
    products: {
      _id: string;
      slug: string;
      name: string;
      image: string[];
      colors: string[];
      price: number;
      variants: { filter_value: string }[];
    }[];
  };
  const product = products[0]!;
  const cart = {
    items: [
      {
        _id: product._id,
        slug: product.slug,
        name: product.name,
        image: product.image[0] ?? "",
        price: product.price,
        selectedSize: product.variants[0]!.filter_value,
        // As the product page adds it (and the account's cart keeps it).
        selectedColor: product.colors[0] ?? "",
        quantity: 1,
      },
    ],
  };
  // Signed in, her changes reach the account's cart too (decision 0004), which /cart reads when it opens.
  const added = await fetch(`${base}/api/cart/add`, {
    method: "POST",
    headers: { "content-type": "application/json", token },
    body: JSON.stringify({ itemId: product._id, size: cart.items[0]!.selectedSize, quantity: 1 }),
  });
  if (!added.ok) throw new Error(`/api/cart/add: ${added.status}`);
  // The store keeps a copy of the lines in a cookie as it writes the cart (core/cart-cookie.ts).
  const cartCookies = cartCookieWrites(cartCookieValue(cart.items), false);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const rows: [string, Figures][] = [];
  // Lighthouse's benchmark in the blank tab, before any audit: the calibration (scripts/cpu-calibration.ts).
  const benchmarkIndex = await measureBenchmarkIndex((benchmark) => page.evaluate(benchmark));
  const cpuMultiplier = CPU_MULTIPLIER_SET ?? cpuSlowdownFor(benchmarkIndex);
  process.stderr.write(
    `benchmarkIndex ${benchmarkIndex}: CPU slowdown ${cpuMultiplier}x${CPU_MULTIPLIER_SET === undefined ? " (calibrated)" : " (LIGHTHOUSE_CPU_MULTIPLIER)"}\n`,
  );
  try {
    for (const listed of PAGES) {
      const path = listed.replace("{first}", product.slug);
      const runs: Figures[] = [];
      // The server's first answer for a page renders it and encodes its pictures' sizes on demand; a
      // shop's visitors meet those already made, so one unaudited visit makes them first.
      await page.goto(`${base}${path}`, { waitUntil: "networkidle0" });
      // A run Lighthouse could not record (a runtime error such as NO_NAVSTART) is run again, up to twice
      // as many attempts as runs; it never counts as a score of zero.
      for (let attempt = 0, run = 0; run < RUNS && attempt < RUNS * 2; attempt++) {
        // Every run starts cold: no HTTP cache, no storage, then the shopper's session where it applies.
        await cdp.send("Network.clearBrowserCache");
        await cdp.send("Storage.clearDataForOrigin", { origin: base, storageTypes: "all" });
        if (SIGNED_IN.has(path)) {
          await page.goto(`${base}/robots.txt`);
          // As the store's pages leave them for a shopper who signed in and filled her cart.
          await page.evaluate(
            (keys, t, c, cookies) => {
              localStorage.setItem(keys.token, t);
              localStorage.setItem(keys.cart, c);
              // biome-ignore lint/suspicious/noDocumentCookie: as the store's cart and session write them.
              for (const cookie of cookies) document.cookie = cookie;
            },
            STORAGE_KEYS,
            token,
            JSON.stringify(cart),
            [...cartCookies, ...sessionCookieWrites(token, false)],
          );
        }
        const result = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            formFactor: "mobile",
            disableStorageReset: true,
            // Merged into the mobile preset: its network figures stay, the CPU slowdown is this machine's.
            throttling: { cpuSlowdownMultiplier: cpuMultiplier },
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          },
          undefined,
          page,
        );
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        if (result.lhr.runtimeError) {
          process.stderr.write(
            `${path} attempt ${attempt + 1}: ${result.lhr.runtimeError.code}, run again\n`,
          );
          continue;
        }
        run += 1;
        if (process.env.LIGHTHOUSE_SAVE) {
          const file = join(process.env.LIGHTHOUSE_SAVE, `${path.replace(/\W+/g, "_")}-${run}.json`);
          writeFileSync(file, JSON.stringify(result.lhr));
          // The load's own trace, for `TRACE_FILES=… node scripts/trace-tasks.ts` to say what its long tasks did.
          writeFileSync(file.replace(/\.json$/, ".trace.json"), JSON.stringify(result.artifacts.Trace));
        }
        const { categories, audits } = result.lhr;
        const scripts =
          (audits["network-requests"]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
        const jsBytes = scripts
          .filter((r) => r.resourceType === "Script")
          .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          fcp: audits["first-contentful-paint"]?.numericValue ?? 0,
          lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
          tbt: audits["total-blocking-time"]?.numericValue ?? 0,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
          jsKb: jsBytes / 1024,
          benchmarkIndex: result.lhr.environment.benchmarkIndex,
          cpuMultiplier: result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
        });
        const last = runs.at(-1)!;
        process.stderr.write(
          `${path} run ${run}: performance ${last.performance} (benchmarkIndex ${Math.round(last.benchmarkIndex)}, CPU ${last.cpuMultiplier}x)\n`,
        );
      }
      if (runs.length === 0) throw new Error(`Lighthouse recorded no run of ${path}`);
      const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
      rows.push([
        path,
        {
          performance: m("performance"),
          accessibility: m("accessibility"),
          bestPractices: m("bestPractices"),
          seo: m("seo"),
          fcp: m("fcp"),
          lcp: m("lcp"),
          tbt: m("tbt"),
          cls: m("cls"),
          jsKb: m("jsKb"),
          benchmarkIndex: m("benchmarkIndex"),
          cpuMultiplier: m("cpuMultiplier"),
        },
      ]);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
  console.log(
    `\nLighthouse ${version}, mobile, simulated throttling, median of ${RUNS} runs; CPU slowdown ${cpuMultiplier}x ` +
      (CPU_MULTIPLIER_SET === undefined
        ? `calibrated from the machine's benchmarkIndex ${benchmarkIndex} (Lighthouse's throttling guide)`
        : `set by LIGHTHOUSE_CPU_MULTIPLIER (the machine's benchmarkIndex ${benchmarkIndex})`) +
      "\n",
  );
  console.log(
    "| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (transfer) | benchmarkIndex | CPU x |\n|---|---|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const [path, f] of rows) {
    console.log(
      `| ${path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${Math.round(f.fcp)} | ${Math.round(f.lcp)} | ${Math.round(f.tbt)} | ${f.cls.toFixed(3)} | ${f.jsKb.toFixed(1)} | ${Math.round(f.benchmarkIndex)} | ${f.cpuMultiplier} |`,
    );
  }
} finally {
  await store.stop();
}
