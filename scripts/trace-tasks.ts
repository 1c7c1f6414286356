// node scripts/trace-tasks.ts — where a page load's main-thread time goes (issue 22, Total Blocking Time).
// Opens the built store (freshly seeded, scripts/built-store.ts) in Debian's Chromium with a phone's screen
// and user agent, unthrottled as Lighthouse's observed run is (its simulator then multiplies each task, and
// drops a task under 10 ms that little depends on), records a DevTools trace of each load, and prints per
// run: the first contentful paint, the "hydrated" mark, and every main-thread task of at least TRACE_MIN_MS
// (default 10) after the first paint, with what it spent its time on (script evaluation per file, React's
// work, style, layout, parsing, garbage collection) and the functions that took most of it (the trace's CPU
// profile). Then, per page, the median sum of those tasks' time. Asserts nothing.
//
// TRACE_PAGES (comma separated; {product} and {post} as in npm run phone), TRACE_RUNS (default 3),
// TRACE_CPU (a CPU slowdown through the DevTools protocol, default 1), TRACE_SAVE=<dir> keeps each trace's
// JSON there, TRACE_QUIET=1 prints the per-page sums only. TRACE_FILES (comma separated) analyses saved
// traces instead of recording: TRACE_SAVE's, or Lighthouse's own (npm run lighthouse with LIGHTHOUSE_SAVE).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { userAgents } from "lighthouse/core/config/constants.js";
import puppeteer, { type Browser } from "puppeteer-core";
import { DEMO_BLOG_POSTS } from "#content/demo-blog.ts";
import { median, startBuiltStore } from "./built-store.ts";
import { CHROMIUM_ARGS, chromiumPath } from "./test-programs.ts";

const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const MIN_MS = Number(process.env.TRACE_MIN_MS ?? 10);
const CPU = Number(process.env.TRACE_CPU ?? 1);
const QUIET = process.env.TRACE_QUIET === "1";
const PAGES = process.env.TRACE_PAGES?.split(",") ?? ["/", "/shop", "/product/{product}", "/cart"];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (not the time it waited or was descheduled). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown>; name?: string };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "") || "(page)";

/** The renderer's main thread: the thread named CrRendererMain that ran the most. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  let best = { pid: 0, tid: 0, time: -1 };
  for (const n of names) {
    const time = events
      .filter((e) => e.pid === n.pid && e.tid === n.tid && e.name === "RunTask")
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (time > best.time) best = { pid: n.pid, tid: n.tid, time };
  }
  return best;
}

/** Every sample of the trace's CPU profile on that thread: its time and the function (with its stack's file). */
function samples(events: TraceEvent[], pid: number): { ts: number; fn: string; stack: string[] }[] {
  const nodes = new Map<number, ProfileNode>();
  const out: { ts: number; fn: string; stack: string[] }[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") starts.set(e.id ?? "", (e.args?.data?.startTime as number) ?? e.ts);
  }
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid || e.name !== "ProfileChunk") continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = clock.get(e.id ?? "") ?? starts.get(e.id ?? "") ?? e.ts;
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      t += data.timeDeltas?.[i] ?? 0;
      const node = nodes.get(id);
      if (!node) return;
      const name = (n: ProfileNode) =>
        `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url ? short(n.callFrame.url) : ""}:${n.callFrame.lineNumber}`;
      const stack: string[] = [];
      for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined)
        stack.push(name(at));
      out.push({ ts: t, fn: name(node), stack });
    });
    clock.set(e.id ?? "", t);
  }
  return out;
}

/** What a task's time went to, by its children's kinds (nested events counted once, at the top). */
function breakdown(task: TraceEvent, children: TraceEvent[]): Map<string, number> {
  const parts = new Map<string, number>();
  const end = task.ts + (task.dur ?? 0);
  const inside = children.filter((c) => c.ts >= task.ts && c.ts < end && c !== task && c.dur);
  // Only the outermost interesting events: a child inside another counted one is not counted again.
  let coveredUntil = 0;
  for (const c of inside.sort((a, b) => a.ts - b.ts)) {
    if (c.ts < coveredUntil) continue;
    let label: string | undefined;
    const data = c.args?.data ?? {};
    if (c.name === "EvaluateScript" || c.name === "v8.evaluateModule")
      label = `evaluate ${short(String(data.url ?? (c.args as { url?: string })?.url ?? ""))}`;
    else if (c.name === "FunctionCall") label = `call ${short(String(data.url ?? ""))}`;
    else if (c.name === "TimerFire") label = "timer";
    else if (c.name === "FireAnimationFrame") label = "animation frame";
    else if (c.name === "EventDispatch") label = `event ${data.type}`;
    else if (c.name === "RunMicrotasks" || c.name === "v8.runMicrotasks") label = "microtasks";
    else if (c.name === "ParseHTML") label = "parse HTML";
    else if (c.name === "ParseAuthorStyleSheet") label = "parse stylesheet";
    else if (c.name === "UpdateLayoutTree" || c.name === "RecalculateStyles") label = "style";
    else if (c.name === "Layout") label = "layout";
    else if (c.name === "Paint" || c.name === "PrePaint" || c.name === "Layerize") label = "paint";
    else if (c.name.startsWith("MajorGC") || c.name.startsWith("MinorGC") || c.name === "V8.GC_SCAVENGER")
      label = "GC";
    else if (c.name === "v8.compile" || c.name === "v8.compileModule" || c.name === "V8.CompileCode")
      label = "compile";
    else if (c.name === "ScheduleStyleRecalculation") continue;
    if (!label) continue;
    parts.set(label, (parts.get(label) ?? 0) + (c.dur ?? 0) / 1000);
    coveredUntil = c.ts + (c.dur ?? 0);
  }
  return parts;
}

async function record(browser: Browser, url: string, save?: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setUserAgent({ userAgent: userAgents.mobile });
  await page.setViewport({
    width: 412,
    height: 823,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const cdp = await page.createCDPSession();
  if (CPU > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await page.tracing.start({
    categories: [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "v8.execute",
      "v8",
      "disabled-by-default-v8.cpu_profiler",
      "blink.user_timing",
      "loading",
      "__metadata",
    ],
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", { timeout: 60_000 });
  // What the page does right after hydrating (its effects, the parts loaded after it) is in the window too.
  await new Promise((r) => setTimeout(r, 2500));
  const buffer = await page.tracing.stop();
  await context.close();
  const json = JSON.parse(Buffer.from(buffer ?? "").toString("utf8")) as { traceEvents: TraceEvent[] };
  if (save) writeFileSync(save, JSON.stringify(json));
  return json.traceEvents;
}

function analyse(events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const fcp = onMain.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
  // The page's own navigation: the last one to start before its first paint (the tab's blank page came first).
  const navigation =
    onMain.filter((e) => e.name === "navigationStart" && e.ts <= fcp).at(-1)?.ts ?? events[0]!.ts;
  const hydrated = onMain.find((e) => e.name === "hydrated")?.ts;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ph === "X" && (e.dur ?? 0) >= MIN_MS * 1000);
  const all = samples(events, pid);
  const rows = tasks
    .filter((t) => t.ts + (t.dur ?? 0) > fcp)
    .map((t) => {
      const end = t.ts + (t.dur ?? 0);
      const fns = new Map<string, number>();
      const inTask = all.filter((s) => s.ts >= t.ts && s.ts < end);
      const step = inTask.length ? (t.dur ?? 0) / 1000 / inTask.length : 0;
      const inclusive = new Map<string, number>();
      for (const s of inTask) {
        fns.set(s.fn, (fns.get(s.fn) ?? 0) + step);
        for (const f of new Set(s.stack)) inclusive.set(f, (inclusive.get(f) ?? 0) + step);
      }
      return {
        at: (t.ts - navigation) / 1000,
        ms: (t.dur ?? 0) / 1000,
        cpu: (t.tdur ?? t.dur ?? 0) / 1000,
        parts: breakdown(t, onMain),
        top: [...fns].sort((a, b) => b[1] - a[1]).slice(0, 6),
        inclusive: [...inclusive]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.TRACE_INCLUSIVE ?? 0)),
      };
    });
  return {
    fcp: (fcp - navigation) / 1000,
    hydrated: hydrated ? (hydrated - navigation) / 1000 : Number.NaN,
    rows,
    sum: rows.reduce((s, r) => s + r.ms, 0),
    cpu: rows.reduce((s, r) => s + r.cpu, 0),
    // Every task after the first paint, long or not: the main thread's CPU time for the rest of the load.
    allCpu:
      onMain
        .filter((e) => e.name === "RunTask" && e.ph === "X" && e.ts >= fcp)
        .reduce((s, e) => s + (e.tdur ?? e.dur ?? 0), 0) / 1000,
  };
}

/** One load's figures and its long tasks, each with what it did and the functions under it. */
function print(title: string, result: ReturnType<typeof analyse>) {
  console.log(
    `\n${title}: FCP ${result.fcp.toFixed(0)} ms, hydrated ${result.hydrated.toFixed(0)} ms, ` +
      `tasks >= ${MIN_MS} ms after FCP: ${result.rows.length}, ${result.sum.toFixed(1)} ms (CPU ${result.cpu.toFixed(1)} ms); ` +
      `CPU of every task after FCP ${result.allCpu.toFixed(1)} ms`,
  );
  for (const r of result.rows) {
    const parts = [...r.parts]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(", ");
    console.log(`  at ${r.at.toFixed(0)} ms: ${r.ms.toFixed(1)} ms (CPU ${r.cpu.toFixed(1)}) — ${parts}`);
    for (const [fn, ms] of r.top) console.log(`      ${ms.toFixed(1)} ${fn}`);
    if (r.inclusive.length) console.log("    inclusive:");
    for (const [fn, ms] of r.inclusive) console.log(`      ${ms.toFixed(1)} ${fn}`);
  }
}

// Saved traces (TRACE_SAVE's, or Lighthouse's own with LIGHTHOUSE_SAVE) are read instead of recording.
if (process.env.TRACE_FILES) {
  for (const file of process.env.TRACE_FILES.split(",")) {
    const json = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };
    print(file, analyse(json.traceEvents));
  }
  process.exit(0);
}

const store = await startBuiltStore("trace");
const browser = await puppeteer.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: [...CHROMIUM_ARGS],
});
try {
  const { products } = (await (await fetch(`${store.base}/api/product/list?limit=1`)).json()) as {
    products: { slug: string }[];
  };
  const summary: string[] = [];
  for (const listed of PAGES) {
    const path = listed.replace("{product}", products[0]!.slug).replace("{post}", DEMO_BLOG_POSTS[0]!.slug);
    // One unrecorded visit: the server renders the page and its pictures' sizes once.
    const warm = await browser.newPage();
    await warm.goto(`${store.base}${path}`, { waitUntil: "networkidle0" });
    await warm.close();
    const sums: number[] = [];
    const cpus: number[] = [];
    const allCpus: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const save = process.env.TRACE_SAVE
        ? join(process.env.TRACE_SAVE, `${path.replace(/\W+/g, "_")}-${run}.json`)
        : undefined;
      const result = analyse(await record(browser, `${store.base}${path}`, save));
      sums.push(result.sum);
      cpus.push(result.cpu);
      allCpus.push(result.allCpu);
      if (!QUIET) print(`${path} run ${run}`, result);
    }
    // The least of the runs too: on a shared machine a run only ever gets slower than the page's own cost.
    const list = (values: number[]) =>
      `${values.map((v) => v.toFixed(0)).join(", ")}; least ${Math.min(...values).toFixed(0)}`;
    summary.push(
      `${path}: tasks >= ${MIN_MS} ms after FCP, median ${median(sums).toFixed(1)} ms (${list(sums)}), ` +
        `their CPU ${median(cpus).toFixed(1)} ms (${list(cpus)}); CPU of every task after FCP ${median(allCpus).toFixed(1)} ms (${list(allCpus)})`,
    );
  }
  console.log(`\nCPU ${CPU}x, ${RUNS} runs\n${summary.join("\n")}`);
} finally {
  await browser.close();
  await store.stop();
}
