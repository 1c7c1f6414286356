import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/connection.ts";
import { pingDatabase } from "../db/connection.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { outboxBacklog } from "../db/repositories/outbox.ts";
import type { DatabaseProbe } from "./metrics.ts";

/** How long readiness waits for the database before calling it unreachable (a silent network). */
const READY_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness (issue 27), outside the OpenAPI document (they are for load balancers and
 * orchestrators, not the API's clients):
 * - `GET /healthz`: the process answers; nothing else is asked, so a database outage does not make an
 *   orchestrator restart every app machine.
 * - `GET /readyz`: 200 when the database answers and has run every migration this code knows, else 503
 *   with the reason; a load balancer sends no shopper to a machine that answers 503.
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  // Migrations never go backwards: once current, only the database's answer is checked again.
  let migrationsCurrent = false;
  const hide = { schema: { hide: true }, logLevel: "warn" as const };

  app.get("/healthz", hide, async () => ({ status: "ok", database: database.engine }));

  app.get("/readyz", hide, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await within(pingDatabase(database.db), READY_TIMEOUT_MS);
    } catch (error) {
      app.log.error({ err: error }, "readiness: the database does not answer");
      return reply
        .code(503)
        .send({ status: "unavailable", reason: "database_unreachable", database: database.engine });
    }
    if (!migrationsCurrent) {
      const pending = await within(pendingMigrations(database.db), READY_TIMEOUT_MS).catch(() => undefined);
      if (pending === undefined || pending.length > 0) {
        return reply.code(503).send({
          status: "unavailable",
          reason: "migrations_pending",
          database: database.engine,
          pending: pending ?? [],
        });
      }
      migrationsCurrent = true;
    }
    return { status: "ready", database: database.engine };
  });
}

/** What the metrics read from a process's database at scrape time: its pool, and the outbox's backlog. */
export function databaseProbe(database: DatabaseHandle): DatabaseProbe {
  return {
    pool: () => database.poolStats?.(),
    async outbox() {
      const { count, oldest } = await within(outboxBacklog(database.db), READY_TIMEOUT_MS);
      const oldestSeconds = oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0;
      return { backlog: count, oldestSeconds };
    },
  };
}
