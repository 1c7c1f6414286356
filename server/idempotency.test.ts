import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "./services/idempotency.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createGateProxy, type GateProxy } from "./testing/gate-proxy.ts";
import { createTestStore } from "./testing/store.ts";

/**
 * Idempotency-Key on the order calls (issue 21 finding 8; decision 0017), through HTTP on a listening
 * store whose calls to its own payment sandbox go through a proxy the test can cut or hold.
 */

interface Answer {
  status: number;
  replayed: boolean;
  body: Record<string, unknown>;
}

async function order(
  base: string,
  path: "/api/order/place" | "/api/order/paymennt",
  token: string,
  body: unknown,
  key?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { token, "content-type": "application/json" };
  if (key !== undefined) headers["idempotency-key"] = key;
  const res = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return {
    status: res.status,
    replayed: res.headers.get("idempotent-replayed") === "true",
    body: (await res.json()) as Record<string, unknown>,
  };
}

const cod = (p: TestProduct, quantity = 1) =>
  orderPayload([{ product: p, quantity }], {
    price: { payment_mode: "cod", currency_code: "AED", delivery_type: "next day delivery" },
  });

let keyCounter = 0;
const newKey = () => `key-${process.pid}-${Date.now().toString(36)}-${++keyCounter}`;

describe.each(TEST_ENGINES)("Idempotency-Key on the order calls on $name", (engine) => {
  let store: ListeningStore;
  let gate: GateProxy;
  let db: ListeningStore["database"]["db"];

  beforeAll(async () => {
    gate = await createGateProxy();
    // The payment client reaches the sandbox through the gate (issue 21: it would call the server's own
    // address otherwise).
    store = await createListeningStore(engine, {
      PUBLIC_SITE_URL: gate.url,
      PAYMENNT_SANDBOX_URL: gate.url,
      COD_ENABLED: "true",
    });
    gate.target = store.base;
    db = store.database.db;
  });
  afterAll(async () => {
    await store?.close();
    await gate?.close();
  });

  const ordersOf = (userId: string) =>
    db
      .selectFrom("orders")
      .select(["id", "order_number", "status", "placed_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
  const keyRow = (userId: string, key: string) =>
    db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .executeTakeFirst();

  it("cash on delivery: a repeat answers the first answer and places nothing; another body is refused with 422", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const key = newKey();
    const first = await order(store.base, "/api/order/place", a.token, cod(p), key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    expect(first.body).toMatchObject({ success: true, message: "Order placed" });

    const again = await order(store.base, "/api/order/place", a.token, cod(p), key);
    expect(again).toEqual({ ...first, replayed: true });
    // The same order with its fields in another order, and the client's ignored figures changed.
    const reordered = JSON.parse(JSON.stringify(cod(p))) as Record<string, unknown>;
    const shuffled = Object.fromEntries(Object.entries(reordered).reverse());
    shuffled.amount = "999";
    expect((await order(store.base, "/api/order/place", a.token, shuffled, key)).body).toEqual(first.body);

    const other = await order(store.base, "/api/order/place", a.token, cod(p, 2), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      success: false,
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different order.",
    });
    // The same key on the other order call is another request too.
    const card = await order(
      store.base,
      "/api/order/paymennt",
      a.token,
      orderPayload([{ product: p, quantity: 1 }]),
      key,
    );
    expect(card.status).toBe(422);

    const orders = await ordersOf(a.id);
    expect(orders.map((o) => o.order_number)).toEqual([first.body.orderNumber]);
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 4, held: 0 });
    const row = await keyRow(a.id, key);
    expect(row).toMatchObject({ state: "done", order_id: orders[0]!.id, answer_status: 200 });
    expect(JSON.parse(row!.answer_body!)).toEqual(first.body);
  });

  it("keys are the shopper's own: another shopper's same key places their own order", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const b = await newShopper(store.base, db);
    const key = newKey();
    const first = await order(store.base, "/api/order/place", a.token, cod(p), key);
    const second = await order(store.base, "/api/order/place", b.token, cod(p, 2), key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.replayed).toBe(false);
    expect(second.body.orderNumber).not.toBe(first.body.orderNumber);
    expect((await ordersOf(a.id)).length).toBe(1);
    expect((await ordersOf(b.id)).map((o) => o.order_number)).toEqual([second.body.orderNumber]);
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 2, held: 0 });
  });

  it("without a key the calls work as before (two requests, two orders); a malformed key is refused with 400", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    expect((await order(store.base, "/api/order/place", a.token, cod(p))).status).toBe(200);
    expect((await order(store.base, "/api/order/place", a.token, cod(p))).status).toBe(200);
    expect((await ordersOf(a.id)).length).toBe(2);
    for (const bad of ["short", "x".repeat(201), "has space in it"]) {
      const res = await order(store.base, "/api/order/place", a.token, cod(p), bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: "idempotency_key_invalid",
        message: "The Idempotency-Key header must be 8 to 200 printable ASCII characters.",
      });
    }
    expect((await ordersOf(a.id)).length).toBe(2);
  });

  it("online payment: a repeat answers the same checkout, with one order, one attempt and one Paymennt checkout", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const key = newKey();
    const body = orderPayload([{ product: p, quantity: 2 }]);
    const first = await order(store.base, "/api/order/paymennt", a.token, body, key);
    expect(first.status).toBe(200);
    const again = await order(store.base, "/api/order/paymennt", a.token, body, key);
    expect(again).toEqual({ ...first, replayed: true });
    const orders = await ordersOf(a.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("Awaiting payment");
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", orders[0]!.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]!.provider_checkout_id).toBe(first.body.paymentId);
    const checkouts = await db
      .selectFrom("sandbox_checkouts")
      .select("id")
      .where("request_id", "=", payments[0]!.request_id)
      .execute();
    expect(checkouts.map((c) => c.id)).toEqual([first.body.paymentId]);
    // The repeat did not supersede the attempt it answered: it is still held, and it pays.
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 2 });
    expect((await submitCard(first.body.checkoutUrl as string)).status).toBe(303);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: a.token,
      body: { paymentId: first.body.paymentId },
    });
    expect(verified.body).toMatchObject({ success: true, status: "paid" });
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
  });

  it("a repeat while the first is still running is refused with 409 in_progress; once it answers, a repeat gets its answer", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    // An earlier attempt the shopper left open: the next one first asks the provider about it.
    expect(
      (await order(store.base, "/api/order/paymennt", a.token, orderPayload([{ product: p, quantity: 1 }])))
        .status,
    ).toBe(200);
    const key = newKey();
    const body = orderPayload([{ product: p, quantity: 3 }]);
    gate.mode = "hold";
    const firstPromise = order(store.base, "/api/order/paymennt", a.token, body, key);
    try {
      // The first request has claimed its key and waits for the provider, before its order exists.
      await gate.waitForHeld(1);
      expect(await keyRow(a.id, key)).toMatchObject({ state: "in_progress", order_id: null });
      const repeat = await order(store.base, "/api/order/paymennt", a.token, body, key);
      expect(repeat.status).toBe(409);
      expect(repeat.body).toEqual({
        success: false,
        code: "in_progress",
        message: "Your order is still being placed. Please wait a moment and try again.",
      });
      // Another body under the running key is still another body.
      expect(
        (
          await order(
            store.base,
            "/api/order/paymennt",
            a.token,
            orderPayload([{ product: p, quantity: 1 }]),
            key,
          )
        ).status,
      ).toBe(422);
    } finally {
      gate.release();
    }
    const first = await firstPromise;
    expect(first.status).toBe(200);
    const after = await order(store.base, "/api/order/paymennt", a.token, body, key);
    expect(after).toEqual({ ...first, replayed: true });
    const orders = await ordersOf(a.id);
    expect(orders.map((o) => o.status)).toEqual(["Cancelled", "Awaiting payment"]);
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 3 });
  });

  it("a claim whose process died before its order committed does not block the shopper past its time", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const key = newKey();
    const body = cod(p);
    // What a killed request leaves: its claim, and no order. First while the claim stands, then past it.
    const first = await order(store.base, "/api/order/place", a.token, body, key);
    expect(first.status).toBe(200);
    const stale = await keyRow(a.id, key);
    const at = new Date().toISOString();
    const abandoned = {
      ...stale!,
      key: newKey(),
      state: "in_progress" as const,
      order_id: null,
      answer_status: null,
      answer_body: null,
      claimed_until: new Date(Date.now() + 60_000).toISOString(),
      created_at: at,
    };
    await db.insertInto("idempotency_keys").values(abandoned).execute();
    expect((await order(store.base, "/api/order/place", a.token, body, abandoned.key)).status).toBe(409);
    await db
      .updateTable("idempotency_keys")
      .set({ claimed_until: new Date(Date.now() - 1000).toISOString() })
      .where("key", "=", abandoned.key)
      .execute();
    const taken = await order(store.base, "/api/order/place", a.token, body, abandoned.key);
    expect(taken.status).toBe(200);
    expect(taken.body.orderNumber).not.toBe(first.body.orderNumber);
    expect((await ordersOf(a.id)).length).toBe(2);
    expect(await keyRow(a.id, abandoned.key)).toMatchObject({ state: "done" });
  });

  it("a 5xx (the provider cannot be reached) stores no answer: the retry with the same key runs afresh and succeeds", async () => {
    const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const a = await newShopper(store.base, db);
    const key = newKey();
    const body = orderPayload([{ product: p, quantity: 1 }]);
    gate.mode = "cut";
    const failed = await order(store.base, "/api/order/paymennt", a.token, body, key).finally(() => {
      gate.mode = "pass";
    });
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe("payment_unavailable");
    expect((await keyRow(a.id, key))?.answer_body ?? null).toBeNull();
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });

    const retry = await order(store.base, "/api/order/paymennt", a.token, body, key);
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBe(false);
    expect((await ordersOf(a.id)).map((o) => o.status)).toEqual(["Cancelled", "Awaiting payment"]);
    expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 1 });
    expect(await order(store.base, "/api/order/paymennt", a.token, body, key)).toEqual({
      ...retry,
      replayed: true,
    });
  });

  it("keys past their day are cleaned up by the reconciliation pass", async () => {
    const a = await newShopper(store.base, db);
    const at = new Date(Date.now() - 25 * 3600_000).toISOString();
    await db
      .insertInto("idempotency_keys")
      .values({
        user_id: a.id,
        key: newKey(),
        request_hash: "x",
        state: "done",
        claim: "c",
        claimed_until: null,
        order_id: null,
        payment_id: null,
        answer_status: 200,
        answer_body: "{}",
        created_at: at,
        expires_at: new Date(Date.now() - 3600_000).toISOString(),
      })
      .execute();
    await store.services.orders.reconcile();
    const left = await db.selectFrom("idempotency_keys").select("key").where("user_id", "=", a.id).execute();
    expect(left).toEqual([]);
  });
});

describe("the request's identity", () => {
  it("is the same for the same object whatever its key order, and differs for another value", () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: "é" }], c: undefined })).toBe(
      '{"a":[{"x":"é","y":2}],"b":1}',
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });
});

describe("the API reference", () => {
  it("declares the Idempotency-Key header and the 409 and 422 answers on both order calls", async () => {
    const store = await createTestStore(TEST_ENGINES[0]!);
    try {
      const doc = (await store.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
        paths: Record<
          string,
          {
            post: {
              parameters?: { in: string; name: string; required?: boolean; description?: string }[];
              responses: Record<string, { description: string }>;
            };
          }
        >;
      };
      for (const path of ["/api/order/paymennt", "/api/order/place"]) {
        const op = doc.paths[path]!.post;
        const header = op.parameters?.find((p) => p.in === "header" && p.name === "idempotency-key");
        expect(header).toMatchObject({ required: false });
        expect(header?.description).toContain("same key with another body is refused (422)");
        expect(op.responses["409"]?.description).toContain("in_progress");
        expect(op.responses["422"]?.description).toContain("idempotency_key_reused");
      }
    } finally {
      await store.close();
    }
  });
});
