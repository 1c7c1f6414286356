// Orders per second (issue 11): each order is POST /api/order/paymennt (priced, stock held, checkout made
// at the sandbox over HTTP), the sandbox's card form paid, and POST /api/order/verifyPaymennt (finalize:
// status read from the sandbox over HTTP, hold turned into a sale, order placed, mails queued). SQLite file
// by default, or BENCH_DATABASE_URL=postgres://…. Checks afterwards that nothing was oversold.
// Run alone with `node scripts/bench-orders.ts`; `npm run bench` runs it last.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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

    let placed = 0;
    let refused = 0;
    let errors = 0;
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      shoppers.map(async (shopper, w) => {
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
          const start = await api(base, "POST", "/api/order/paymennt", {
            token: shopper.token,
            body: orderPayload(lines),
          });
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
            token: shopper.token,
            body: { paymentId: start.body.paymentId },
          });
          if (verified.body.status === "paid") {
            placed += 1;
            latencies.push(performance.now() - t0);
          } else errors += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
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
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    console.log(
      `${`orders placed (paymennt + card + verify/finalize, ${workers} shoppers, ${store.database.engine})`.padEnd(58)} ${(placed / elapsed).toFixed(1).padStart(9)} orders/s   p99 ${p99.toFixed(0).padStart(5)} ms   placed ${placed}, refused ${refused}, errors ${errors}; scarce size sold ${soldOf(product.variants[1]!.variantId)}/40, stock ${l.stock}; ${consistent ? "no oversell, stock = initial − sold" : "STOCK MISMATCH"}`,
    );
    return { ordersPerSecond: placed / elapsed, consistent, errors };
  } finally {
    await store.app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchOrders();
}
