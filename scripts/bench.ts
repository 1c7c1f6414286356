// npm run bench — load figures on 10,000 generated products (a temporary SQLite file by default, or
// BENCH_DATABASE_URL=postgres://…), each scenario beside a bare node:http server sending the same bytes (body and headers)
// in the same run. Three kinds of process, so none measures another's work: the store (`server/main.ts`,
// BENCH_PROCESSES workers, default one per core), the bare server (the same number of processes), and
// autocannon (its own process, scripts/bench-load.ts). Then orders per second (scripts/bench-orders.ts).
// Prints requests a second, p50 and p99 latency, the ratio to the bare server, each side's CPU per request
// and the load generator's own CPU (a row where it used a whole core measures the generator, not the
// servers: marked *); asserts nothing.
// BENCH_SECONDS (8), BENCH_CONNECTIONS (100), BENCH_PRODUCTS (10000), BENCH_ROUNDS (2: store and bare
// take turns, each side's best round is printed), BENCH_UNCACHED=0 to skip the
// figures with the response cache off, BENCH_ORDERS=0 to skip the orders. Then the flash sale (browsing
// beside orders placed at 5 and 25 a second: scripts/bench-flash-sale.ts; BENCH_FLASH=0 skips it,
// BENCH_FLASH_ONLY=1 runs only it).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_COLORS, DEMO_FABRICS } from "#content/demo-catalog.ts";
import { CATEGORIES, SIZE_GUIDE } from "#core/constants.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { createProduct } from "../server/db/repositories/products.ts";
import { newId } from "../server/ids.ts";
import { freePort } from "../server/testing/checkout.ts";
import { benchFlashSale } from "./bench-flash-sale.ts";
import { benchOrders } from "./bench-orders.ts";
import { cpuTicks, descendants, TICK_MS } from "./process-cpu.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? availableParallelism());
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const dir = mkdtempSync(join(tmpdir(), "store-bench-"));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `file:${join(dir, "bench.db")}`;

const COLORS = Object.keys(DEMO_COLORS);
const FABRICS = DEMO_FABRICS;
const TYPES = ["Abaya", "Open Abaya", "Kaftan", "Jalabiya", "Kurta Set", "Unstitched"];

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** What a phone's browser sends: every page it asks for may come compressed. */
const BROWSER_ENCODING = "gzip, deflate, br, zstd";

interface Scenario {
  title: string;
  path: string;
  /** The request's Accept-Encoding; none by default (autocannon's own requests, answered uncompressed). */
  encoding?: string;
}

const SCENARIOS: Scenario[] = [
  { title: "GET /api/product/list?limit=24", path: "/api/product/list?limit=24" },
  {
    title: `filtered list (category, colour, price, sort), ${PRODUCTS} products`,
    path: "/api/product/list?category=graceful-abayas&color=Black&minPrice=300&maxPrice=1500&sort=price-low-high&limit=24",
  },
  { title: "GET /product/{slug} (server-rendered), uncompressed", path: "/product/bench-product-1234" },
  {
    title: "GET /product/{slug} (server-rendered), as a browser asks (br)",
    path: "/product/bench-product-1234",
    encoding: BROWSER_ENCODING,
  },
  { title: "GET /shop (server-rendered), uncompressed", path: "/shop" },
  { title: "GET /shop (server-rendered), as a browser asks (br)", path: "/shop", encoding: BROWSER_ENCODING },
];

/** The bare server's key for an answer: the URL and the Accept-Encoding it was asked with. */
const bareKey = (s: Scenario) => `${s.encoding ?? ""} ${s.path}`;

/** The bench's own catalog, written with the repository function every catalog write uses. */
async function generateCatalog() {
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: join(dir, "media"),
  });
  const started = performance.now();
  const { database } = await prepareDatabase(config);
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < PRODUCTS; i++) {
      const slug = `bench-product-${i}`;
      const date = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 320) * 86_400_000).toISOString();
      const sizes = SIZE_GUIDE.slice(0, 1 + Math.floor(random() * 5));
      const base = 100 + Math.floor(random() * 1900);
      await createProduct(trx, {
        id: newId(),
        slug,
        name: `${pick(["Noor", "Amal", "Layla", "Sara", "Hana", "Zara"])} ${pick(FABRICS)} ${pick(TYPES)} ${i}`,
        description: "A generated product for load figures.",
        type: pick(TYPES),
        categorySlug: pick(CATEGORIES).slug,
        fabric: pick(FABRICS),
        colors: [...new Set([pick(COLORS), pick(COLORS)])],
        popularity: Math.floor(random() * 1000),
        bestseller: random() < 0.1,
        isNew: random() < 0.1,
        isSale: false,
        date,
        createdAt: date,
        images: [0, 1].map((n) => ({
          id: newId(),
          url: `/media/products/${slug}-${n + 1}.webp`,
          alt: slug,
          width: 1200,
          height: 1500,
        })),
        variants: sizes.map((size) => ({
          id: newId(),
          size,
          sku: `B${i}-${size.replace("/", "")}`,
          retailPriceFils: base * 100,
          discountPercent: random() < 0.3 ? 20 : 0,
          stock: Math.floor(random() * 60),
        })),
      });
    }
  });
  await database.close();
  console.log(
    `Seeded ${PRODUCTS} products on ${database.engine} in ${Math.round(performance.now() - started)} ms`,
  );
}

async function waitUntil(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready in time:\n${output()}`);
}

interface Running {
  base: string;
  /** The process and its forked workers. */
  pids(): number[];
  stop(): Promise<void>;
}

function startChild(script: string, env: Record<string, string>, ready: string): Promise<Running> {
  return (async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env, PORT: String(port), BENCH_BARE_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (c) => (output += c));
    child.stderr?.on("data", (c) => (output += c));
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(`${base}${ready}`, child, () => output);
    // Every worker has started listening once the cluster answers; give the last ones a moment.
    await new Promise((r) => setTimeout(r, 1000));
    return {
      base,
      pids: () => descendants(child.pid!),
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.on("exit", r));
        child.kill("SIGTERM");
        await exited;
      },
    };
  })();
}

const startStore = (cache: boolean, env: Record<string, string> = {}) =>
  startChild(
    "server/main.ts",
    {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dir, "media"),
      WEB_CONCURRENCY: String(PROCESSES),
      RESPONSE_CACHE: cache ? "true" : "false",
      ...env,
    },
    "/healthz",
  );

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU (all its processes) per answered request, in microseconds. */
  cpuUs: number;
  /** The load generator's CPU while it ran, as a share of one core (1 = it was the bottleneck). */
  cpuShare: number;
}

/** autocannon in a process of its own (scripts/bench-load.ts), so the load generator's CPU is not the server's. */
function autocannon(
  url: string,
  seconds: number,
  encoding?: string,
  connections = CONNECTIONS,
): Promise<Omit<Figures, "cpuUs"> & { requests: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/bench-load.ts"], {
      env: {
        ...process.env,
        BENCH_LOAD: JSON.stringify({ url, connections, seconds, encoding }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed: ${err}`));
      resolve(JSON.parse(out) as Omit<Figures, "cpuUs"> & { requests: number });
    });
  });
}

async function measure(server: Running, s: Scenario): Promise<Figures> {
  const url = `${server.base}${s.path}`;
  await autocannon(url, 1, s.encoding); // warm-up: code compiled, caches filled, on every worker
  const pids = server.pids();
  const before = cpuTicks(pids);
  const { requests, ...figures } = await autocannon(url, DURATION, s.encoding);
  return { ...figures, cpuUs: ((cpuTicks(pids) - before) * TICK_MS * 1000) / Math.max(1, requests) };
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
/** A generator at 95 % of a core or more is the bottleneck: its p99 is its own queue (marked *). */
const share = (value: number) => `${(value * 100).toFixed(0)} %${value >= 0.95 ? "*" : ""}`;

async function compare(label: string, cache: boolean) {
  const store = await startStore(cache);
  const bodies: Record<string, { headers: Record<string, string>; body: string }> = {};
  try {
    // Each answer rendered and its compressed copies made (off the event loop) in every worker before its
    // bytes are taken: a connection of its own per request, so the cluster spreads them over the workers.
    for (const s of SCENARIOS)
      for (let i = 0; i < 2 * PROCESSES; i++)
        await new Promise((resolve, reject) =>
          get(
            `${store.base}${s.path}`,
            { agent: false, headers: s.encoding ? { "accept-encoding": s.encoding } : {} },
            (res) => res.resume().on("end", resolve),
          ).on("error", reject),
        );
    await new Promise((r) => setTimeout(r, 500));
    for (const s of SCENARIOS) {
      // The same response bytes, compressed as the store compressed them: node:http does not decode.
      const body = await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
        get(
          `${store.base}${s.path}`,
          { headers: s.encoding ? { "accept-encoding": s.encoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              // Every header but those made per response.
              const headers: Record<string, string> = {};
              for (const [name, value] of Object.entries(res.headers)) {
                if (
                  typeof value === "string" &&
                  !["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"].includes(name)
                )
                  headers[name] = value;
              }
              resolve({ headers, body: Buffer.concat(chunks) });
            });
          },
        ).on("error", reject);
      });
      bodies[bareKey(s)] = { headers: body.headers, body: body.body.toString("base64") };
    }
    const bodiesFile = join(dir, "bare-bodies.json");
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startChild(
      "scripts/bench-bare.ts",
      { BENCH_PROCESSES: String(PROCESSES), BENCH_BARE_BODIES: bodiesFile },
      SCENARIOS[0]!.path,
    );
    console.log(
      `\n${label}: ${PROCESSES} store process(es) and ${PROCESSES} bare node:http process(es), autocannon apart, ${CONNECTIONS} connections, ${DURATION} s, best of ${ROUNDS} alternating rounds\n`,
    );
    console.log(
      row([
        "scenario",
        "bytes",
        "store req/s",
        "p50 ms",
        "p99 ms",
        "bare req/s",
        "bare p99 ms",
        "ratio",
        "store / bare CPU µs per request",
        "load generator's CPU, store / bare",
        "errors",
      ]),
    );
    console.log(row(Array(11).fill("---")));
    try {
      for (const s of SCENARIOS) {
        // The machine may be shared: the two sides take turns, and each keeps its best round.
        let ours: Figures | undefined;
        let floor: Figures | undefined;
        for (let round = 0; round < ROUNDS; round++) {
          const a = await measure(store, s);
          const b = await measure(bare, s);
          if (!ours || a.rps > ours.rps) ours = a;
          if (!floor || b.rps > floor.rps) floor = b;
        }
        if (!ours || !floor) continue;
        console.log(
          row([
            s.title,
            Buffer.from(bodies[bareKey(s)]!.body, "base64").length,
            ours.rps.toFixed(0),
            ours.p50,
            ours.p99,
            floor.rps.toFixed(0),
            floor.p99,
            `${((ours.rps / floor.rps) * 100).toFixed(1)} %`,
            `${ours.cpuUs.toFixed(0)} / ${floor.cpuUs.toFixed(0)}`,
            `${share(ours.cpuShare)} / ${share(floor.cpuShare)}`,
            ours.errors,
          ]),
        );
      }
      console.log(
        "\n* the load generator used a whole core: that row's rates and latencies are its own limit and queue, on both sides",
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await store.stop();
  }
}

const flashOnly = process.env.BENCH_FLASH_ONLY === "1";
try {
  await generateCatalog();
  if (!flashOnly) {
    await compare("Response cache on (the default)", true);
    if (process.env.BENCH_UNCACHED !== "0")
      await compare("Response cache off (every request renders)", false);
  }
  if (process.env.BENCH_FLASH !== "0")
    await benchFlashSale({
      startStore: (env) => startStore(true, env),
      databaseUrl,
      browse: (url, seconds, connections, encoding) => autocannon(url, seconds, encoding, connections),
      productPath: "/product/bench-product-1234",
      encoding: BROWSER_ENCODING,
    });
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

// Issue 11: orders per second through the payment calls, on a store of its own (its sandbox at its port).
if (process.env.BENCH_ORDERS !== "0" && !flashOnly) {
  console.log("");
  await benchOrders();
}
