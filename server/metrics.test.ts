import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import { addTestProduct, api, freePort, newShopper, orderPayload, submitCard } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/**
 * Issue 27: Prometheus metrics of a store of two worker processes (server/main.ts, as `npm start` runs
 * it), on a port of their own behind a token, summed over the workers by the primary. A real order, a
 * declined card and a mail the SMTP server refused are each counted once, whichever worker served them.
 */

const TOKEN = "metrics-token-0123456789abcdef";

/** A POST on a new connection each time, so the cluster hands consecutive calls to its workers in turn. */
function postOnNewConnection(port: number, path: string, body: unknown, token: string) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text), token },
      },
      (res) => {
        let answer = "";
        res.on("data", (chunk) => {
          answer += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer) }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** The value of one series in a Prometheus text answer (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(TEST_ENGINES)("metrics of a two-worker store on $name", (engine) => {
  let fresh: { url: string; drop(): Promise<void> };
  let store: StoreProcess;
  let smtp: TestSmtpServer;
  let database: DatabaseHandle;
  let metricsPort: number;
  const scrape = async (token = TOKEN) =>
    fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    fresh = await engine.create();
    smtp = await startTestSmtpServer();
    metricsPort = await freePort();
    store = await startStoreProcess(fresh.url, {
      workers: 2,
      env: {
        COD_ENABLED: "true",
        SMTP_URL: smtp.url,
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
      },
    });
    database = openDatabase(fresh.url, { poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    await stopStoreProcess(store);
    await database?.close();
    await smtp?.close();
    await fresh?.drop();
  });

  it("is closed to the public: not on the shop's port, and not without the token", async () => {
    expect((await fetch(`${store.base}/metrics`)).status).toBe(404);
    const anonymous = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(anonymous.status).toBe(401);
    expect((await scrape("wrong-token-0123456789abcdef")).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await ok.text();
    // Node's event-loop delay and the outbox, whatever else happened.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^store_outbox_backlog 0$/m);
  });

  it("counts real orders across both workers, a declined card and a refused mail", {
    timeout: 120_000,
  }, async () => {
    const db = database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 10 }] });
    const shopper = await newShopper(store.base, db);
    const before = await (await scrape()).text();
    const series = {
      cod: 'store_orders_total{method="cod",outcome="placed"}',
      placeLatency:
        'store_http_request_duration_seconds_count{method="POST",route="/api/order/place",status="2xx"}',
      started: 'store_payment_starts_total{outcome="started"}',
      failed: 'store_payment_results_total{result="failed",source="shopper"}',
      mailFailed: 'store_mail_failures_total{kind="order-confirmation"}',
    };

    // The mail server refuses: every order's confirmation mail fails its first try.
    smtp.refuse(true);
    // Four orders on four new connections: round-robin hands both workers some of them.
    const cod = orderPayload([{ product, quantity: 1 }], { price: { payment_mode: "cod", COD: "1" } });
    for (let i = 0; i < 4; i++) {
      const placed = await postOnNewConnection(store.port, "/api/order/place", cod, shopper.token);
      expect(placed.status).toBe(200);
      expect(placed.body).toMatchObject({ success: true, message: "Order placed" });
    }
    // A card payment started, then declined on the (sandbox) provider's page and verified.
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      token: shopper.token,
      body: orderPayload([{ product, quantity: 1 }]),
    });
    expect(started.status).toBe(200);
    const declined = await submitCard(started.body.checkoutUrl as string, "4000 0000 0000 0002");
    expect(declined.html).toContain("Your card was declined.");
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: shopper.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body).toMatchObject({ success: false, status: "failed", code: "payment_declined" });

    // The four confirmations were refused (each worker delivers the mails of its own orders). On a slow
    // machine the outbox may already have retried one (30 s backoff), so the counter is compared with
    // the tries the outbox itself recorded: every refused try counted once, and four mails refused.
    const refusedTries = async () => {
      const rows = await db
        .selectFrom("outbox")
        .select("attempts")
        .where("kind", "=", "order-confirmation")
        .where("status", "=", "failed")
        .execute();
      return { mails: rows.length, tries: rows.reduce((sum, row) => sum + Number(row.attempts), 0) };
    };
    await expect
      .poll(
        async () => {
          const counted =
            seriesValue(await (await scrape()).text(), series.mailFailed) -
            seriesValue(before, series.mailFailed);
          const recorded = await refusedTries();
          return { mails: recorded.mails, uncounted: recorded.tries - counted };
        },
        { timeout: 20_000 },
      )
      .toEqual({ mails: 4, uncounted: 0 });
    const after = await (await scrape()).text();
    const delta = (name: keyof typeof series) =>
      seriesValue(after, series[name]) - seriesValue(before, series[name]);
    expect(delta("cod")).toBe(4);
    expect(delta("placeLatency")).toBe(4);
    expect(delta("started")).toBe(1);
    expect(delta("failed")).toBe(1);
    // Nothing was placed by the declined card, and the stock says the same: 4 sold of 10.
    expect(seriesValue(after, 'store_orders_total{method="card",outcome="placed"}')).toBe(0);
    const variant = await db
      .selectFrom("product_variants")
      .select(["stock", "held_quantity"])
      .where("id", "=", product.variants[0]!.variantId)
      .executeTakeFirstOrThrow();
    expect({ stock: Number(variant.stock), held: Number(variant.held_quantity) }).toEqual({
      stock: 6,
      held: 0,
    });
    // The refused mails (the shopper's confirmations, the shop's new-order notes) wait in the outbox.
    const waiting = await db
      .selectFrom("outbox")
      .select("id")
      .where("status", "in", ["pending", "failed"])
      .execute();
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    expect(seriesValue(after, "store_outbox_backlog")).toBe(waiting.length);
    expect(seriesValue(after, "store_outbox_oldest_age_seconds")).toBeGreaterThan(0);
    // Routes are counted by their pattern, never by a raw address.
    expect(after).not.toContain(product.slug);
    expect(after).not.toContain(String(started.body.paymentId));
    if (engine.name === "postgres")
      expect(seriesValue(after, 'store_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});
