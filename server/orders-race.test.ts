import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import {
  addTestProduct,
  api,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/**
 * Real server processes over HTTP (issue 11): concurrent buyers of the last units, and a process killed
 * in the middle of a burst of orders. On SQLite two processes share one database file, so their writers
 * are truly concurrent (one process alone would serialise them and the test could not fail).
 */

/** A store process (server/testing/store-process.ts) with ten database connections, as the race wants. */
const startServer = (databaseUrl: string, port?: number) =>
  startStoreProcess(databaseUrl, {
    ...(port === undefined ? {} : { port }),
    env: { DATABASE_POOL_SIZE: "10", JWT_SECRET: "race-test-secret-0123456789-abcdefghijklmnop" },
  });

describe.each(TEST_ENGINES)("real server processes on $name", (engine) => {
  let fresh: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  const servers: StoreProcess[] = [];

  beforeAll(async () => {
    fresh = await engine.create();
  });
  afterAll(async () => {
    for (const s of servers) await stopStoreProcess(s);
    await database?.close();
    await fresh?.drop();
  });

  it("50 buyers of the last 5 units across two processes: exactly 5 paid orders, stock 0, the rest refused", {
    timeout: 180_000,
  }, async () => {
    // The first process migrates; the second starts on the migrated database.
    const one = await startServer(fresh.url);
    servers.push(one);
    const two = await startServer(fresh.url);
    servers.push(two);
    database = openDatabase(fresh.url, { poolSize: 2 });
    const db = database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const buyers: Awaited<ReturnType<typeof newShopper>>[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await newShopper(i % 2 ? two.base : one.base, db));

    const results = await Promise.all(
      buyers.map(async (buyer, i) => {
        const server = i % 2 ? two : one;
        const started = await api(server.base, "POST", "/api/order/paymennt", {
          token: buyer.token,
          body: orderPayload([{ product, quantity: 1 }]),
        });
        if (started.status !== 200) return { started };
        const paid = await submitCard(started.body.checkoutUrl as string);
        // Half verify on the other process: whichever process answers, one order.
        const verifier = i % 4 < 2 ? one : two;
        const verified = await api(verifier.base, "POST", "/api/order/verifyPaymennt", {
          token: buyer.token,
          body: { paymentId: started.body.paymentId },
        });
        return { started, paid, verified };
      }),
    );

    const ok = results.filter((r) => r.started.status === 200);
    const refused = results.filter((r) => r.started.status !== 200);
    expect(ok).toHaveLength(5);
    expect(ok.every((r) => r.verified?.body.status === "paid")).toBe(true);
    expect(refused.map((r) => [r.started.status, r.started.body.message])).toEqual(
      Array.from({ length: 45 }, () => [409, `${product.name} (M/54) is out of stock`]),
    );
    expect(await stockOf(db, product.variants[0]!.variantId)).toEqual({ stock: 0, held: 0 });
    const placed = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("placed_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(5);
    const sold = await db
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select((eb) => eb.fn.sum<number>("order_lines.quantity").as("q"))
      .where("orders.placed_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(sold.q)).toBe(5);
  });

  it("a process killed with SIGKILL in a burst of orders: every order whole or absent, stock = initial − sold", {
    timeout: 180_000,
  }, async () => {
    const db = database.db;
    const INITIAL = 200;
    const product: TestProduct = await addTestProduct(db, {
      variants: [{ size: "M/54", retailFils: 12_345, stock: INITIAL }],
    });
    const victim = await startServer(fresh.url);
    servers.push(victim);
    const buyers: Awaited<ReturnType<typeof newShopper>>[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await newShopper(servers[0]!.base, db));

    // Each buyer keeps ordering (start, pay, verify) on the victim until it dies.
    let completed = 0;
    const burst = buyers.map(async (buyer) => {
      for (let n = 0; n < 40; n++) {
        try {
          const started = await api(victim.base, "POST", "/api/order/paymennt", {
            token: buyer.token,
            body: orderPayload([{ product, quantity: 1 + (n % 3) }]),
          });
          if (started.status !== 200) continue;
          await submitCard(started.body.checkoutUrl as string);
          await api(victim.base, "POST", "/api/order/verifyPaymennt", {
            token: buyer.token,
            body: { paymentId: started.body.paymentId },
          });
          completed += 1;
        } catch {
          return; // the process is gone
        }
      }
    });
    while (completed < 12) await new Promise((r) => setTimeout(r, 5));
    victim.child.kill("SIGKILL");
    await Promise.all(burst);
    expect((await victim.exited).code).toBe(null);

    const invariants = async () => {
      const orders = await db
        .selectFrom("orders")
        .select(["id", "placed_at", "total_fils", "subtotal_fils"])
        .where(
          "user_id",
          "in",
          buyers.map((b) => b.id),
        )
        .execute();
      const lines = await db
        .selectFrom("order_lines")
        .select(["order_id", "quantity", "line_total_fils"])
        .where(
          "order_id",
          "in",
          orders.map((o) => o.id),
        )
        .execute();
      const payments = await db
        .selectFrom("payments")
        .select(["order_id", "status"])
        .where(
          "order_id",
          "in",
          orders.map((o) => o.id),
        )
        .execute();
      const holds = await db
        .selectFrom("stock_holds")
        .select(["order_id", "quantity", "status"])
        .where("variant_id", "=", product.variants[0]!.variantId)
        .execute();
      let sold = 0;
      for (const order of orders) {
        const mine = lines.filter((l) => l.order_id === order.id);
        // Whole: its lines, its payment and its hold were written together, or nothing was.
        expect(mine.length).toBe(1);
        expect(mine.reduce((s, l) => s + Number(l.line_total_fils), 0)).toBe(Number(order.total_fils));
        expect(payments.filter((p) => p.order_id === order.id)).toHaveLength(1);
        expect(holds.filter((h) => h.order_id === order.id)).toHaveLength(1);
        const paid = payments.find((p) => p.order_id === order.id)!.status === "paid";
        expect(order.placed_at !== null).toBe(paid);
        if (order.placed_at) sold += Number(mine[0]!.quantity);
      }
      const held = holds.filter((h) => h.status === "active").reduce((s, h) => s + Number(h.quantity), 0);
      expect(await stockOf(db, product.variants[0]!.variantId)).toEqual({ stock: INITIAL - sold, held });
      return { orders: orders.length, sold, held };
    };

    const afterKill = await invariants();
    expect(afterKill.sold).toBeGreaterThan(0);

    // Restarted on the same port: the shoppers' browsers verify again; everything paid becomes an order.
    const restarted = await startServer(fresh.url, victim.port);
    servers.push(restarted);
    const open = await db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .select(["payments.provider_checkout_id", "orders.user_id"])
      .where("payments.status", "in", ["created", "pending"])
      .where(
        "orders.user_id",
        "in",
        buyers.map((b) => b.id),
      )
      .execute();
    for (const p of open) {
      if (!p.provider_checkout_id) continue;
      const buyer = buyers.find((b) => b.id === p.user_id)!;
      await api(restarted.base, "POST", "/api/order/verifyPaymennt", {
        token: buyer.token,
        body: { paymentId: p.provider_checkout_id },
      });
    }
    const afterRestart = await invariants();
    expect(afterRestart.sold).toBeGreaterThanOrEqual(afterKill.sold);
  });
});
