import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, expect, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, journeyChromiumPath, SETUP_HINT } from "../../scripts/test-programs.ts";
import { freePort } from "../../server/testing/ports.ts";

/** The journeys' Chromium (scripts/test-programs.ts): CHROMIUM_PATH, else the headless shell, else the browser. */
export const CHROMIUM_PATH = journeyChromiumPath();

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface RunningStore {
  baseUrl: string;
  /** The store's SQLite file (for a journey that changes stock behind the shop's back). */
  databaseFile: string;
  /** `file:` URL of that database, as the store's DATABASE_URL. */
  databaseUrl: string;
  /** Everything the store's processes wrote to standard output and error so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts the built store (`node server/main.ts`) on a fresh SQLite file and a free port. */
export async function startStore(env: Record<string, string> = {}): Promise<RunningStore> {
  const dir = mkdtempSync(join(tmpdir(), "store-e2e-"));
  // Rendered pictures are shared by the run's stores (tests/e2e/media-cache.ts); sources stay the store's.
  const sharedRenders = process.env.E2E_MEDIA_CACHE;
  if (sharedRenders) {
    mkdirSync(join(dir, "media"), { recursive: true });
    symlinkSync(sharedRenders, join(dir, "media", "cache"), "dir");
  }
  const port = await freePort();
  const databaseFile = join(dir, "store.db");
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_URL: `file:${databaseFile}`,
      MEDIA_DIR: join(dir, "media"),
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      // One process: the journeys run two files at a time beside the server suite, and a store of one
      // process starts in a third of the time. Workers sharing a store are the server suite's concern
      // (server/cluster-jobs, response-cache, metrics, catalog-notify).
      WEB_CONCURRENCY: "1",
      // scrypt at 2^10 rather than production's 2^15: each sign-up and log-in of a journey's shopper costs
      // 80-150 ms of CPU at 2^15 (hashing is server/auth's concern).
      PASSWORD_HASH_COST: "10",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Store exited early:\n${output}`);
    try {
      ready = (await fetch(`${baseUrl}/healthz`)).ok;
    } catch {}
    // Polling the store's health while it starts (not a wait for a page).
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`Store not ready in 90 s:\n${output}`);
  }
  return {
    baseUrl,
    databaseFile: env.DATABASE_URL?.replace(/^file:/, "") ?? databaseFile,
    databaseUrl: env.DATABASE_URL ?? `file:${databaseFile}`,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.on("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Chromium as the journeys use it; `extraArgs` adds flags (e.g. --host-resolver-rules for a public Host). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!CHROMIUM_PATH) throw new Error(`Chromium not found in CHROMIUM_PATH or on PATH: ${SETUP_HINT}`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === "phone",
    hasTouch: viewport === "phone",
    deviceScaleFactor: viewport === "phone" ? 2 : 1,
    reducedMotion: "reduce",
  });
}

/** SPEC/standards: zero serious or critical axe findings on every page a journey visits. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Waits until the loading overlay (SPEC §1: it lingers 300 ms, then fades) has left the page. */
export async function waitForOverlayGone(page: Page) {
  await page.getByTestId("loading-overlay").waitFor({ state: "detached" });
}

/** Opens a path in a new tab and waits until the page is interactive. */
export async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  return page;
}
