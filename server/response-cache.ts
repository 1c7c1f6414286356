import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ANNOUNCEMENT_COOKIE } from "#core/constants.ts";
import type { CatalogVersionWatch } from "./db/repositories/catalog-version.ts";
import { newId } from "./ids.ts";
import { metrics } from "./operations/metrics.ts";
import { recordingProductsShown } from "./products-shown.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Public pages and public API answers, kept in memory by URL and catalog version (docs/decisions/
 * 0011-speed.md). Only GET answers of the routes listed here are ever stored: none of them reads the
 * `token` header, and the only cookie a page reads (the announcement's dismissal) is part of the key.
 * Every catalog write bumps the version, so an entry made before it is never served after it; a stock
 * change drops only the entries that show its products (decision 0037).
 */
const PUBLIC_PAGE =
  /^(?:\/ar)?(?:\/|\/_root\.data|\/ar\.data|\/(?:about|terms|privacy|shipping|returns|contact|stitching-service|shop|blog)(?:\.data)?|\/(?:product|blog)\/[^/?.]+(?:\.data)?)$/;
const PUBLIC_API = /^\/api\/(?:product\/list|blog\/list|review\/product\/[^/?]+)$/;
/** Answers a browser may keep but must re-check (cheap: a 304) and a shared cache (CDN) may store. */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** Pages that are not cached here are not stored by shared caches either. */
const PRIVATE_CACHE_CONTROL = "private, no-cache";
/** Kept answers are compressed once, not per request, so smaller ones than server/app.ts compresses pay. */
const COMPRESS_THRESHOLD = 1024;
/** How long a request waits for the same answer being rendered by another before rendering itself. */
const FOLLOW_TIMEOUT_MS = 5_000;

export type CacheKind = "page" | "api";

export interface CacheSlot {
  kind: CacheKind;
  key: string;
  version: string;
  /** The last stock change known when the render began: the answer shows at least that. */
  stockSeq: number;
  /** The products the render showed (server/products-shown.ts). */
  products: Set<string>;
}

interface Entry {
  kind: CacheKind;
  version: string;
  stockSeq: number;
  products: string[];
  status: number;
  /** Every header of a hit but its length, encoding and request id (the security headers included). */
  headers: OutgoingHttpHeaders;
  etag: string;
  raw: Buffer;
  /** The compressed copies once made (until then a hit is sent uncompressed). */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  bytes: number;
  /** When it last answered (a tick of this cache's clock), so eviction takes the least recently used. */
  used: number;
}

export interface ResponseCacheOptions {
  watch: CatalogVersionWatch;
  maxEntries?: number;
  maxBytes?: number;
}

/** Headers that belong to one response, never to what is stored. */
const VOLATILE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "x-request-id",
  "x-cache",
  "date",
  "connection",
  "keep-alive",
  "set-cookie",
]);

function pathOf(url: string): { path: string; query: string } {
  const q = url.indexOf("?");
  return q === -1 ? { path: url, query: "" } : { path: url.slice(0, q), query: url.slice(q) };
}

function announcementDismissed(headers: IncomingHttpHeaders): boolean {
  const cookie = headers.cookie;
  return typeof cookie === "string" && cookie.split(/;\s*/).includes(`${ANNOUNCEMENT_COOKIE}=1`);
}

/** The cache's kind and key for a request, or undefined when its answer is never stored. */
export function cacheKeyFor(method: string, url: string, headers: IncomingHttpHeaders) {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const { path, query } = pathOf(url);
  if (PUBLIC_API.test(path)) return { kind: "api" as const, key: `api ${path}${query}` };
  if (PUBLIC_PAGE.test(path)) {
    return { kind: "page" as const, key: `page ${announcementDismissed(headers) ? 1 : 0} ${path}${query}` };
  }
  return undefined;
}

function acceptedEncoding(headers: IncomingHttpHeaders): "br" | "gzip" | undefined {
  const accept = headers["accept-encoding"];
  if (typeof accept !== "string") return undefined;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return undefined;
}

function varyFor(kind: CacheKind): string {
  // A page's HTML depends on the announcement cookie; the API's answers on nothing but the URL.
  return kind === "page" ? "Accept-Encoding, Cookie" : "Accept-Encoding";
}

export function createResponseCache(options: ResponseCacheOptions) {
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const slots = new WeakMap<FastifyRequest, CacheSlot>();
  /** Renders under way, so that a crowd asking for the same answer waits for one render. */
  const rendering = new Map<string, { version: string; done: Promise<void>; finish: () => void }>();
  let bytes = 0;
  /** Counts answers; marking an entry with it costs a hit far less than moving it in the Map. */
  let clock = 0;
  let hits = 0;
  let misses = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(slot: CacheSlot, status: number, replyHeaders: Record<string, unknown>, body: Buffer) {
    remove(slot.key);
    const etag =
      typeof replyHeaders.etag === "string"
        ? replyHeaders.etag
        : `"${createHash("sha1").update(body).digest("base64url")}"`;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(replyHeaders)) {
      if (!VOLATILE_HEADERS.has(name) && (typeof value === "string" || typeof value === "number"))
        headers[name] = value;
    }
    Object.assign(headers, {
      etag,
      "cache-control": PUBLIC_CACHE_CONTROL,
      vary: varyFor(slot.kind),
      "x-cache": "hit",
    });
    const entry: Entry = {
      kind: slot.kind,
      version: slot.version,
      stockSeq: slot.stockSeq,
      products: [...slot.products],
      status,
      headers,
      etag,
      raw: body,
      br: undefined,
      gzip: undefined,
      bytes: body.length,
      used: ++clock,
    };
    if (body.length >= COMPRESS_THRESHOLD) {
      // Compressed once, off the event loop; brotli at quality 5 is close to gzip -9 in size, many times
      // faster than quality 11, and this runs again after every catalog write.
      const br = brotli(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      void Promise.all([br, gzipAsync(body, { level: 6 })]).then(
        ([b, g]) => {
          if (entries.get(slot.key) !== entry) return;
          entry.br = b;
          entry.gzip = g;
          entry.bytes += b.length + g.length;
          bytes += b.length + g.length;
          evict();
        },
        () => remove(slot.key),
      );
    }
    entries.set(slot.key, entry);
    bytes += entry.bytes;
    evict();
    return entry;
  }

  function evict() {
    while (entries.size > maxEntries || bytes > maxBytes) {
      let oldest: string | undefined;
      let oldestUse = Number.POSITIVE_INFINITY;
      for (const [key, entry] of entries) {
        if (entry.used < oldestUse) {
          oldest = key;
          oldestUse = entry.used;
        }
      }
      if (oldest === undefined) return;
      metrics.cache.inc({ event: "eviction", kind: entries.get(oldest)!.kind });
      remove(oldest);
    }
  }

  /** Writes a hit: 304 when the client holds these bytes, else the body in the best encoding made. */
  function write(
    requestHeaders: IncomingHttpHeaders,
    method: string | undefined,
    res: ServerResponse,
    entry: Entry,
    extra: OutgoingHttpHeaders,
  ) {
    hits += 1;
    metrics.cache.inc({ event: "hit", kind: entry.kind });
    if (requestHeaders["if-none-match"] === entry.etag) {
      res.writeHead(304, { ...extra, ...entry.headers });
      res.end();
      return;
    }
    const encoding = acceptedEncoding(requestHeaders);
    const compressed = encoding ? entry[encoding] : undefined;
    const body = compressed ?? entry.raw;
    const headers: OutgoingHttpHeaders = { ...extra, ...entry.headers, "content-length": body.length };
    if (compressed) headers["content-encoding"] = encoding;
    res.writeHead(entry.status, headers);
    res.end(method === "HEAD" ? undefined : body);
  }

  /** Rendered under this version, and none of the products it shows has changed stock since. */
  function valid(entry: Entry | undefined, version: string): boolean {
    return entry?.version === version && !options.watch.stockChangedSince(entry.products, entry.stockSeq);
  }

  /** The entry that answers this request now, without waiting for anything; undefined when unsure. */
  function current(key: string, version: string | undefined): Entry | undefined {
    if (version === undefined) return undefined;
    const entry = entries.get(key);
    if (!entry || !valid(entry, version)) return undefined;
    entry.used = ++clock;
    return entry;
  }

  function finishRendering(slot: CacheSlot) {
    const pending = rendering.get(slot.key);
    if (pending && pending.version === slot.version) {
      rendering.delete(slot.key);
      pending.finish();
    }
  }

  return {
    /** The slot a cacheable request renders into (set by the onRequest hook on a miss). */
    slotOf(request: FastifyRequest): CacheSlot | undefined {
      return slots.get(request);
    },

    stop(): Promise<void> {
      return options.watch.stop();
    },

    /** Forgets every entry (PostgreSQL's listener reconnected: a write may have gone unannounced). */
    clear() {
      entries.clear();
      bytes = 0;
    },

    stats() {
      return { entries: entries.size, bytes, hits, misses };
    },

    /**
     * The fast path, before Fastify: a hit whose version is known without a query is written straight
     * to the socket; anything else (a miss, a write in this process a moment ago) goes on to Fastify.
     */
    serveRaw(req: IncomingMessage, res: ServerResponse): boolean {
      const found = cacheKeyFor(req.method ?? "", req.url ?? "", req.headers);
      if (!found) return false;
      const entry = current(found.key, options.watch.peek());
      if (!entry) return false;
      const incoming = req.headers["x-request-id"];
      write(req.headers, req.method, res, entry, {
        "x-request-id": typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : newId(),
      });
      return true;
    },

    register(app: FastifyInstance) {
      // A render for the cache notes the products it shows into its slot (every handler runs in scope).
      app.addHook("onRoute", (route) => {
        const handler = route.handler;
        route.handler = function (this: FastifyInstance, request, reply) {
          const slot = slots.get(request);
          if (!slot) return handler.call(this, request, reply);
          return recordingProductsShown(slot.products, () => handler.call(this, request, reply));
        };
      });

      app.addHook("onRequest", async (request, reply) => {
        const found = cacheKeyFor(request.method, request.url, request.headers);
        if (!found) return;
        const version = await options.watch.current();
        let entry = entries.get(found.key);
        let learnt = false;
        for (let waits = 0; !valid(entry, version) && waits < 3; ) {
          const pending = rendering.get(found.key);
          if (pending && pending.version === version) {
            // Someone is rendering this very answer: wait for it rather than render it again.
            await Promise.race([pending.done, new Promise((r) => setTimeout(r, FOLLOW_TIMEOUT_MS).unref())]);
            waits += 1;
          } else if (entry?.version === version && !learnt) {
            // A stock change it shows may have committed since the last read: read it, so the next
            // render's stamp covers it and its answer is served to the crowd behind (decision 0037).
            await options.watch.learn();
            learnt = true;
          } else break;
          entry = entries.get(found.key);
        }
        if (entry && valid(entry, version)) {
          entry.used = ++clock;
          reply.hijack();
          write(request.headers, request.method, reply.raw, entry, {
            ...(reply.getHeaders() as OutgoingHttpHeaders),
            "x-request-id": request.id,
          });
          return reply;
        }
        misses += 1;
        metrics.cache.inc({ event: "miss", kind: found.kind });
        const slot: CacheSlot = {
          ...found,
          version,
          stockSeq: options.watch.stockSeq(),
          products: new Set(),
        };
        slots.set(request, slot);
        if (request.method === "GET" && !rendering.has(found.key)) {
          let finish!: () => void;
          const done = new Promise<void>((resolve) => {
            finish = resolve;
          });
          rendering.set(found.key, { version, done, finish });
        }
      });

      // Runs before @fastify/compress's route-level hook, so it sees the uncompressed answer.
      app.addHook("onSend", async (request, reply, payload) => {
        const slot = slots.get(request);
        if (!slot) {
          if (!reply.hasHeader("cache-control") && !request.url.startsWith("/assets/")) {
            if (
              request.url.startsWith("/api/") ||
              reply.getHeader("content-type")?.toString().startsWith("text/html")
            )
              reply.header("cache-control", PRIVATE_CACHE_CONTROL);
          }
          return payload;
        }
        reply.header("cache-control", PUBLIC_CACHE_CONTROL);
        reply.header("vary", varyFor(slot.kind));
        reply.header("x-cache", "miss");
        const storable =
          request.method === "GET" &&
          reply.statusCode === 200 &&
          !reply.hasHeader("set-cookie") &&
          (typeof payload === "string" || Buffer.isBuffer(payload));
        if (storable) {
          const body = typeof payload === "string" ? Buffer.from(payload) : (payload as Buffer);
          reply.header("etag", store(slot, reply.statusCode, reply.getHeaders(), body).etag);
        }
        finishRendering(slot);
        return payload;
      });

      app.addHook("onResponse", async (request) => {
        const slot = slots.get(request);
        if (slot) finishRendering(slot);
      });
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * The page's script policy when it is cached: the hashes of its inline scripts instead of a nonce, so
 * the same bytes can be sent to every shopper (and stored by a CDN) and still run nothing else.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!).digest("base64")}'`);
  }
  return [...hashes];
}
