import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** Helmet's defaults, less the content security policy (pages set their own) and COEP; same-origin referrers. */
const EXPECTED = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "same-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(TEST_ENGINES[0]!, { pages: true });
  });
  afterAll(() => store.close());

  it("go out on JSON, pages, cached answers, refusals and unknown paths alike", async () => {
    const answers = [
      await store.app.inject({ method: "GET", url: "/healthz" }),
      await store.app.inject({ method: "GET", url: "/about" }),
      await store.app.inject({ method: "GET", url: "/about" }), // a hit from the response cache
      await store.app.inject({ method: "POST", url: "/api/order/userorders", payload: {} }), // no token
      await store.app.inject({ method: "GET", url: "/api/no-such-call" }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404]);
    expect(answers[2]!.headers["x-cache"]).toBe("hit");
    for (const answer of answers) expect(answer.headers).toMatchObject(EXPECTED);
    // Pages carry their own policy; JSON needs none.
    expect(answers[1]!.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(answers[0]!.headers["content-security-policy"]).toBeUndefined();
  });
});
