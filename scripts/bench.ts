// npm run bench — load figures for the catalog on 10,000 generated products (SQLite file by default,
// or BENCH_DATABASE_URL=postgres://…), then orders per second (scripts/bench-orders.ts). Prints
// requests/second and p99 latency; asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { DEMO_COLORS, DEMO_FABRICS } from "#content/demo-catalog.ts";
import { CATEGORIES, SIZE_GUIDE } from "#core/constants.ts";
import { buildApp } from "../server/app.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { createProduct } from "../server/db/repositories/products.ts";
import { newId } from "../server/ids.ts";
import { benchOrders } from "./bench-orders.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const dir = mkdtempSync(join(tmpdir(), "store-bench-"));

const COLORS = Object.keys(DEMO_COLORS);
const FABRICS = DEMO_FABRICS;
const TYPES = ["Abaya", "Open Abaya", "Kaftan", "Jalabiya", "Kurta Set", "Unstitched"];

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  SEED_DEMO: "false",
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${join(dir, "bench.db")}`,
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
console.log(
  `Seeded ${PRODUCTS} products on ${database.engine} in ${Math.round(performance.now() - started)} ms`,
);

const { app } = await buildApp({ config, database, ssr: "production", logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function run(title: string, url: string, connections = 10, duration = DURATION) {
  for (let i = 0; i < 3; i++) await (await fetch(url)).arrayBuffer(); // warm up: first renders compile code
  const result = await autocannon({ url, connections, duration });
  const line = `${title.padEnd(58)} ${result.requests.average.toFixed(1).padStart(9)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms   ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s   errors ${result.errors + result.non2xx}`;
  console.log(line);
  return result;
}

/** The JavaScript a page makes the browser load (module scripts and preloads), summed gzip-compressed. */
async function javascriptWeight(path: string) {
  const html = await (await fetch(`${base}${path}`)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let gzip = 0;
  let raw = 0;
  for (const url of urls) {
    const res = await fetch(`${base}${url}`, { headers: { "accept-encoding": "gzip" } });
    gzip += Number(res.headers.get("content-length") ?? (await res.arrayBuffer()).byteLength);
    raw += (
      await (await fetch(`${base}${url}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()
    ).byteLength;
  }
  console.log(
    `JavaScript for ${path.padEnd(40)} ${urls.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`,
  );
}
await javascriptWeight("/");
await javascriptWeight("/shop");
await javascriptWeight("/product/bench-product-1234");

console.log(`\n${"scenario".padEnd(58)} ${"throughput".padStart(9)}`);
const pageUrl = `${base}/api/product/list?limit=24`;
const fastifyPage = await run("GET /api/product/list?limit=24 (first page)", pageUrl);
await run(
  "GET /api/product/list?category&color&minPrice&sort&limit=24",
  `${base}/api/product/list?category=graceful-abayas&color=Black&minPrice=300&maxPrice=1500&sort=price-low-high&limit=24`,
);
await run("GET /api/product/list?search=noor&limit=24", `${base}/api/product/list?search=noor&limit=24`);
await run(
  `GET /api/product/list (whole catalog, ${PRODUCTS} products)`,
  `${base}/api/product/list`,
  2,
  Math.max(DURATION, 10),
);
await run("GET /shop (server-rendered)", `${base}/shop`);
await run(
  "GET /shop?category=graceful-abayas&sort=price-high-low (SSR)",
  `${base}/shop?category=graceful-abayas&sort=price-high-low`,
);
await run("GET /product/{slug} (server-rendered)", `${base}/product/bench-product-1234`);

// The same bytes from a bare node:http server: the floor our framework, database and JSON work add to.
const bytes = Buffer.from(await (await fetch(pageUrl)).arrayBuffer());
const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": bytes.length });
  res.end(bytes);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareResult = await run(
  "bare node:http, same product-list bytes",
  `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
);
console.log(
  `\nratio: the store serves the first product page at ${((fastifyPage.requests.average / bareResult.requests.average) * 100).toFixed(1)}% of the bare server's rate (${bytes.length} bytes a response)`,
);

bare.close();
await app.close();
await database.close();

// Issue 11: orders per second through the payment calls, on a store of its own (its sandbox at its port).
console.log("");
await benchOrders();
if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
