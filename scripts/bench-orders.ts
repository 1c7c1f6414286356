// Orders per second (issue 11): each order is POST /api/order/paymennt (priced, stock held, checkout made
// at the sandbox over HTTP), the sandbox's card form paid, and POST /api/order/verifyPaymennt (finalize:
// status read from the sandbox over HTTP, hold turned into a sale, order placed, mails queued). SQLite file
// by default, or BENCH_DATABASE_URL=postgres://…. Checks afterwards that nothing was oversold.
// Run alone with `node scripts/bench-orders.ts`; `npm run bench` runs it last. The shoppers run in a
// child process, so the store's own CPU per order is measured apart from theirs.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startStore } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import {
  addTestProduct,
  api,
  freePort,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
  type TestProduct,
} from "../server/testing/checkout.ts";

export async function benchOrders(options: { seconds?: number; workers?: number } = {}) {
  const seconds = options.seconds ?? Number(process.env.BENCH_ORDER_SECONDS ?? 10);
  const workers = options.workers ?? Number(process.env.BENCH_ORDER_WORKERS ?? 16);
  const dir = mkdtempSync(join(tmpdir(), "store-bench-orders-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_SITE_URL: base,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${join(dir, "orders.db")}`,
    MEDIA_DIR: join(dir, "media"),
    PASSWORD_HASH_COST: "10",
    AUTH_RATE_LIMIT_PER_IP: "1000000",
  });
  const store = await startStore(config, { ssr: false, logger: false });
  await store.app.listen({ host: "127.0.0.1", port });
  const db = store.database.db;
  try {
    const INITIAL = 1_000_000;
    const product = await addTestProduct(db, {
      variants: [
        { size: "M/54", retailFils: 45_000, stock: INITIAL },
        { size: "L/56", retailFils: 50_000, discount: 10, stock: 40 },
      ],
    });
    const shoppers = [];
    for (let i = 0; i < workers; i++) shoppers.push(await newShopper(base, db));

    // Calibration on this machine at this moment: the store's CPU for one bare GET /healthz.
    const calibration = process.cpuUsage();
    const load = await runLoad(
      base,
      shoppers.map((s) => s.token),
      product,
      2,
      "healthz",
    );
    const c = process.cpuUsage(calibration);
    const roundTripMs = (c.user + c.system) / 1000 / Math.max(load.placed, 1);

    // The shoppers run in a process of their own, so the store's CPU is measured alone.
    const cpuBefore = process.cpuUsage();
    const { placed, refused, errors, elapsed, p99 } = await runLoad(
      base,
      shoppers.map((s) => s.token),
      product,
      seconds,
      "orders",
    );
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerOrder = (cpu.user + cpu.system) / 1000 / Math.max(placed, 1);
    await store.services.orders.idle();

    const sold = await db
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.variant_id", (eb) => eb.fn.sum<number>("order_lines.quantity").as("q")])
      .where("orders.placed_at", "is not", null)
      .groupBy("order_lines.variant_id")
      .execute();
    const soldOf = (id: string) => Number(sold.find((s) => s.variant_id === id)?.q ?? 0);
    const m = await stockOf(db, product.variants[0]!.variantId);
    const l = await stockOf(db, product.variants[1]!.variantId);
    const consistent =
      m.stock === INITIAL - soldOf(product.variants[0]!.variantId) &&
      l.stock === 40 - soldOf(product.variants[1]!.variantId) &&
      (l.stock ?? -1) >= 0 &&
      m.held === 0 &&
      l.held === 0;
    console.log(
      `${`orders placed (paymennt + card + verify/finalize, ${workers} shoppers, ${store.database.engine})`.padEnd(58)} ${(placed / elapsed).toFixed(1).padStart(9)} orders/s   p99 ${p99.toFixed(0).padStart(5)} ms   placed ${placed}, refused ${refused}, errors ${errors}; scarce size sold ${soldOf(product.variants[1]!.variantId)}/40, stock ${l.stock}; ${consistent ? "no oversell, stock = initial − sold" : "STOCK MISMATCH"}`,
    );
    console.log(
      `${"  the store's CPU per order (shoppers in another process)".padEnd(58)} ${cpuMsPerOrder.toFixed(2).padStart(9)} ms      → ${(1000 / cpuMsPerOrder).toFixed(0)} orders/s per core it has to itself; a bare GET /healthz costs it ${roundTripMs.toFixed(3)} ms here (an order = ${(cpuMsPerOrder / roundTripMs).toFixed(1)} of them)`,
    );
    return { ordersPerSecond: placed / elapsed, cpuMsPerOrder, consistent, errors };
  } finally {
    await store.app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface LoadResult {
  placed: number;
  refused: number;
  errors: number;
  elapsed: number;
  p99: number;
}

/** Runs the shoppers in a child process (this file with BENCH_ORDERS_LOAD set) and returns its tally. */
function runLoad(
  base: string,
  tokens: string[],
  product: TestProduct,
  seconds: number,
  mode: "orders" | "healthz",
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: {
        ...process.env,
        BENCH_ORDERS_LOAD: JSON.stringify({ base, tokens, product, seconds, mode }),
      },
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

/** The shoppers: each starts a payment, pays on the sandbox's card page and verifies, again and again. */
async function load(options: {
  base: string;
  tokens: string[];
  product: TestProduct;
  seconds: number;
  mode: "orders" | "healthz";
}): Promise<LoadResult> {
  const { base, product } = options;
  let placed = 0;
  let refused = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  if (options.mode === "healthz") {
    // A fixed count of bare round trips, for calibration.
    for (let i = 0; i < 300; i++) {
      await (await fetch(`${base}/healthz`)).text();
      placed += 1;
    }
    return { placed, refused, errors, elapsed: (performance.now() - started) / 1000, p99: 0 };
  }
  const until = started + options.seconds * 1000;
  await Promise.all(
    options.tokens.map(async (token, w) => {
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
        const start = await api(base, "POST", "/api/order/paymennt", { token, body: orderPayload(lines) });
        if (start.status === 409) {
          refused += 1;
          continue;
        }
        if (start.status !== 200) {
          errors += 1;
          continue;
        }
        await submitCard(start.body.checkoutUrl as string);
        const verified = await api(base, "POST", "/api/order/verifyPaymennt", {
          token,
          body: { paymentId: start.body.paymentId },
        });
        if (verified.body.status === "paid") {
          placed += 1;
          latencies.push(performance.now() - t0);
        } else errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    placed,
    refused,
    errors,
    elapsed: (performance.now() - started) / 1000,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

if (process.env.BENCH_ORDERS_LOAD) {
  console.log(JSON.stringify(await load(JSON.parse(process.env.BENCH_ORDERS_LOAD))));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchOrders();
}
