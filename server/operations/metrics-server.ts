import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { AggregatorRegistry } from "prom-client";
import { registry } from "./metrics.ts";

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** Required as `Authorization: Bearer <token>` when set. */
  token?: string;
  /** The cluster's primary: ask every worker and sum their figures, instead of this process's own. */
  cluster?: boolean;
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus's text format on a port of its own (issue 27), never the shop's port: the
 * load balancer forwards only the shop's, so the public cannot reach it, and a scrape never waits behind
 * shoppers. Anything else is a 404; a missing or wrong token a 401.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<Server> {
  const aggregator = options.cluster ? new AggregatorRegistry() : undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    if (!authorized(req.headers.authorization, options.token)) {
      res
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" })
        .end("Unauthorized\n");
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    text.then(
      (body) =>
        res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(body),
      (error: unknown) =>
        res.writeHead(500, { "content-type": "text/plain" }).end(`Metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.unref();
  return server;
}
