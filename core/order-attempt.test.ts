import { describe, expect, it } from "vitest";
import {
  endsOrderAttempt,
  forgetOrderAttempt,
  ORDER_ATTEMPT_STORAGE_KEY,
  orderAttemptKey,
  orderFingerprint,
} from "./order-attempt.ts";

/** sessionStorage's three methods over a Map. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("the checkout's Idempotency-Key", () => {
  const body = {
    address: { first_name: "Amal", city: "Dubai" },
    line_items: [{ product_id: "p1", sku_id: "s1", quantity: "1" }],
    price: { payment_mode: "cod" },
  };
  let counter = 0;
  const make = () => `key-${++counter}-0123456789`;

  it("keeps one key across an attempt's retries and makes a new one when the cart, address or method changes", () => {
    const storage = memoryStorage();
    const fp = orderFingerprint("/api/order/place", body);
    const first = orderAttemptKey(fp, storage, make);
    expect(orderAttemptKey(orderFingerprint("/api/order/place", structuredClone(body)), storage, make)).toBe(
      first,
    );
    expect(JSON.parse(storage.map.get(ORDER_ATTEMPT_STORAGE_KEY)!)).toEqual({ fingerprint: fp, key: first });

    const changes = [
      orderFingerprint("/api/order/place", {
        ...body,
        line_items: [{ ...body.line_items[0], quantity: "2" }],
      }),
      orderFingerprint("/api/order/place", { ...body, address: { ...body.address, city: "Sharjah" } }),
      orderFingerprint("/api/order/paymennt", { ...body, price: { payment_mode: "online" } }),
    ];
    const keys = changes.map((f) => orderAttemptKey(f, storage, make));
    expect(new Set([first, ...keys]).size).toBe(4);
    // The last change is now the attempt: its key is kept.
    expect(orderAttemptKey(changes[2]!, storage, make)).toBe(keys[2]);
  });

  it("ends an attempt on an answer (success or refusal), and keeps it when the outcome is open", () => {
    expect(endsOrderAttempt({ status: 200 })).toBe(true);
    expect(endsOrderAttempt({ status: 409, code: "out_of_stock" })).toBe(true);
    expect(endsOrderAttempt({ status: 400, code: "validation" })).toBe(true);
    expect(endsOrderAttempt({ status: 0 })).toBe(false);
    expect(endsOrderAttempt({ status: 502, code: "payment_unavailable" })).toBe(false);
    expect(endsOrderAttempt({ status: 503, code: "busy" })).toBe(false);
    expect(endsOrderAttempt({ status: 409, code: "in_progress" })).toBe(false);

    const storage = memoryStorage();
    const fp = orderFingerprint("/api/order/place", body);
    const first = orderAttemptKey(fp, storage, make);
    forgetOrderAttempt(storage);
    expect(orderAttemptKey(fp, storage, make)).not.toBe(first);
  });

  it("works without storage (a new key each time) and replaces an unreadable entry", () => {
    const fp = orderFingerprint("/api/order/place", body);
    expect(orderAttemptKey(fp, undefined, make)).not.toBe(orderAttemptKey(fp, undefined, make));
    const storage = memoryStorage();
    storage.setItem(ORDER_ATTEMPT_STORAGE_KEY, "{not json");
    const key = orderAttemptKey(fp, storage, make);
    expect(orderAttemptKey(fp, storage, make)).toBe(key);
    expect(orderAttemptKey(fp, undefined)).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
