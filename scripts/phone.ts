// npm run phone — the storefront on a throttled phone, measured in a real Chromium rather than simulated
// (issue 22). The built store, on a freshly seeded database, is opened by Debian's Chromium (playwright-core)
// with Chrome's own throttling through the DevTools protocol: 150 ms latency per request, 1.6 Mbit/s down and
// 750 kbit/s up (Network.emulateNetworkConditions), the CPU slowed 4x (Emulation.setCPUThrottlingRate), a
// 412x823 phone screen at 1.75 device pixels per CSS pixel with touch and the phone user agent Lighthouse
// uses (Lighthouse's mobile settings; a headless user agent would make the store answer as it does to bots).
//
// Per page, each run opens a new browser context (an empty HTTP cache, no cookies or storage; the cache is
// cleared through the protocol as well) and visits the page twice: "first" on the cold cache, then "repeat"
// in the same context (the shop's files from the cache, its cookies set). For each visit it reads, from the
// page's own performance timeline: first contentful paint, largest contentful paint, "hydrated" (the mark
// app/root.tsx makes in the root's first effect), and the JavaScript fetched before that mark (files, bytes
// over the wire with their headers: 0 for a file the cache served; bytes once decoded). It prints the median
// of the runs per column (so a row's figures may come from different runs), and asserts nothing. "JS asked"
// and "JS in" (the first of those files asked for, the last one in) split the time to "hydrated": the wait
// for the after-paint start, the files' download, then their evaluation and the hydration.
//
// PHONE_RUNS (default 5) the runs per page, PHONE_PAGES (comma separated paths; {product} and {post} stand
// for the first product and the first demo blog post) the pages, PHONE_REPEAT=0 leaves out the repeat visit,
// PHONE_CPU_SLOWDOWN the CPU rate (default 4, the issue's; "calibrated" takes the one `npm run lighthouse`
// calibrates for this machine), PHONE_HTTP2=1 the pages over HTTP/2 through a TLS front as a live shop's
// CDN or proxy serves them (scripts/h2-front.ts; the default is the store's own HTTP/1.1, where the browser
// opens six connections at most). The machine's benchmarkIndex (Lighthouse's CPU benchmark, see
// scripts/cpu-calibration.ts) and load average are printed with the table: the CPU slowdown is relative to
// the machine, so the figures compare only between runs on the same, equally quiet, machine.
import { loadavg } from "node:os";
import { userAgents } from "lighthouse/core/config/constants.js";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { median, startBuiltStore } from "./built-store.ts";
import { cpuSlowdownFor, measureBenchmarkIndex } from "./cpu-calibration.ts";
import { type H2Front, startH2Front } from "./h2-front.ts";
import { CHROMIUM_ARGS, chromiumPath, SETUP_HINT } from "./test-programs.ts";

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const REPEAT = process.env.PHONE_REPEAT !== "0";
const HTTP2 = process.env.PHONE_HTTP2 === "1";
/** A number, or "calibrated": the slowdown `npm run lighthouse` would use on this machine. */
const CPU_SLOWDOWN_SET = process.env.PHONE_CPU_SLOWDOWN ?? "4";
if (CPU_SLOWDOWN_SET !== "calibrated" && !(Number(CPU_SLOWDOWN_SET) >= 1))
  throw new Error('PHONE_CPU_SLOWDOWN must be a number of at least 1, or "calibrated"');
const PAGES = process.env.PHONE_PAGES?.split(",") ?? [
  "/",
  "/shop",
  "/product/{product}",
  "/login",
  "/ar",
  "/blog/{post}",
];
/** Lighthouse's mobile network preset (its docs/throttling.md), applied per request by Chrome. */
const NETWORK = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };
const SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
/** How long one visit may take before it counts as failed (a throttled first visit takes seconds). */
const VISIT_TIMEOUT_MS = 120_000;

interface Visit {
  fcp: number;
  lcp: number;
  hydrated: number;
  jsFiles: number;
  jsWireKb: number;
  jsDecodedKb: number;
  /** When the first of those scripts was asked for: the after-paint start (decision 0011). */
  jsStart: number;
  /** When the last of them had come: from here to "hydrated" is evaluation and hydration. */
  jsLoaded: number;
  /**
   * From the navigation's start to the page's HTML received: at least the latency when throttled (Chrome
   * holds a response back after its headers, so the first byte's time need not show it).
   */
  htmlMs: number;
  /** The protocol the page's HTML came over ("http/1.1", "h2"). */
  protocol: string;
}

const chromiumProgram = chromiumPath();
if (!chromiumProgram) throw new Error(`Chromium not found in CHROMIUM_PATH or on PATH: ${SETUP_HINT}`);

/** A context as a phone on a cold cache. */
async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    // The HTTP/2 front's certificate is made for the run.
    ignoreHTTPSErrors: HTTP2,
  });
}

/** Chrome's network and CPU throttling on the page (they last across its navigations). */
async function throttle(context: BrowserContext, page: Page, cpuSlowdown: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: NETWORK.latencyMs,
    // Bytes per second.
    downloadThroughput: (NETWORK.downKbps * 1024) / 8,
    uploadThroughput: (NETWORK.upKbps * 1024) / 8,
    connectionType: "cellular4g",
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
}

/** Opens `url` and waits for its load event and the "hydrated" mark; then reads the page's timeline. */
async function visit(page: Page, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: "load", timeout: VISIT_TIMEOUT_MS });
  await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0, undefined, {
    timeout: VISIT_TIMEOUT_MS,
  });
  return page.evaluate(async () => {
    // The last candidate reported so far is the page's largest paint (nothing has been typed or clicked).
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
      // A page with no contentful element reports no candidate.
      setTimeout(() => resolve(Number.NaN), 2000);
    });
    const hydrated = performance.getEntriesByName("hydrated")[0]!.startTime;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (r) => new URL(r.name).pathname.endsWith(".js") && r.responseEnd <= hydrated,
    );
    const sum = (key: "transferSize" | "decodedBodySize") => scripts.reduce((s, r) => s + r[key], 0) / 1024;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      fcp,
      lcp,
      hydrated,
      jsFiles: scripts.length,
      jsWireKb: sum("transferSize"),
      jsDecodedKb: sum("decodedBodySize"),
      jsStart: scripts.length ? Math.min(...scripts.map((r) => r.startTime)) : Number.NaN,
      jsLoaded: scripts.length ? Math.max(...scripts.map((r) => r.responseEnd)) : Number.NaN,
      htmlMs: navigation.responseEnd,
      protocol: navigation.nextHopProtocol,
    };
  });
}

const ms = (value: number) => (Number.isNaN(value) ? "—" : String(Math.round(value)));
const kb = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(1));

const store = await startBuiltStore("phone");
let front: H2Front | undefined;
const loadBefore = loadavg()[0]!;
let browser: Browser | undefined;
try {
  front = HTTP2 ? await startH2Front(store.base) : undefined;
  const base = front?.base ?? store.base;
  const { products } = (await (await fetch(`${store.base}/api/product/list?limit=1`)).json()) as {
    products: { slug: string }[];
  };
  const paths = PAGES.map((p) =>
    p.replace("{product}", products[0]!.slug).replace("{post}", DEMO_BLOG_POSTS[0]!.slug),
  );
  browser = await chromium.launch({
    executablePath: chromiumProgram,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(HTTP2 ? ["--ignore-certificate-errors"] : [])],
  });
  const chromiumVersion = browser.version();
  // The machine's speed in Lighthouse's unit, on a blank page, before any throttling.
  const blank = await browser.newPage();
  const benchmarkIndex = await measureBenchmarkIndex((benchmark) => blank.evaluate(benchmark));
  await blank.close();
  const cpuSlowdown =
    CPU_SLOWDOWN_SET === "calibrated" ? cpuSlowdownFor(benchmarkIndex) : Number(CPU_SLOWDOWN_SET);

  const encodings = new Set<string>();
  const protocols = new Set<string>();
  let latencySeen = true;
  const rows: { path: string; visit: "first" | "repeat"; runs: Visit[] }[] = [];
  for (const path of paths) {
    const url = `${base}${path}`;
    // The server's first answer for a page renders it and makes its pictures' sizes on demand; a shop's
    // visitors meet those already made, so one unmeasured, unthrottled visit makes them first.
    const warm = await browser.newContext({ ignoreHTTPSErrors: HTTP2 });
    await (await warm.newPage()).goto(url, { waitUntil: "load", timeout: VISIT_TIMEOUT_MS });
    await warm.close();

    const first: Visit[] = [];
    const repeat: Visit[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await phoneContext(browser);
      try {
        const page = await context.newPage();
        page.on("response", (response) => {
          if (new URL(response.url()).pathname.endsWith(".js"))
            encodings.add(response.headers()["content-encoding"] ?? "identity");
        });
        await throttle(context, page, cpuSlowdown);
        const cold = await visit(page, url);
        protocols.add(cold.protocol);
        if (cold.htmlMs < NETWORK.latencyMs) latencySeen = false;
        first.push(cold);
        let line = `${path} run ${run}: HTML in ${ms(cold.htmlMs)} ms; first ${ms(cold.fcp)} / ${ms(cold.lcp)} / ${ms(cold.hydrated)} ms`;
        if (REPEAT) {
          const warm = await visit(page, url);
          repeat.push(warm);
          line += `, repeat ${ms(warm.fcp)} / ${ms(warm.lcp)} / ${ms(warm.hydrated)} ms`;
        }
        process.stderr.write(`${line} (FCP / LCP / hydrated)\n`);
      } catch (error) {
        // A visit that never hydrated (or timed out) is reported and left out of the medians.
        process.stderr.write(`${path} run ${run}: ${(error as Error).message.split("\n")[0]}\n`);
      } finally {
        await context.close();
      }
    }
    rows.push({ path, visit: "first", runs: first });
    if (REPEAT) rows.push({ path, visit: "repeat", runs: repeat });
  }

  const loadAfter = loadavg()[0]!;
  console.log(
    [
      "",
      `Throttled phone, Chromium ${chromiumVersion}: ${SCREEN.width}x${SCREEN.height} at ${SCREEN.deviceScaleFactor}x, ` +
        `${NETWORK.latencyMs} ms latency, ${NETWORK.downKbps / 1024} Mbit/s down, ${NETWORK.upKbps} kbit/s up, ` +
        `CPU slowed ${cpuSlowdown}x${CPU_SLOWDOWN_SET === "calibrated" ? " (calibrated)" : ""}; median of ${RUNS} run(s); first = cold cache, repeat = same context.`,
      `Machine: benchmarkIndex ${benchmarkIndex} (Lighthouse's CPU benchmark, unthrottled), load average ` +
        `${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after. JavaScript over the wire as ` +
        `${[...encodings].join(", ") || "—"}; pages over ${[...protocols].join(", ") || "—"}` +
        `${HTTP2 ? " (through the TLS front, scripts/h2-front.ts)" : ""}.`,
      ...(latencySeen
        ? []
        : [
            `Warning: a page's HTML came in under the ${NETWORK.latencyMs} ms latency: no network throttling.`,
          ]),
      "| page | visit | runs | FCP ms | LCP ms | JS asked ms | JS in ms | hydrated ms | JS files | JS wire KB | JS decoded KB |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    ].join("\n"),
  );
  for (const { path, visit: kind, runs } of rows) {
    const m = (key: Exclude<keyof Visit, "protocol">) => median(runs.map((r) => r[key]));
    console.log(
      `| ${path} | ${kind} | ${runs.length} | ${ms(m("fcp"))} | ${ms(m("lcp"))} | ${ms(m("jsStart"))} | ${ms(m("jsLoaded"))} | ${ms(m("hydrated"))} | ${ms(m("jsFiles"))} | ${kb(m("jsWireKb"))} | ${kb(m("jsDecodedKb"))} |`,
    );
  }
} finally {
  await browser?.close();
  await front?.stop();
  await store.stop();
}
