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
 * Issue 21 finding 8 (decision 0017): a store process killed with SIGKILL right after an order's
 * transaction commits and before it answers (the test-only STORE_TEST_CRASH_AFTER_ORDER_COMMIT), the
 * shopper's request cut; restarted on the same database, the shopper's retry with the same
 * Idempotency-Key gets the first order's answer, and the database holds exactly one order.
 */

async function send(base: string, path: string, token: string, body: unknown, key: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { token, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    replayed: res.headers.get("idempotent-replayed") === "true",
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe.each(TEST_ENGINES)("kill -9 between an order's commit and its answer on $name", (engine) => {
  let fresh: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  let db: DatabaseHandle["db"];
  let product: TestProduct;
  let shopper: Awaited<ReturnType<typeof newShopper>>;
  let port: number;
  const started: StoreProcess[] = [];

  /** A store on the one port (the shopper's browser keeps its address), crashing at `crash` if given. */
  async function store(crash?: "order" | "answer") {
    const s = await startStoreProcess(fresh.url, {
      port,
      env: { COD_ENABLED: "true", ...(crash ? { STORE_TEST_CRASH_AFTER_ORDER_COMMIT: crash } : {}) },
    });
    started.push(s);
    port = s.port;
    return s;
  }

  /** Sends the order to a store that dies answering it: the request fails, the process is SIGKILLed. */
  async function cutOff(victim: StoreProcess, path: string, body: unknown, key: string) {
    await expect(send(victim.base, path, shopper.token, body, key)).rejects.toThrow();
    expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });
  }

  const ordersOfShopper = () =>
    db
      .selectFrom("orders")
      .select(["id", "order_number", "status", "payment_mode", "placed_at"])
      .where("user_id", "=", shopper.id)
      .orderBy("created_at")
      .execute();

  beforeAll(async () => {
    fresh = await engine.create();
    const first = await store();
    database = openDatabase(fresh.url, { poolSize: 2 });
    db = database.db;
    product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 10 }] });
    shopper = await newShopper(first.base, db);
    await stopStoreProcess(first);
  }, 90_000);
  afterAll(async () => {
    for (const s of started) await stopStoreProcess(s);
    await database?.close();
    await fresh?.drop();
  });

  it("cash on delivery: the retry answers the order that committed; one order, stock taken once", {
    timeout: 90_000,
  }, async () => {
    const key = `cod-${engine.name}-0123456789`;
    const body = orderPayload([{ product, quantity: 2 }], {
      price: { payment_mode: "cod", currency_code: "AED", delivery_type: "next day delivery" },
    });
    await cutOff(await store("order"), "/api/order/place", body, key);
    const committed = await ordersOfShopper();
    expect(committed.map((o) => [o.status, o.payment_mode])).toEqual([["Order Placed", "cod"]]);

    const restarted = await store();
    const retry = await send(restarted.base, "/api/order/place", shopper.token, body, key);
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBe(true);
    expect(retry.body).toMatchObject({
      success: true,
      message: "Order placed",
      orderNumber: committed[0]!.order_number,
      order: { _id: committed[0]!.id, orderNumber: committed[0]!.order_number },
    });
    expect(await ordersOfShopper()).toEqual(committed);
    expect(await stockOf(db, product.variants[0]!.variantId)).toEqual({ stock: 8, held: 0 });
    await stopStoreProcess(restarted);
  });

  it("online payment killed before its Paymennt call: the retry resumes the same attempt with the same request id, and it pays", {
    timeout: 90_000,
  }, async () => {
    const key = `card-${engine.name}-0123456789`;
    const body = orderPayload([{ product, quantity: 1 }]);
    await cutOff(await store("order"), "/api/order/paymennt", body, key);
    const pending = (await ordersOfShopper()).filter((o) => o.payment_mode === "online");
    expect(pending.map((o) => o.status)).toEqual(["Awaiting payment"]);
    const before = await db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", pending[0]!.id)
      .executeTakeFirstOrThrow();
    expect(before).toMatchObject({ status: "created", provider_checkout_id: null });
    const checkoutsFor = (requestId: string) =>
      db.selectFrom("sandbox_checkouts").select("id").where("request_id", "=", requestId).execute();
    expect(await checkoutsFor(before.request_id)).toEqual([]);

    const restarted = await store();
    const retry = await send(restarted.base, "/api/order/paymennt", shopper.token, body, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, orderNumber: pending[0]!.order_number });
    const after = await db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", pending[0]!.id)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      request_id: before.request_id,
      provider_checkout_id: retry.body.paymentId,
      status: "pending",
    });
    expect(await checkoutsFor(before.request_id)).toEqual([{ id: retry.body.paymentId }]);
    // A second retry: the same answer again.
    expect((await send(restarted.base, "/api/order/paymennt", shopper.token, body, key)).body).toEqual(
      retry.body,
    );
    expect((await ordersOfShopper()).filter((o) => o.payment_mode === "online")).toHaveLength(1);

    expect((await submitCard(retry.body.checkoutUrl as string)).status).toBe(303);
    const verified = await api(restarted.base, "POST", "/api/order/verifyPaymennt", {
      token: shopper.token,
      body: { paymentId: retry.body.paymentId },
    });
    expect(verified.body).toMatchObject({ success: true, status: "paid" });
    expect(await stockOf(db, product.variants[0]!.variantId)).toEqual({ stock: 7, held: 0 });
    await stopStoreProcess(restarted);
  });

  it("online payment killed after its checkout was made: the retry answers that very checkout", {
    timeout: 90_000,
  }, async () => {
    const key = `card2-${engine.name}-0123456789`;
    const body = orderPayload([{ product, quantity: 3 }]);
    const known = new Set((await ordersOfShopper()).map((o) => o.id));
    await cutOff(await store("answer"), "/api/order/paymennt", body, key);
    const created = (await ordersOfShopper()).filter((o) => !known.has(o.id));
    expect(created.map((o) => o.status)).toEqual(["Awaiting payment"]);
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", created[0]!.id)
      .executeTakeFirstOrThrow();
    expect(payment.provider_checkout_id).not.toBeNull();

    const restarted = await store();
    const retry = await send(restarted.base, "/api/order/paymennt", shopper.token, body, key);
    expect(retry).toMatchObject({ status: 200, replayed: true });
    expect(retry.body).toMatchObject({
      paymentId: payment.provider_checkout_id,
      checkoutUrl: payment.redirect_url,
      orderNumber: created[0]!.order_number,
    });
    const checkouts = await db
      .selectFrom("sandbox_checkouts")
      .select("id")
      .where("request_id", "=", payment.request_id)
      .execute();
    expect(checkouts).toEqual([{ id: payment.provider_checkout_id }]);
    expect((await ordersOfShopper()).filter((o) => !known.has(o.id))).toHaveLength(1);
    expect(await stockOf(db, product.variants[0]!.variantId)).toEqual({ stock: 7, held: 3 });
    await stopStoreProcess(restarted);
  });
});
