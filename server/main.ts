import cluster, { type Worker } from "node:cluster";
import { enableCompileCache } from "node:module";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import type { CatalogChange } from "./db/repositories/catalog-version.ts";
import { startupDetails } from "./operations/startup-line.ts";
import { startConfiguredTracing, type Tracing } from "./telemetry/tracing.ts";

const startedAt = performance.now();
// V8's compiled code, and Node's stripped TypeScript, kept on disk between starts (in the system's temp
// folder unless NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off): each cluster
// worker, a replacement worker and the next start load the store's modules about twice as fast.
enableCompileCache();

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** pino's level numbers, for the primary's own log lines. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
/** The message a worker sends (and the primary relays) when it bumps the catalog version. */
const CATALOG_BUMP = "catalog-version-bumped";
/** The worker that runs the background timers (payment reconciliation, mail retries). */
const JOBS_ENV = "STORE_BACKGROUND_JOBS";
// Vite's dev server (hot reload) stays one process.
const processes = config.NODE_ENV === "development" ? 1 : config.WEB_CONCURRENCY;

// Traces (decision 0036): a serving process (the only one, or each cluster worker) starts the SDK before
// the store's modules are imported, so PostgreSQL's client is instrumented as it loads; the cluster's
// primary serves no request. Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is started.
const serving = processes === 1 || cluster.isWorker;
const tracing = serving ? await startConfiguredTracing(config) : undefined;
const { prepareDatabase, startStore } = await import("./bootstrap.ts");
const { noteCatalogBumpElsewhere, onCatalogBump } = await import("./db/repositories/catalog-version.ts");
const { publicSiteNotice } = await import("./going-live.ts");
const { siteIsLocal } = await import("./locality.ts");
const { startMetricsServer } = await import("./operations/metrics-server.ts");

try {
  if (processes > 1 && cluster.isPrimary) await runPrimary(config, processes);
  else await runServer(config, tracing);
} catch (error) {
  // A setting that is well formed but does not work (a bucket that cannot be reached): said plainly.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/**
 * One server process: the whole store alone, or one cluster worker (the primary migrated and seeded
 * before forking it; only the worker marked for them runs the background jobs).
 */
async function runServer(config: Config, tracing: Tracing | undefined) {
  const worker = cluster.isWorker;
  const jobs = !worker || process.env[JOBS_ENV] === "1";
  if (worker) {
    // A catalog write in one worker reaches the others through the primary within milliseconds.
    // It says what changed (everything, or the stock of some products: decision 0037).
    onCatalogBump((change) => process.send?.({ type: CATALOG_BUMP, change }));
    process.on("message", (message: { type?: string; change?: CatalogChange }) => {
      if (message?.type === CATALOG_BUMP) noteCatalogBumpElsewhere(message.change);
    });
  }
  const store = await startStore(config, {
    ssr: config.NODE_ENV === "development" ? "development" : "production",
    migrate: !worker,
    backgroundJobs: jobs,
  });
  const { app, database, migrations, seed, demoOwner } = store;

  if (migrations.length > 0) app.log.info({ migrations }, "database migrated");
  if (seed?.seeded) app.log.info(seed, "demo store seeded");
  if (demoOwner) app.log.warn(demoOwnerLine(demoOwner));
  // Issue 21: once per start (the single process, or the cluster's primary).
  const notice = worker ? undefined : publicSiteNotice(config);
  if (notice) app.log.warn(notice);

  await app.listen({ host: config.HOST, port: config.PORT });
  // A cluster's metrics are served by its primary, summed over the workers.
  if (!worker && config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer(metricsOptions(config, false));
    app.addHook("onClose", async () => void metrics.close());
    app.log.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, "metrics served");
  }
  const details = {
    engine: database.engine,
    database: database.location,
    // Where pictures are kept and whether traces leave (issue 27): never a key.
    ...startupDetails(config),
    startupMs: Math.round(performance.now() - startedAt),
  };
  if (worker) app.log.info({ ...details, worker: cluster.worker?.id, jobs }, "worker listening");
  else app.log.info(details, `store ready on http://localhost:${config.PORT}`);

  if (!config.SMTP_URL && jobs) {
    const printed = siteIsLocal(config)
      ? "printed whole (sign-up and password-reset codes included) to this log"
      : "printed to this log as its recipient, subject, kind and id (never its text or a code: PUBLIC_SITE_URL is public)";
    app.log.warn(
      `MAIL IS NOT CONFIGURED: SMTP_URL is not set, so no e-mail leaves this server. Every mail is kept in the outbox and ${printed} as a "mail not sent" line; the owner sees them at /admin/mail${config.NODE_ENV === "production" ? "" : " and /dev/outbox shows them"}. Set SMTP_URL to send them.`,
    );
  }

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the database (onClose hook).
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      // The spans of the last requests leave before the process does.
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Issue 21: the demo owner's log-in, said once when the demo is seeded (its password only if generated). */
function demoOwnerLine(owner: { email: string; generatedPassword?: string }): string {
  const password = owner.generatedPassword
    ? `password ${owner.generatedPassword} (generated now and printed only this once)`
    : "the password in DEMO_OWNER_PASSWORD";
  return `DEMO OWNER: sign in at /admin/login as ${owner.email} with ${password}. It signs in only from this machine (localhost) unless ALLOW_PUBLIC_DEMO_OWNER=true; npm run admin:create -- --email ${owner.email} --name "Your Name" sets a password of your own.`;
}

/** Where /metrics is served (issue 27): its own port, with a token when METRICS_TOKEN is set. */
function metricsOptions(config: Config, cluster: boolean) {
  return { port: config.METRICS_PORT!, host: config.METRICS_HOST, token: config.METRICS_TOKEN, cluster };
}

/** A log line in the shape of the workers' (pino's JSON), for the primary process. */
function log(level: "info" | "warn" | "error", fields: Record<string, unknown>, msg: string) {
  if (LEVELS[level]! < (LEVELS[config.LOG_LEVEL] ?? Number.POSITIVE_INFINITY)) return;
  const line = JSON.stringify({
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    ...fields,
    msg,
  });
  (level === "info" ? console.log : console.error)(line);
}

/**
 * The cluster's primary: migrates and seeds once, forks one worker per process wanted (they share the
 * port; Node hands connections round-robin), replaces a worker that dies, and on SIGTERM/SIGINT lets
 * every worker shut down gracefully before exiting.
 */
async function runPrimary(config: Config, count: number) {
  const { database, migrations, seed, demoOwner } = await prepareDatabase(config);
  await database.close();
  if (migrations.length > 0) log("info", { migrations }, "database migrated");
  if (seed?.seeded) log("info", { ...seed }, "demo store seeded");
  if (demoOwner) log("warn", {}, demoOwnerLine(demoOwner));
  const notice = publicSiteNotice(config);
  if (notice) log("warn", {}, notice);

  if (config.METRICS_PORT !== undefined) {
    await startMetricsServer(metricsOptions(config, true));
    log("info", { port: config.METRICS_PORT, host: config.METRICS_HOST }, "metrics served");
  }

  let stopping = false;
  let listening = 0;
  const roles = new Map<Worker, boolean>();
  const fork = (jobs: boolean) => {
    const worker = cluster.fork({ [JOBS_ENV]: jobs ? "1" : "0" });
    roles.set(worker, jobs);
    worker.on("message", (message: { type?: string }) => {
      if (message?.type !== CATALOG_BUMP) return;
      for (const other of Object.values(cluster.workers ?? {}))
        if (other && other !== worker && other.isConnected()) other.send(message);
    });
    worker.once("listening", () => {
      listening += 1;
      if (listening === count) {
        log(
          "info",
          { workers: count, ...startupDetails(config), startupMs: Math.round(performance.now() - startedAt) },
          `store ready on http://localhost:${config.PORT}`,
        );
      }
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    const jobs = roles.get(worker) ?? false;
    roles.delete(worker);
    if (stopping) return;
    log("error", { worker: worker.id, code, signal }, "worker exited; starting another");
    setTimeout(() => fork(jobs), 1000).unref();
  });
  for (let i = 0; i < count; i++) fork(i === 0);

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", { signal }, "shutting down");
    const timer = setTimeout(() => {
      log("error", {}, "shutdown timed out; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 2000);
    timer.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let failed = false;
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once("exit", (code) => {
        if (code !== 0) failed = true;
        left -= 1;
        if (left === 0) process.exit(failed ? 1 : 0);
      });
      worker.process.kill("SIGTERM");
    }
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
