// The flash sale of `npm run bench` (issue 27, docs/decisions/0037-invalidation-by-what-changed.md): a
// crowd browsing (autocannon in its own process, as every row of the bench) while shoppers place
// cash-on-delivery orders at a fixed rate from another process (this file again, with BENCH_FLASH_ORDERS
// set). Each page is measured alone, then beside 5 and then 25 orders a second (BENCH_FLASH_RATES), and
// printed with its ratio to alone and the orders' own p99. One order in five buys a product the browsed
// pages show (the product page's own, or one on /shop's first page), the rest a product anywhere in the
// catalog, so the pages browsed do change during the sale and must show it.
// BENCH_FLASH=0 skips it; BENCH_FLASH_ONLY=1 runs only it; BENCH_FLASH_SECONDS (8),
// BENCH_FLASH_CONNECTIONS (50), BENCH_FLASH_SHOPPERS (8).
import { spawn } from "node:child_process";
import { openDatabase } from "../server/db/connection.ts";
import { newShopper, orderPayload, type TestProduct } from "../server/testing/checkout.ts";

const SECONDS = Number(process.env.BENCH_FLASH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS ?? 50);
const SHOPPERS = Number(process.env.BENCH_FLASH_SHOPPERS ?? 8);
const RATES = (process.env.BENCH_FLASH_RATES ?? "5,25").split(",").map(Number);

/** One size the order process may buy. */
interface Item {
  product: TestProduct;
  /** Shown on the browsed pages. */
  browsed: boolean;
}

interface OrdersJob {
  base: string;
  tokens: string[];
  items: Item[];
  rate: number;
  seconds: number;
}

interface OrdersResult {
  placed: number;
  refused: number;
  errors: number;
  p99: number;
}

export interface Browsing {
  rps: number;
  p99: number;
  errors: number;
}

export interface FlashSaleOptions {
  /** Starts the store (the bench's own, one process per core, cash on delivery on). */
  startStore(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
  databaseUrl: string;
  /** autocannon in its own process against one URL. */
  browse(url: string, seconds: number, connections: number, encoding?: string): Promise<Browsing>;
  /** The product page the bench browses. */
  productPath: string;
  encoding: string;
}

const BROWSED = ["/product/{slug}", "/shop"] as const;

/** Runs the scenario and prints its table. */
export async function benchFlashSale(options: FlashSaleOptions): Promise<void> {
  const store = await options.startStore({
    COD_ENABLED: "true",
    AUTH_RATE_LIMIT_PER_IP: "1000000",
    PASSWORD_HASH_COST: "10",
  });
  const handle = openDatabase(options.databaseUrl, { poolSize: 2 });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) tokens.push((await newShopper(store.base, handle.db)).token);
    const items = await saleItems(handle.db, store.base, options.productPath);
    console.log(
      `\nFlash sale: browsing (autocannon apart, ${CONNECTIONS} connections, ${SECONDS} s) alone, then beside cash-on-delivery orders at ${RATES.join(" and ")}/s from another process (${SHOPPERS} shoppers; 1 in 5 orders buys a product the browsed pages show)\n`,
    );
    console.log(
      "| page | orders/s | req/s | p99 ms | ratio to alone | orders placed / refused / errors | orders p99 ms |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const page of BROWSED) {
      const url = `${store.base}${page === "/shop" ? "/shop" : options.productPath}`;
      await options.browse(url, 1, CONNECTIONS, options.encoding); // warm-up
      const alone = await options.browse(url, SECONDS, CONNECTIONS, options.encoding);
      console.log(`| ${page} | 0 | ${alone.rps.toFixed(0)} | ${alone.p99} | 100 % | | |`);
      for (const rate of RATES) {
        const orders = runOrders({ base: store.base, tokens, items, rate, seconds: SECONDS + 1 });
        const busy = await options.browse(url, SECONDS, CONNECTIONS, options.encoding);
        const sold = await orders;
        console.log(
          `| ${page} | ${rate} | ${busy.rps.toFixed(0)} | ${busy.p99} | ${((busy.rps / alone.rps) * 100).toFixed(0)} % | ${sold.placed} / ${sold.refused} / ${sold.errors} | ${sold.p99.toFixed(0)} |`,
        );
      }
    }
    console.log(
      "\nGoal (issue 27): at 25 orders/s browsing keeps >= 80 % of its rate alone, p99 <= 150 ms; orders p99 <= 100 ms.",
    );
  } finally {
    await handle.close();
    await store.stop();
  }
}

/**
 * What the shoppers buy: the browsed product and /shop's first page (their sizes with stock), and 200
 * sizes in stock anywhere else. Stock is raised first so the sale never runs out during the bench.
 */
async function saleItems(
  db: ReturnType<typeof openDatabase>["db"],
  base: string,
  productPath: string,
): Promise<Item[]> {
  const shown = (await (await fetch(`${base}/api/product/list?limit=24`)).json()) as {
    products: { slug: string }[];
  };
  const browsedSlugs = new Set([productPath.replace("/product/", ""), ...shown.products.map((p) => p.slug)]);
  const rows = await db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select([
      "products.id as productId",
      "products.slug",
      "products.name",
      "product_variants.id as variantId",
      "product_variants.sku",
      "product_variants.size",
    ])
    .where((eb) =>
      eb.or([eb("products.slug", "in", [...browsedSlugs]), eb("product_variants.stock", ">", 10)]),
    )
    .orderBy("product_variants.sku")
    .execute();
  const browsed = rows.filter((r) => browsedSlugs.has(r.slug));
  const others = rows
    .filter((r) => !browsedSlugs.has(r.slug))
    .filter((_, i) => i % 17 === 0)
    .slice(0, 200);
  const chosen = [...browsed, ...others];
  await db
    .updateTable("product_variants")
    .set({ stock: 1_000_000 })
    .where(
      "id",
      "in",
      chosen.map((r) => r.variantId),
    )
    .execute();
  return chosen.map((r) => ({
    product: {
      productId: r.productId,
      slug: r.slug,
      name: r.name,
      variants: [{ variantId: r.variantId, sku: r.sku, size: r.size }],
    },
    browsed: browsedSlugs.has(r.slug),
  }));
}

/** The order process: this file with BENCH_FLASH_ORDERS, its tally printed as JSON. */
function runOrders(job: OrdersJob): Promise<OrdersResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/bench-flash-sale.ts"], {
      env: { ...process.env, BENCH_FLASH_ORDERS: JSON.stringify(job) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`orders failed: ${err}`));
      resolve(JSON.parse(out) as OrdersResult);
    });
  });
}

/** Places orders at `rate` a second for `seconds`, each started on time whether or not the last answered. */
async function placeOrders(job: OrdersJob): Promise<OrdersResult> {
  const browsed = job.items.filter((i) => i.browsed);
  const others = job.items.filter((i) => !i.browsed);
  const result: OrdersResult = { placed: 0, refused: 0, errors: 0, p99: 0 };
  const latencies: number[] = [];
  const total = Math.round(job.rate * job.seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / job.rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const pool = n % 5 === 0 && browsed.length > 0 ? browsed : others;
    const item = pool[Math.floor(Math.random() * pool.length)]!;
    const body = orderPayload([{ product: item.product, quantity: 1 }], {
      price: { payment_mode: "cod", COD: "1" },
    });
    const sent = performance.now();
    pending.push(
      fetch(`${job.base}/api/order/place`, {
        method: "POST",
        headers: { "content-type": "application/json", token: job.tokens[n % job.tokens.length]! },
        body: JSON.stringify(body),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (res.status === 200) result.placed += 1;
          else if (res.status < 500) result.refused += 1;
          else result.errors += 1;
        },
        () => {
          result.errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  result.p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  return result;
}

if (process.env.BENCH_FLASH_ORDERS) {
  console.log(JSON.stringify(await placeOrders(JSON.parse(process.env.BENCH_FLASH_ORDERS) as OrdersJob)));
}
