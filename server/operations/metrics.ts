import cluster from "node:cluster";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The store's Prometheus metrics (issue 27; docs/decisions/0030-operations.md). One registry per
 * process, module-wide, so any part of the server counts without being handed it; a cluster worker
 * gives its registry to the primary, which sums the workers' figures into one answer on METRICS_PORT
 * (server/operations/metrics-server.ts). Every name starts with `store_`; Node's own figures (event-loop
 * delay, memory, CPU) come from prom-client's defaults under `nodejs_` and `process_`.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

if (cluster.isWorker) {
  // Constructing one installs the worker's answer to the primary's request for its figures.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

const registers = [registry];

export const metrics = {
  /** Every answer, by method, route pattern (never the raw URL) and status class. */
  requestDuration: new Histogram({
    name: "store_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status class (2xx, 4xx, 5xx).",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
    registers,
  }),
  /** Orders asked for, by payment method (cod, card) and outcome (placed, payment_started, or the refusal's code). */
  orders: new Counter({
    name: "store_orders_total",
    help: "Order attempts by payment method (cod, card) and outcome (placed, payment_started, or the refusal's code).",
    labelNames: ["method", "outcome"] as const,
    registers,
  }),
  paymentStarts: new Counter({
    name: "store_payment_starts_total",
    help: "Card payments started at the provider (outcome started) or refused before it (the refusal's code).",
    labelNames: ["outcome"] as const,
    registers,
  }),
  paymentResults: new Counter({
    name: "store_payment_results_total",
    help: "Card payments settled, by result (paid, failed, cancelled, expired) and who settled them.",
    labelNames: ["result", "source"] as const,
    registers,
  }),
  reconciliationRuns: new Counter({
    name: "store_reconciliation_runs_total",
    help: "Passes of the payment reconciliation job, by outcome (ok, failed).",
    labelNames: ["outcome"] as const,
    registers,
  }),
  reconciliationClaims: new Counter({
    name: "store_reconciliation_claims_total",
    help: "Open payments the reconciliation job claimed and asked the provider about.",
    registers,
  }),
  mailSent: new Counter({
    name: "store_mail_sent_total",
    help: "Mails handed to the SMTP server, by kind.",
    labelNames: ["kind"] as const,
    registers,
  }),
  mailFailures: new Counter({
    name: "store_mail_failures_total",
    help: "Mails the SMTP server did not take (each failed try), by kind.",
    labelNames: ["kind"] as const,
    registers,
  }),
  cache: new Counter({
    name: "store_response_cache_events_total",
    help: "The in-memory cache of public pages and API answers: hits, misses and evictions, by kind (page, api).",
    labelNames: ["event", "kind"] as const,
    registers,
  }),
  catalogNotices: new Counter({
    name: "store_catalog_notifications_total",
    help: "Catalog changes learnt from PostgreSQL's NOTIFY (received) and listener reconnections (reconnected).",
    labelNames: ["event"] as const,
    registers,
  }),
};

/** What a process's database can tell at scrape time (set by server/app.ts for its database). */
export interface DatabaseProbe {
  pool(): { total: number; idle: number; waiting: number } | undefined;
  outbox(): Promise<{ backlog: number; oldestSeconds: number }>;
}

const probes = new Set<DatabaseProbe>();

/** Reports this database's pool and outbox; the returned function stops it (the app's close). */
export function probeDatabase(probe: DatabaseProbe): () => void {
  probes.add(probe);
  return () => probes.delete(probe);
}

new Gauge({
  name: "store_db_pool_connections",
  help: "PostgreSQL pool connections by state (total, idle, waiting: queries queued for a connection), summed over processes.",
  labelNames: ["state"] as const,
  registers,
  collect() {
    this.reset();
    for (const probe of probes) {
      const pool = probe.pool();
      if (!pool) continue;
      this.inc({ state: "total" }, pool.total);
      this.inc({ state: "idle" }, pool.idle);
      this.inc({ state: "waiting" }, pool.waiting);
    }
  },
});

/** The outbox is one table every process sees: the processes' figures agree, so the cluster keeps the max. */
async function readOutbox() {
  let backlog = 0;
  let oldestSeconds = 0;
  for (const probe of probes) {
    const outbox = await probe.outbox().catch(() => undefined);
    if (!outbox) continue;
    backlog = Math.max(backlog, outbox.backlog);
    oldestSeconds = Math.max(oldestSeconds, outbox.oldestSeconds);
  }
  return { backlog, oldestSeconds };
}

new Gauge({
  name: "store_outbox_backlog",
  help: "Mails waiting in the outbox (not sent yet, new or failed and due for another try).",
  aggregator: "max",
  registers,
  async collect() {
    this.set((await readOutbox()).backlog);
  },
});

new Gauge({
  name: "store_outbox_oldest_age_seconds",
  help: "Age of the oldest mail still waiting in the outbox (0 when none waits).",
  aggregator: "max",
  registers,
  async collect() {
    this.set((await readOutbox()).oldestSeconds);
  },
});

/** The status class a status is counted under. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * The route a page request is counted under: its pattern, never its URL (a product's slug, a query, an
 * unknown address would each make a new series). `/ar` pages and React Router's `.data` requests count
 * with the page they belong to.
 */
export function pageRoute(url: string, status: number): string {
  if (status === 404) return "(not found)";
  let path = url.split("?")[0] ?? "/";
  path = path.replace(/\.data$/, "").replace(/^\/ar(?=\/|$)/, "") || "/";
  if (path === "/_root") return "/";
  const parts = path.split("/").filter(Boolean);
  if (parts.length === 0) return "/";
  if ((parts[0] === "product" || parts[0] === "blog") && parts.length === 2) return `/${parts[0]}/:slug`;
  if (!/^[a-z-]{1,32}$/.test(parts[0]!)) return "(other)";
  return parts.length === 1 ? `/${parts[0]}` : `/${parts[0]}/*`;
}
