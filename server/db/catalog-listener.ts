import pg from "pg";
import { metrics } from "../operations/metrics.ts";

/** The channel every catalog write notifies on, in its own transaction (delivered when it commits). */
export const CATALOG_CHANNEL = "store_catalog";

export interface CatalogListener {
  /** True while the LISTEN connection is up: notifications then arrive within milliseconds of a commit. */
  connected(): boolean;
  stop(): Promise<void>;
}

/** The longest wait between two tries to reconnect (they start at 100 ms and double). */
const MAX_RETRY_MS = 5_000;

/**
 * Issue 27: one lasting PostgreSQL connection per process that LISTENs for catalog writes, so that
 * another machine's write reaches this one's caches at its commit, not at the next poll. `onChange`
 * gets the new version. When the connection drops (a restart, a failover, a network cut) it is opened
 * again; notifications sent meanwhile are lost, so `onReconnect` is called once it listens again (the
 * caller clears its caches and reads the version).
 */
export function listenForCatalogChanges(
  url: string,
  handlers: { onChange(version: string): void; onReconnect(): void; onError?(error: Error): void },
): CatalogListener {
  let client: pg.Client | undefined;
  let up = false;
  let stopped = false;
  let everConnected = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      if (error) handlers.onError?.(error);
      up = false;
      client = undefined;
      next.end().catch(() => {});
      scheduleRetry();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload) {
        metrics.catalogNotices.inc({ event: "received" });
        handlers.onChange(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (stopped || client !== next) {
      await next.end().catch(() => {});
      return;
    }
    up = true;
    retryMs = 100;
    if (everConnected) {
      metrics.catalogNotices.inc({ event: "reconnected" });
      handlers.onReconnect();
    }
    everConnected = true;
  }

  void connect();
  return {
    connected: () => up,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      up = false;
      const closing = client;
      client = undefined;
      await closing?.end().catch(() => {});
    },
  };
}
