import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { findBadAddressText } from "./input-guard.ts";
import { type CacheSlot, inlineScriptHashes } from "./response-cache.ts";
import type { Services } from "./services/index.ts";

/** The slice of React Router's server build this process relies on. */
type StoreServerBuild = ServerBuild & {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      servicesContext: RouterContext<Services>;
      cspNonceContext: RouterContext<string>;
      clientIpContext: RouterContext<string>;
      incomingRequestContext: RouterContext<import("node:http").IncomingMessage | undefined>;
    };
  };
};

/**
 * The page's Content-Security-Policy: scripts only from this origin or carrying this response's nonce
 * (React Router's inline hydration scripts get it), plus Google's sign-in script. A page kept in the
 * response cache names its inline scripts by their hashes instead, so its bytes are the same for all.
 */
export function contentSecurityPolicy(nonce: string | { hashes: string[] }): string {
  const inline = typeof nonce === "string" ? [`'nonce-${nonce}'`] : nonce.hashes;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline, "https://accounts.google.com/gsi/client"].join(" "),
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' https://accounts.google.com/gsi/",
    "frame-src https://accounts.google.com/gsi/",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Builds the handler every non-API path goes to. The services travel in React Router's load context
 * so loaders call them in-process. The context key comes from the build itself (app/entry.server.tsx
 * re-exports it), because the bundled app holds its own copy of app/lib/context.ts.
 */
export function createSsrHandler(
  loadBuild: () => Promise<StoreServerBuild>,
  mode: string,
  services: Services,
  cacheSlotOf: (request: FastifyRequest) => CacheSlot | undefined = () => undefined,
) {
  let build: StoreServerBuild | undefined;
  const handle = createRequestHandler(async () => {
    build = await loadBuild();
    return build;
  }, mode);

  async function ssr(request: FastifyRequest, reply: FastifyReply) {
    // An address with text that is not text (a NUL, an unpaired surrogate) names no page: SPEC's
    // not-found page, as a 400, before any loader takes it to the database (decision 0020).
    if (findBadAddressText(request) !== undefined) return statusPage(request, reply, 400);
    return render(request, reply, toFetchRequest(request, reply));
  }

  /**
   * SPEC's not-found page in the address's language, with `status` (400 for an address that cannot be
   * read, 404 for one naming nothing), whatever the address and method were: none of it reaches a loader.
   */
  async function statusPage(request: FastifyRequest, reply: FastifyReply, status: number) {
    const arabic = /^\/ar(?:[/?#]|$)/.test(request.url);
    const origin = `${request.protocol}://${request.host}`;
    const page = new Request(new URL(arabic ? "/ar/404" : "/404", origin), {
      headers: { accept: "text/html", cookie: String(request.headers.cookie ?? "") },
    });
    return render(request, reply, page, status);
  }

  /** Renders `page`; with `status`, under that status and never for the response cache. */
  async function render(request: FastifyRequest, reply: FastifyReply, page: Request, status?: number) {
    if (!build || mode === "development") build = await loadBuild();
    const context = new RouterContextProvider();
    context.set(build.entry.module.servicesContext, services);
    context.set(build.entry.module.clientIpContext, request.ip);
    // Per-visitor facts (issue 21) for private pages only: a cached page is rendered without them.
    if (cacheSlotOf(request) === undefined)
      context.set(build.entry.module.incomingRequestContext, request.raw);
    const cached =
      status === undefined &&
      mode === "production" &&
      request.method === "GET" &&
      cacheSlotOf(request) !== undefined;
    if (mode === "production" && !cached) {
      // Vite's dev server injects its own inline scripts, so the policy applies to the built app only.
      const nonce = randomBytes(16).toString("base64");
      context.set(build.entry.module.cspNonceContext, nonce);
      reply.header("content-security-policy", contentSecurityPolicy(nonce));
    }
    const response = await handle(page, context);
    if (!cached || !response.body) return sendFetchResponse(reply, response, status);
    // A page for the response cache is rendered whole, then its inline scripts are allowed by hash.
    const body = await response.text();
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      reply.header("content-security-policy", contentSecurityPolicy({ hashes: inlineScriptHashes(body) }));
    }
    copyHeaders(reply, response);
    return reply.send(body);
  }

  return Object.assign(ssr, { statusPage });
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  });
}

function copyHeaders(reply: FastifyReply, response: Response, status = response.status) {
  reply.status(status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

function sendFetchResponse(reply: FastifyReply, response: Response, status?: number) {
  copyHeaders(reply, response, status);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

export type { StoreServerBuild };
