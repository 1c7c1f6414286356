import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { pino } from "pino";
import { ErrorResponseSchema } from "#core/schemas/api.schema.ts";
import type { Config } from "./config.ts";
import { declarePlatformRefusals, enforceContract } from "./contract.ts";
import type { DatabaseHandle } from "./db/connection.ts";
import { watchCatalogVersion } from "./db/repositories/catalog-version.ts";
import {
  answerClientError,
  answerError,
  answerNotFound,
  answerUnroutable,
  type StatusPage,
} from "./error-answers.ts";
import { zodValidator } from "./http-errors.ts";
import { newId } from "./ids.ts";
import { registerInputGuards } from "./input-guard.ts";
import { serializeRequest } from "./log-redaction.ts";
import { mediaStoreFor, registerMediaRoutes } from "./media.ts";
import { databaseProbe, registerHealthRoutes } from "./operations/health.ts";
import { probeDatabase } from "./operations/metrics.ts";
import { observeRawHit, registerRequestMetrics } from "./operations/request-metrics.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { createResponseCache, type ResponseCache } from "./response-cache.ts";
import addressRoutes from "./routes/api/address.ts";
import adminRoutes from "./routes/api/admin/index.ts";
import blogRoutes from "./routes/api/blog.ts";
import cartRoutes from "./routes/api/cart.ts";
import contactRoutes from "./routes/api/contact.ts";
import measurementRoutes from "./routes/api/measurements.ts";
import orderRoutes from "./routes/api/order.ts";
import productRoutes from "./routes/api/product.ts";
import quoteRoutes from "./routes/api/quotes.ts";
import returnRoutes from "./routes/api/returns.ts";
import reviewRoutes from "./routes/api/review.ts";
import stitchingRoutes from "./routes/api/stitching.ts";
import userRoutes from "./routes/api/user.ts";
import webhookRoutes from "./routes/api/webhooks.ts";
import wishlistRoutes from "./routes/api/wishlist.ts";
import { registerDevRoutes } from "./routes/dev.ts";
import { registerPageSessionRoutes } from "./routes/page-session.ts";
import { registerPaymentSandbox } from "./routes/sandbox-paymennt.ts";
import { registerSeoRoutes } from "./routes/seo.ts";
import { securityHeaders } from "./security-headers.ts";
import { createServices, type Services, sandboxCredentials } from "./services/index.ts";
import { createSsrHandler, type StoreServerBuild } from "./ssr.ts";
import { requestTracingPlugin } from "./telemetry/tracing.ts";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** production: serve build/; development: Vite middleware with hot reload; false: API only. */
  ssr?: "production" | "development" | false;
  logger?: FastifyServerOptions["logger"];
  buildDir?: string;
  /**
   * Payment reconciliation and mail retries on timers (default true). With several server processes
   * only one runs them (server/main.ts); each job also claims its rows, so a second would do no harm.
   */
  backgroundJobs?: boolean;
}

export interface StoreApp {
  app: FastifyInstance;
  services: Services;
  /** The in-memory cache of public pages and API answers (absent with Vite's dev server). */
  cache: ResponseCache | undefined;
}

const security = securityHeaders();

/**
 * One log line per request, written when it is answered, with what Fastify's two lines (on arrival and
 * on answer) carried between them: a busy store formats and writes half the lines (decision 0014).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/**
 * Standard output, written a few lines at a time: a busy store's log cost a write call per line (16 % of
 * the payment sandbox's CPU under the order bench; decision 0014). Lines wait at most half a second, and
 * pino writes what is left synchronously when the process exits, however it exits but SIGKILL. Each write
 * stays within 4 KB, which a pipe keeps whole, so the lines of several worker processes never mix.
 */
function logDestination() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 2048, maxWrite: 4096 });
  const timer = setInterval(() => destination.flush(), 500);
  timer.unref();
  destination.on("close", () => clearInterval(timer));
  return destination;
}

/** Every log line that names a request writes its URL with the query's secrets redacted (server/log-redaction.ts). */
function withRedactedUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}

export async function buildApp(options: AppOptions): Promise<StoreApp> {
  const { config, database } = options;
  // Public pages and API answers by URL and catalog version (docs/decisions/0011-speed.md); not with
  // Vite's dev server, whose pages change with the code. A hit is answered before Fastify routes it.
  // On PostgreSQL a write anywhere is learnt from its NOTIFY at its commit (issue 27); SQLite polls.
  const live =
    database.engine === "postgres"
      ? {
          url: database.url,
          onReconnect: () => cache?.clear(),
          onError: (error: Error) => app.log.warn({ err: error }, "catalog notifications lost; reconnecting"),
        }
      : undefined;
  const cache =
    options.ssr !== "development" && config.RESPONSE_CACHE
      ? createResponseCache({ watch: watchCatalogVersion(database.db, config.CATALOG_POLL_MS, live) })
      : undefined;
  const app = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) => {
        const startedAt = performance.now();
        if (cache?.serveRaw(req, res)) observeRawHit(req, res.statusCode, startedAt);
        else handler(req, res);
      }),
    logger: withRedactedUrls(options.logger ?? { level: config.LOG_LEVEL, stream: logDestination() }),
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : newId();
    },
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    // An address the router cannot read (escapes that are not UTF-8, a parameter too long) is answered
    // in the store's shapes too: JSON under /api, an HTML page elsewhere (decision 0020).
    frameworkErrors: (error, request, reply) => answerUnroutable(error, request, reply, statusPage),
  });
  let statusPage: StatusPage | undefined;
  // Each request's span (decision 0036), opened before any other hook; only while tracing runs.
  const tracing = requestTracingPlugin();
  if (tracing) await app.register(tracing);
  const services = createServices(database, config, app.log, () => ownAddress(app));
  // The reconciliation job and mail retries claim their rows in the database; with several processes on
  // one machine, one of them runs the timers (server/main.ts).
  if (options.backgroundJobs !== false) {
    services.orders.start(60_000);
    services.mail.startRetries(config.MAIL_RETRY_MS);
  }
  // Background work (code mails, forgot-password lookups, payment checks) finishes before the database
  // closes.
  app.addHook("onClose", async () => {
    await services.orders.stop();
    await services.accounts.idle();
    await services.mail.close();
  });
  const media = mediaStoreFor(config);

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  app.setErrorHandler(answerError);

  // Routes declare their input with core/ zod schemas (fastify-type-provider-zod); a mismatch is a 400
  // worded as parseInput always worded it. Answers are sent as the handler built them (JSON.stringify):
  // a schema never reshapes or drops a field; the contract check below reads them without changing them.
  app.setValidatorCompiler(zodValidator());
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Every /api route declares the refusals any route can give; outside production each answer is checked
  // against its route's declared schemas before it leaves (server/contract.ts, decision 0028). Added
  // before compression and the response cache, so the check reads the JSON the handler built.
  declarePlatformRefusals(app);
  if (config.NODE_ENV !== "production") enforceContract(app);

  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // Before any route, cache or service: Content-Length against the body limit, and text that is not
  // text in the query, the path and the body (server/input-guard.ts).
  registerInputGuards(app);
  // Below 4 KB compression saves a phone a few milliseconds at most and costs the server a compressor
  // per answer (a payment's verify answer, 1-3 KB, spent 4 % of an order's CPU in brotli: decision 0014).
  await app.register(compress, { global: true, threshold: 4096, encodings: ["br", "gzip"] });

  if (cache) {
    app.addHook("onClose", async () => cache.stop());
    cache.register(app);
  }

  registerHealthRoutes(app, database);
  registerRequestMetrics(app);
  const stopProbe = probeDatabase(databaseProbe(database));
  app.addHook("onClose", async () => {
    stopProbe();
  });

  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(productRoutes, { services });
      await api.register(blogRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(addressRoutes, { services });
      await api.register(orderRoutes, { services });
      await api.register(returnRoutes, { services });
      await api.register(quoteRoutes, { services });
      await api.register(webhookRoutes, { services });
      await api.register(contactRoutes, { services });
      await api.register(stitchingRoutes, { services });
      await api.register(measurementRoutes, { services });
      await api.register(reviewRoutes, { services });
      await api.register(cartRoutes, { services });
      await api.register(wishlistRoutes, { services });
      await api.register(adminRoutes, { services, config, prefix: "/admin" });
      // Claims every other /api path, so an unknown call gets JSON rather than the HTML not-found page.
      api.all(
        "/*",
        { schema: { hide: true, response: { 404: ErrorResponseSchema } } },
        async (request, reply) =>
          reply.code(404).send({
            success: false,
            code: "not_found",
            message: `No API route ${request.method} ${request.url}`,
          }),
      );
    },
    { prefix: "/api" },
  );

  // Whatever no route claims (with pages, only methods pages do not take, e.g. OPTIONS): the API's shape
  // under /api, else SPEC's not-found page when there are pages, else a plain one.
  app.setNotFoundHandler(answerNotFound(() => statusPage));

  registerMediaRoutes(app, media);
  registerPageSessionRoutes(app, services);
  // The test payment sandbox exists only while no Paymennt keys are configured.
  if (services.paymennt.sandbox) {
    registerPaymentSandbox(app, {
      db: database.db,
      config,
      siteUrl: config.PUBLIC_SITE_URL,
      shopName: config.SHOP_NAME,
      credentials: () => sandboxCredentials(database.db, config),
    });
    app.log.warn(
      "PAYMENNT_API_KEY and PAYMENNT_API_SECRET are not set: card payments go to the test payment sandbox and take no money",
    );
  }
  if (config.NODE_ENV !== "production") registerDevRoutes(app, services.mail);
  registerSeoRoutes(app, database.db, config.PUBLIC_SITE_URL);

  const mode = options.ssr ?? false;
  if (mode) statusPage = await registerPages(app, services, mode, options.buildDir ?? "build", cache);

  return { app, services, cache };
}

/**
 * How this process reaches itself once it listens: the address it listens on, or 127.0.0.1 when it
 * listens on every interface (issue 21: the payment client calls the built-in sandbox there, whatever
 * PUBLIC_SITE_URL says).
 */
function ownAddress(app: FastifyInstance): string | undefined {
  const address = app.server.listening ? app.server.address() : null;
  if (!address || typeof address === "string") return undefined;
  const host =
    address.address === "0.0.0.0" || address.address === "::"
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

async function registerPages(
  app: FastifyInstance,
  services: Services,
  mode: "production" | "development",
  buildDir: string,
  cache: ResponseCache | undefined,
) {
  let loadBuild: () => Promise<StoreServerBuild>;
  if (mode === "production") {
    const serverEntry = resolve(buildDir, "server/index.js");
    if (!existsSync(serverEntry)) throw new Error(`No build at ${serverEntry}; run npm run build first.`);
    await app.register(fastifyStatic, {
      root: resolve(buildDir, "client"),
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it never changes under the same name.
        reply.header(
          "cache-control",
          path.includes(`${resolve(buildDir, "client/assets")}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
      },
    });
    const build = (await import(serverEntry)) as StoreServerBuild;
    loadBuild = async () => build;
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app.addHook("onClose", () => vite.close());
    app.addHook("onRequest", (request, reply, done) => {
      if (
        /^\/(api|media|dev|sandbox)\//.test(request.url) ||
        request.url === "/healthz" ||
        request.url === "/readyz"
      )
        return done();
      vite.middlewares(request.raw, reply.raw, () => done());
    });
    loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<StoreServerBuild>;
  }

  const ssr = createSsrHandler(loadBuild, mode, services, (request) => cache?.slotOf(request));
  await app.register(async (pages) => {
    // Pages read their own bodies (form posts go to route actions), so Fastify must not consume them.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    // `page`: bad text in a page's address gets SPEC's not-found page from ssr, not a JSON refusal.
    const config = { page: true };
    pages.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: ssr,
      config,
    });
    pages.route({ method: ["GET", "HEAD", "POST"], url: "/", handler: ssr, config });
  });
  return ssr.statusPage;
}
