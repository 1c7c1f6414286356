import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { trace } from "@opentelemetry/api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import {
  activeTracer,
  requestTracingPlugin,
  startConfiguredTracing,
  tracesUrl,
} from "./telemetry/tracing.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore } from "./testing/store.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/** A tiny OTLP receiver: every request posted to it, with its path, content type and body. */
interface Receiver {
  url: string;
  posts: { path: string; type: string; body: Buffer }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const posts: Receiver["posts"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "POST")
        posts.push({
          path: req.url ?? "",
          type: String(req.headers["content-type"]),
          body: Buffer.concat(chunks),
        });
      // An empty ExportTraceServiceResponse: everything accepted.
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A GET on a connection of its own (no keep-alive), so that the cluster hands each to the next worker. */
function statusOnFreshConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }).on("error", reject);
  });
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("without an OTLP endpoint", () => {
  it("starts nothing: no tracer, no request plugin, pg unpatched, and a serving store records no span", async () => {
    const config = loadConfig({ DATABASE_URL: "file::memory:" });
    expect(tracesUrl(config)).toBeUndefined();
    expect(await startConfiguredTracing(config)).toBeUndefined();
    expect(activeTracer()).toBeUndefined();
    expect(requestTracingPlugin()).toBeUndefined();

    const store = await createTestStore(TEST_ENGINES[0]!, { env: { SEED_DEMO: "false" } });
    try {
      const res = await store.app.inject({ method: "GET", url: "/api/product/list" });
      expect(res.statusCode).toBe(200);
    } finally {
      await store.close();
    }
    // The global provider is still OpenTelemetry's no-op one: a span started anywhere records nothing.
    expect(trace.getTracer("probe").startSpan("probe").isRecording()).toBe(false);
    expect(Object.hasOwn(pg.Client.prototype.query, "__wrapped")).toBe(false);
  });

  it("reads the traces URL from the standard variables", () => {
    const base = { DATABASE_URL: "file::memory:" };
    expect(tracesUrl(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }))).toBe(
      "http://collector:4318/v1/traces",
    );
    expect(
      tracesUrl(
        loadConfig({
          ...base,
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:9999/in",
        }),
      ),
    ).toBe("http://traces:9999/in");
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "collector" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an absolute URL/,
    );
  });
});

describe.each(TEST_ENGINES)("an OTLP endpoint on $name", (engine) => {
  let receiver: Receiver;
  let database: { url: string; drop(): Promise<void> };
  let store: StoreProcess | undefined;
  const running = () => store!;

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await engine.create();
    store = await startStoreProcess(database.url, {
      workers: 2,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: "otlp-test-shop" },
    });
  }, 240_000);
  afterAll(async () => {
    await stopStoreProcess(store);
    await receiver?.close();
    await database?.drop();
  });

  it("receives every cluster worker's spans over HTTP/protobuf, the last ones flushed when the store stops on SIGTERM", async () => {
    const store = running();
    // Node hands connections to the workers in turn: fresh connections reach both.
    for (let i = 1; i <= 4; i++)
      expect(await statusOnFreshConnection(`${store.base}/api/product/list?page=${i}`)).toBe(200);
    // Spans wait in their batch (5 s): none has left yet; they leave when the workers stop.
    expect(receiver.posts).toHaveLength(0);
    store.child.kill("SIGTERM");
    expect(await store.exited).toEqual({ code: 0, signal: null });

    expect(receiver.posts.length).toBeGreaterThan(0);
    for (const post of receiver.posts) {
      expect(post.path).toBe("/v1/traces");
      expect(post.type).toBe("application/x-protobuf");
    }
    // Protobuf writes strings as their UTF-8 bytes: the service, the request's and the queries' spans.
    const sent = Buffer.concat(receiver.posts.map((p) => p.body)).toString("latin1");
    expect(sent).toContain("otlp-test-shop");
    expect(sent).toContain("GET /api/product/list");
    expect(sent).toContain(engine.name === "postgres" ? "pg.query:SELECT" : "sqlite SELECT");
    // Each worker started its own SDK (its service.instance.id); the primary, which serves nothing, none.
    const instances = new Set(
      [...sent.matchAll(new RegExp(`${literally(hostname())}-(\\d+)`, "g"))].map((m) => m[1]),
    );
    expect(instances.size).toBe(2);
    expect(instances.has(String(store.child.pid))).toBe(false);
  }, 60_000);
});
