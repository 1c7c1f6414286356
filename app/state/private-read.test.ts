import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { peekPrivate, readPrivate, retryDelay } from "./private-read";

/** A real HTTP server that answers each path with a scripted list of statuses, then 200. */
let server: Server;
let base: string;
const hits = new Map<string, number>();
const scripts: Record<string, number[]> = {
  "/flaky": [503, 0, 200],
  "/refused": [400],
  "/down": [500, 500, 500, 500, 500],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/echo") {
      // Answers with the body it was sent, as can-review answers for the product it is asked about.
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: true, asked: JSON.parse(body || "null") }));
      });
      return;
    }
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const status = scripts[path]?.[n] ?? 200;
    if (status === 0) {
      // A dropped connection: the browser's fetch fails with a network error.
      req.socket.destroy();
      return;
    }
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        status === 200
          ? { success: true, wishlist: [path] }
          : { success: false, message: `status ${status}` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls the store's own paths (typed by core/api-operations.ts); here they reach this server,
  // the query naming the script it answers with.
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) =>
    realFetch(`${base}/${new URL(path, base).search.slice(1)}`, init),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("private reads (SPEC §9 library defaults)", () => {
  it("doubles the delay from 1 s and never waits more than 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it("retries a failed read (5xx, network) and keeps the answer 5 minutes", async () => {
    const waits: number[] = [];
    const result = await readPrivate("/api/wishlist?flaky", {}, async (ms) => {
      waits.push(ms);
    });
    expect(result).toMatchObject({ success: true, wishlist: ["/flaky"] });
    expect(hits.get("/flaky")).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(peekPrivate("/api/wishlist?flaky")).toMatchObject({ wishlist: ["/flaky"] });
  });

  it("gives up after 3 retries, and never retries a refusal", async () => {
    const waits: number[] = [];
    const down = await readPrivate("/api/wishlist?down", {}, async (ms) => {
      waits.push(ms);
    });
    expect(down).toMatchObject({ success: false, status: 500, message: "status 500" });
    expect(hits.get("/down")).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);

    const refused = await readPrivate("/api/wishlist?refused", {}, async () => {
      throw new Error("a refusal must not be retried");
    });
    expect(refused).toMatchObject({ success: false, status: 400 });
    expect(hits.get("/refused")).toBe(1);
    expect(peekPrivate("/api/wishlist?refused")).toBeUndefined();
  });

  it("keeps the answers to one call with different bodies apart", async () => {
    await readPrivate("/api/review/can-review?echo", { body: { productId: "a" } });
    await readPrivate("/api/review/can-review?echo", { body: { productId: "b" } });
    expect(peekPrivate("/api/review/can-review?echo", { productId: "a" })).toMatchObject({
      asked: { productId: "a" },
    });
    expect(peekPrivate("/api/review/can-review?echo", { productId: "b" })).toMatchObject({
      asked: { productId: "b" },
    });
  });
});
