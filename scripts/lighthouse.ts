// npm run lighthouse — Lighthouse (mobile, default simulated throttling) on the built store, started on a
// freshly seeded temporary database, driving Debian's Chromium. Audits the main pages three times each
// and prints the medians; asserts nothing. LIGHTHOUSE_RUNS changes the count, LIGHTHOUSE_PAGES (comma
// separated paths) the pages, LIGHTHOUSE_SAVE=<dir> keeps each report's JSON there.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
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

const dir = mkdtempSync(join(tmpdir(), "store-lighthouse-"));
const port = 4900 + Math.floor(Math.random() * 900);
const base = `http://127.0.0.1:${port}`;
const databaseUrl = `file:${join(dir, "store.db")}`;

const store: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: join(dir, "media"),
    PUBLIC_SITE_URL: base,
    PASSWORD_HASH_COST: "12",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stopStore = async () => {
  if (store.exitCode !== null) return;
  const exited = new Promise((r) => store.on("exit", r));
  store.kill("SIGTERM");
  await exited;
};

async function waitForStore() {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (store.exitCode !== null) throw new Error("the store exited before it was ready");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the store did not start in time");
}

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
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

try {
  await waitForStore();
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
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const rows: [string, Figures][] = [];
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
        });
        process.stderr.write(`${path} run ${run}: performance ${runs.at(-1)!.performance}\n`);
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
        },
      ]);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, simulated throttling, median of ${RUNS} runs\n`,
  );
  console.log(
    "| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (transfer) |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const [path, f] of rows) {
    console.log(
      `| ${path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${Math.round(f.fcp)} | ${Math.round(f.lcp)} | ${Math.round(f.tbt)} | ${f.cls.toFixed(3)} | ${f.jsKb.toFixed(1)} |`,
    );
  }
} finally {
  await stopStore();
  rmSync(dir, { recursive: true, force: true });
}
