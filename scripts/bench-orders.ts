// Orders per second (issue 11, decision 0014): each order is POST /api/order/paymennt (priced, stock held,
// checkout made at the payment sandbox over HTTP), the sandbox's card form paid, and
// POST /api/order/verifyPaymennt (finalize: status read from the sandbox over HTTP, hold turned into a
// sale, order placed, mails queued). Every 4th order also wants a unit of a scarce size, so refusals
// happen under load and the end check can catch an oversell.
//
// Each part runs in its own processes, so each one's CPU is measured apart (from /proc, forked workers
// included): the store, started as `npm start` starts it (`node server/main.ts`, production build, its
// log written to a file at LOG_LEVEL info, WEB_CONCURRENCY processes); the payment provider, which is
// the store's own sandbox served by a second store process with a database of its own, as Paymennt runs
// on its own machines; and the shoppers (this file again, with BENCH_ORDERS_LOAD set), speaking plain
// HTTP/1.1 with keep-alive. BENCH_ORDER_SANDBOX=inline serves the sandbox from the store itself instead,
// as a store without Paymennt keys does.
//
//   node scripts/bench-orders.ts                       SQLite file in a temporary directory
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-orders.ts
//                                                      PostgreSQL: a fresh database is created on that
//                                                      server for the run and dropped afterwards
//   BENCH_ORDER_PROCESSES=1,2                          one run per WEB_CONCURRENCY value (default 1)
//   BENCH_ORDER_SECONDS (10), BENCH_ORDER_SHOPPERS (16), BENCH_ORDER_LOG_LEVEL (info)
//   BENCH_ORDER_STORE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   profiles the store's processes
//   BENCH_ORDER_PROVIDER_NODE_ARGS (the same for the payment sandbox's process)
//
// `npm run bench` runs it last. Prints figures; asserts nothing.

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { isPostgresUrl, openDatabase } from "../server/db/connection.ts";
import {
  addTestProduct,
  freePort,
  newShopper,
  orderPayload,
  stockOf,
  type TestProduct,
} from "../server/testing/checkout.ts";
import { cpuTicks, descendants, machineBusyTicks, TICK_MS } from "./process-cpu.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface OrdersBenchResult {
  processes: number;
  engine: "sqlite" | "postgres";
  ordersPerSecond: number;
  cpuMsPerOrder: number;
  consistent: boolean;
  errors: number;
}

/** Runs the bench once per process count (BENCH_ORDER_PROCESSES, e.g. "1,2"). */
export async function benchOrders(
  options: { seconds?: number; shoppers?: number; processes?: number[] } = {},
): Promise<OrdersBenchResult[]> {
  const processes =
    options.processes ??
    (process.env.BENCH_ORDER_PROCESSES ?? "1")
      .split(",")
      .map((n) => Number(n.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
  // The store runs as `npm start` runs it: from the production build, made first when missing or stale.
  execFileSync(process.execPath, [join(ROOT, "scripts/ensure-build.ts")], { cwd: ROOT, stdio: "inherit" });
  const results: OrdersBenchResult[] = [];
  for (const n of processes) results.push(await benchOnce({ ...options, processes: n }));
  return results;
}

async function benchOnce(options: {
  seconds?: number;
  shoppers?: number;
  processes: number;
}): Promise<OrdersBenchResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_ORDER_SECONDS ?? 10);
  const shopperCount = options.shoppers ?? Number(process.env.BENCH_ORDER_SHOPPERS ?? 16);
  const logLevel = process.env.BENCH_ORDER_LOG_LEVEL ?? "info";
  const sandboxApart = process.env.BENCH_ORDER_SANDBOX !== "inline";
  const dir = mkdtempSync(join(tmpdir(), "store-bench-orders-"));
  const database = await freshDatabase(dir);
  const servers: Server[] = [];
  const handle = openDatabase(database.url, { poolSize: 2 });
  const db = handle.db;
  try {
    // The provider keeps its checkouts in a database of its own, as Paymennt would: it never takes the
    // store's write lock (SQLite) or connections (PostgreSQL).
    const provider = sandboxApart
      ? await startServer({
          dir,
          name: "provider",
          databaseUrl: `file:${join(dir, "provider.db")}`,
          logLevel,
          processes: 1,
        })
      : undefined;
    if (provider) servers.push(provider);
    const store = await startServer({
      dir,
      name: "store",
      databaseUrl: database.url,
      logLevel,
      processes: options.processes,
      // Where the store's Paymennt client reaches the sandbox (its own address when inline).
      sandboxUrl: provider?.base,
    });
    servers.push(store);
    const base = store.base;

    const INITIAL = 1_000_000;
    const product = await addTestProduct(db, {
      variants: [
        { size: "M/54", retailFils: 45_000, stock: INITIAL },
        { size: "L/56", retailFils: 50_000, discount: 10, stock: 40 },
      ],
    });
    const shoppers = [];
    for (let i = 0; i < shopperCount; i++) shoppers.push(await newShopper(base, db));
    const tokens = shoppers.map((s) => s.token);
    const storeProcesses = descendants(store.process.pid!);
    const providerProcesses = provider ? descendants(provider.process.pid!) : [];

    // Calibration on this machine at this moment: the store's CPU for one bare GET /healthz.
    const calibrationBefore = cpuTicks(storeProcesses);
    const calibration = await runLoad({ base, tokens, product, seconds: 2, mode: "healthz" });
    const roundTripMs = ((cpuTicks(storeProcesses) - calibrationBefore) * TICK_MS) / calibration.placed;

    const machineBefore = machineBusyTicks();
    const storeBefore = cpuTicks(storeProcesses);
    const providerBefore = cpuTicks(providerProcesses);
    const coordinatorBefore = process.cpuUsage();
    const run = await runLoad({ base, tokens, product, seconds, mode: "orders" });
    const storeMs = (cpuTicks(storeProcesses) - storeBefore) * TICK_MS;
    const providerMs = (cpuTicks(providerProcesses) - providerBefore) * TICK_MS;
    const machineMs = (machineBusyTicks() - machineBefore) * TICK_MS;
    const coordinator = process.cpuUsage(coordinatorBefore);
    const coordinatorMs = (coordinator.user + coordinator.system) / 1000;
    const othersCores =
      Math.max(0, machineMs - storeMs - providerMs - run.cpuMs - coordinatorMs) / 1000 / run.elapsed;

    const { placed, refused, errors, elapsed, p99 } = run;
    const perOrder = (ms: number) => ms / Math.max(placed, 1);
    const cpuMsPerOrder = perOrder(storeMs);
    const scarce = product.variants[1]!.variantId;
    const plenty = product.variants[0]!.variantId;
    const sold = await soldPerVariant(db, [plenty, scarce]);
    const m = await stockOf(db, plenty);
    const l = await stockOf(db, scarce);
    const consistent =
      m.stock === INITIAL - (sold.get(plenty) ?? 0) &&
      l.stock === 40 - (sold.get(scarce) ?? 0) &&
      (l.stock ?? -1) >= 0 &&
      m.held === 0 &&
      l.held === 0;
    const label = `${handle.engine}, ${options.processes} store process${options.processes > 1 ? "es" : ""}, ${shopperCount} shoppers, log ${logLevel}`;
    const row = (title: string, figure: string, rest: string) =>
      console.log(`${title.padEnd(62)} ${figure.padStart(7)} ${rest}`);
    row(
      `orders placed (${label})`,
      (placed / elapsed).toFixed(1),
      `orders/s   p99 ${p99.toFixed(0)} ms   placed ${placed}, refused ${refused}, errors ${errors}; scarce size sold ${sold.get(scarce) ?? 0}/40, stock ${l.stock}; ${consistent ? "no oversell, stock = initial − sold" : "STOCK MISMATCH"}`,
    );
    row(
      `  the store's CPU per order${provider ? "" : " (its sandbox's share included)"}`,
      cpuMsPerOrder.toFixed(2),
      `ms   → ${(1000 / cpuMsPerOrder).toFixed(0)} orders/s per core it has to itself; a bare GET /healthz costs it ${roundTripMs.toFixed(3)} ms (an order = ${(cpuMsPerOrder / roundTripMs).toFixed(1)} of them)`,
    );
    if (provider)
      row("  the payment sandbox's CPU per order (its own process)", perOrder(providerMs).toFixed(2), "ms");
    row(
      "  the shoppers' CPU per order (their own process)",
      perOrder(run.cpuMs).toFixed(2),
      `ms   other work on the machine meanwhile: ${othersCores.toFixed(2)} of its ${cpus().length} cores`,
    );
    return {
      processes: options.processes,
      engine: handle.engine,
      ordersPerSecond: placed / elapsed,
      cpuMsPerOrder,
      consistent,
      errors,
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await handle.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Server {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The store's and the provider's shared app secret (the sandbox's key and secret derive from it). */
const BENCH_APP_SECRET = randomBytes(32).toString("base64url");

/** `node server/main.ts` in production mode on a free port, its log in `dir`; resolves once it answers. */
async function startServer(options: {
  dir: string;
  name: string;
  databaseUrl: string;
  logLevel: string;
  processes: number;
  sandboxUrl?: string;
}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = join(options.dir, `${options.name}.log`);
  const log = openSync(logFile, "a");
  // BENCH_ORDER_STORE_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the store;
  // BENCH_ORDER_PROVIDER_NODE_ARGS the payment sandbox's process.
  const nodeArgs = (
    (options.name === "store"
      ? process.env.BENCH_ORDER_STORE_NODE_ARGS
      : process.env.BENCH_ORDER_PROVIDER_NODE_ARGS) ?? ""
  )
    .split(" ")
    .filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: options.logLevel,
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_SITE_URL: base,
      ...(options.sandboxUrl ? { PAYMENNT_SANDBOX_URL: options.sandboxUrl } : {}),
      // The sandbox takes only the key and secret derived from the app secret: the store and the provider
      // share one, as a shop and Paymennt share the shop's keys.
      JWT_SECRET: BENCH_APP_SECRET,
      DATABASE_URL: options.databaseUrl,
      MEDIA_DIR: join(options.dir, "media"),
      PASSWORD_HASH_COST: "10",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      WEB_CONCURRENCY: String(options.processes),
    },
    stdio: ["ignore", log, log],
  });
  const server: Server = {
    base,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      closeSync(log);
    },
  };
  try {
    await waitForHealth(base, child, logFile);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** A SQLite file in `dir`, or a fresh database on BENCH_DATABASE_URL's PostgreSQL server. */
async function freshDatabase(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl || !isPostgresUrl(adminUrl))
    return { url: adminUrl ?? `file:${join(dir, "orders.db")}`, drop: async () => {} };
  const name = `store_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function waitForHealth(base: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        // Forked workers come up one by one: give the last ones a moment after the first answers.
        await new Promise((r) => setTimeout(r, 1000));
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the store did not start:\n${readFileSync(logFile, "utf8").slice(-3000)}`);
}

async function soldPerVariant(
  db: ReturnType<typeof openDatabase>["db"],
  variantIds: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select(["order_lines.variant_id", (eb) => eb.fn.sum<number>("order_lines.quantity").as("q")])
    .where("orders.placed_at", "is not", null)
    .where("order_lines.variant_id", "in", variantIds)
    .groupBy("order_lines.variant_id")
    .execute();
  return new Map(rows.map((r) => [r.variant_id ?? "", Number(r.q)]));
}

interface LoadOptions {
  base: string;
  tokens: string[];
  product: TestProduct;
  seconds: number;
  mode: "orders" | "healthz";
}

interface LoadResult {
  placed: number;
  refused: number;
  errors: number;
  elapsed: number;
  p99: number;
  /** The shoppers' own CPU (their process), in ms. */
  cpuMs: number;
}

/** Runs the shoppers in a child process (this file with BENCH_ORDERS_LOAD set) and returns its tally. */
function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_ORDERS_LOAD: JSON.stringify(options) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as LoadResult);
    });
  });
}

const CARD_FORM = new URLSearchParams({
  card: "4242 4242 4242 4242",
  expiry: "12/39",
  cvc: "123",
  name: "Amal Haddad",
}).toString();

/**
 * A shopper's kept-alive HTTP/1.1 connection to one host, as a browser holds one: a request at a time,
 * answers accepted compressed (br, gzip) and read decompressed, with Content-Length or chunked bodies.
 * Written on node:net because node:http's client cost the shoppers' process about twice the CPU, which
 * the store and the provider then could not use on a shared machine (decision 0014).
 */
class Connection {
  readonly #host: string;
  readonly #port: number;
  #socket: Socket | undefined;
  #buffer: Buffer = Buffer.alloc(0);
  /** Whether any byte of the current answer arrived (a request is sent again only when none did). */
  #answered = false;
  #waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #ended = false;

  constructor(host: string, port: number) {
    this.#host = host;
    this.#port = port;
  }

  async request(
    method: "GET" | "POST",
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; text: string }> {
    const reused = this.#socket !== undefined && !this.#ended;
    try {
      return await this.#exchange(method, path, headers, body);
    } catch (error) {
      // The server closed a kept-alive connection just as this request went out: once more, afresh.
      if (!reused || this.#answered) throw error;
      this.close();
      return this.#exchange(method, path, headers, body);
    }
  }

  close() {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  async #exchange(method: string, path: string, headers: Record<string, string>, body?: string) {
    if (!this.#socket || this.#ended) await this.#connect();
    const socket = this.#socket!;
    this.#answered = false;
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.#host}:${this.#port}\r\nAccept-Encoding: br, gzip\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    socket.write(`${head}\r\n${body ?? ""}`);
    return this.#response();
  }

  #connect(): Promise<void> {
    this.#buffer = Buffer.alloc(0);
    this.#ended = false;
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.#host, port: this.#port, noDelay: true }, () => resolve());
      socket.on("data", (chunk: Buffer) => {
        this.#answered = true;
        this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
        this.#wake();
      });
      const end = (error?: Error) => {
        this.#ended = true;
        const waiting = this.#waiting;
        this.#waiting = undefined;
        waiting?.reject(error ?? new Error("connection closed"));
        reject(error ?? new Error("connection closed"));
      };
      socket.on("error", end);
      socket.on("close", () => end());
      this.#socket = socket;
    });
  }

  #wake() {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve();
  }

  /** Resolves when more bytes arrived; rejects when the connection ended first. */
  #more(): Promise<void> {
    if (this.#ended) return Promise.reject(new Error("connection closed"));
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
  }

  async #response(): Promise<{ status: number; text: string }> {
    let headEnd = this.#buffer.indexOf("\r\n\r\n");
    while (headEnd < 0) {
      await this.#more();
      headEnd = this.#buffer.indexOf("\r\n\r\n");
    }
    const lines = this.#buffer.toString("latin1", 0, headEnd).split("\r\n");
    const status = Number(lines[0]!.split(" ")[1]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    let offset = headEnd + 4;
    let bytes: Buffer;
    if (headers.get("transfer-encoding")?.includes("chunked")) {
      const parts: Buffer[] = [];
      for (;;) {
        let lineEnd = this.#buffer.indexOf("\r\n", offset);
        while (lineEnd < 0) {
          await this.#more();
          lineEnd = this.#buffer.indexOf("\r\n", offset);
        }
        const size = Number.parseInt(this.#buffer.toString("latin1", offset, lineEnd), 16);
        while (this.#buffer.length < lineEnd + 2 + size + 2) await this.#more();
        parts.push(this.#buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      bytes = Buffer.concat(parts);
    } else {
      const length = Number(headers.get("content-length") ?? 0);
      while (this.#buffer.length < offset + length) await this.#more();
      bytes = this.#buffer.subarray(offset, offset + length);
      offset += length;
    }
    this.#buffer = this.#buffer.subarray(offset);
    const encoding = headers.get("content-encoding");
    if (encoding === "br") bytes = brotliDecompressSync(bytes);
    else if (encoding === "gzip") bytes = gunzipSync(bytes);
    if (headers.get("connection") === "close") this.close();
    return { status, text: bytes.toString("utf8") };
  }
}

/** A shopper's connections, one per host it talks to (the store, the provider's card page). */
class Browser {
  readonly #connections = new Map<string, Connection>();

  send(
    url: string,
    method: "GET" | "POST",
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; text: string }> {
    const { hostname, port, pathname, search } = new URL(url);
    const key = `${hostname}:${port}`;
    let connection = this.#connections.get(key);
    if (!connection) {
      connection = new Connection(hostname, Number(port));
      this.#connections.set(key, connection);
    }
    return connection.request(method, `${pathname}${search}`, headers, body);
  }

  close() {
    for (const connection of this.#connections.values()) connection.close();
  }
}

/** The shoppers: each starts a payment, pays on the sandbox's card page and verifies, again and again. */
async function load(options: LoadOptions): Promise<LoadResult> {
  const { base, product } = options;
  const browsers: Browser[] = [];
  let placed = 0;
  let refused = 0;
  let errors = 0;
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = () => {
    const cpu = process.cpuUsage(cpuBefore);
    latencies.sort((a, b) => a - b);
    return {
      placed,
      refused,
      errors,
      elapsed: (performance.now() - started) / 1000,
      p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  };
  if (options.mode === "healthz") {
    // A fixed count of bare round trips, for calibration.
    const browser = new Browser();
    browsers.push(browser);
    for (let i = 0; i < 300; i++) {
      await browser.send(`${base}/healthz`, "GET");
      placed += 1;
    }
    browser.close();
    return result();
  }
  const until = started + options.seconds * 1000;
  await Promise.all(
    options.tokens.map(async (token, w) => {
      const json = { token, "content-type": "application/json" };
      const browser = new Browser();
      browsers.push(browser);
      let n = 0;
      while (performance.now() < until) {
        n += 1;
        const t0 = performance.now();
        // Every 4th order also wants a unit of the scarce size, so refusals happen under load too.
        const lines =
          n % 4 === 0
            ? [
                { product, quantity: 1 },
                { product, quantity: 1, size: "L/56" },
              ]
            : [{ product, quantity: 1 + ((n + w) % 2) }];
        try {
          const start = await browser.send(
            `${base}/api/order/paymennt`,
            "POST",
            json,
            JSON.stringify(orderPayload(lines)),
          );
          if (start.status === 409) {
            refused += 1;
            continue;
          }
          if (start.status !== 200) {
            errors += 1;
            continue;
          }
          const { checkoutUrl, paymentId } = JSON.parse(start.text) as {
            checkoutUrl: string;
            paymentId: string;
          };
          const card = await browser.send(
            checkoutUrl,
            "POST",
            { "content-type": "application/x-www-form-urlencoded" },
            CARD_FORM,
          );
          if (card.status !== 303) {
            errors += 1;
            continue;
          }
          const verified = await browser.send(
            `${base}/api/order/verifyPaymennt`,
            "POST",
            json,
            JSON.stringify({ paymentId }),
          );
          if ((JSON.parse(verified.text) as { status?: string }).status === "paid") {
            placed += 1;
            latencies.push(performance.now() - t0);
          } else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  for (const browser of browsers) browser.close();
  return result();
}

if (process.env.BENCH_ORDERS_LOAD) {
  console.log(JSON.stringify(await load(JSON.parse(process.env.BENCH_ORDERS_LOAD) as LoadOptions)));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchOrders();
}
