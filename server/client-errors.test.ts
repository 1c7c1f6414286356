import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** Requests Node's HTTP parser refuses never reach a route; they must still answer in the API's shape. */
describe.each(TEST_ENGINES)("requests refused before routing on $name", (engine) => {
  let store: TestStore;
  let base: string;
  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    await store.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("answers headers too large with 431 and { success: false, message }", async () => {
    const res = await fetch(`${base}/api/product/list`, { headers: { cookie: `a=${"x".repeat(40_000)}` } });
    expect(res.status).toBe(431);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: false,
      message: "The request headers are too large. Please clear this site's cookies and try again.",
    });
    // The server goes on answering.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
