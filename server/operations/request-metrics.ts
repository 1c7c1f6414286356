import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { metrics, pageRoute, statusClass } from "./metrics.ts";

/** The pattern a request is counted under: Fastify's route, or for pages the page's own pattern. */
function routeOf(request: FastifyRequest, status: number): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return "(not found)";
  if ((request.routeOptions.config as { page?: boolean } | undefined)?.page)
    return pageRoute(request.url, status);
  if (pattern.startsWith("/assets/")) return "/assets/*";
  return pattern;
}

/** Times every answer Fastify gives (issue 27: latency by route). */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route: routeOf(request, status), status: statusClass(status) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Times a cached answer written before Fastify saw the request (response-cache.ts's fast path). */
export function observeRawHit(req: IncomingMessage, status: number, startedAt: number) {
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  const route = path.startsWith("/api/review/product/")
    ? "/api/review/product/:productId"
    : path.startsWith("/api/")
      ? path
      : pageRoute(url, status);
  metrics.requestDuration.observe(
    { method: req.method ?? "GET", route, status: statusClass(status) },
    (performance.now() - startedAt) / 1000,
  );
}
