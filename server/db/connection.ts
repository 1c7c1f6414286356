import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-dialect.ts";

export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Where the data lives, without credentials, for logs. */
  location: string;
  close(): Promise<void>;
  /** PostgreSQL's pool right now (metrics); undefined on SQLite, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** A URL to open connections of one's own with (PostgreSQL's LISTEN needs a lasting one). */
  url: string;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** `file:data/store.db`, `file:///abs/path.db` or a plain path → an absolute file path. */
export function sqlitePath(url: string): string {
  if (url === ":memory:") return url;
  if (url.startsWith("file://")) return new URL(url).pathname;
  if (url.startsWith("file:")) return resolve(url.slice("file:".length));
  return resolve(url);
}

// PostgreSQL returns int8 (counts, sums) as strings; our counts fit comfortably in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface OpenDatabaseOptions {
  poolSize?: number;
  /**
   * Where a PostgreSQL connection's error goes when the server ends it (a restart, an administrator's
   * terminate), idle or lent out.
   */
  onIdleError?: (error: Error) => void;
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // pg emits 'error' on the pool when an idle connection is closed by the server (restart, failover,
    // `pg_terminate_backend`, a dropped test database). Unhandled, that event ends the process; handled,
    // the pool just discards the connection and opens a new one on the next query.
    pool.on("error", (error) => {
      if (options.onIdleError) options.onIdleError(error);
      else console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    // pool.end() (under db.destroy()) resolves once its connections are told to end, before their
    // sockets have closed. close() waits for those too, so a database dropped right after (a test's
    // `drop database … with (force)`) or a server restarted finds no session of ours to terminate.
    const connected = new Set<pg.PoolClient>();
    pool.on("connect", (client) => {
      connected.add(client);
      // The pool listens to a connection only while it is idle. One lent out (a transaction between two
      // statements, a request between two queries) that the server ends emits 'error' on the client
      // itself, which unheard ends the process. Heard here, the client stops taking queries (the next one
      // fails, and with it that transaction or request) and the pool discards it on release.
      client.on("error", (error) => {
        if (!lent.has(client)) return; // idle: the pool's own 'error' above tells of it
        if (options.onIdleError) options.onIdleError(error);
        else console.warn(`PostgreSQL closed a connection in use: ${error.message}`);
      });
    });
    const lent = new Set<pg.PoolClient>();
    pool.on("acquire", (client) => lent.add(client));
    pool.on("release", (_error, client) => lent.delete(client));
    pool.on("remove", (client) => connected.delete(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const parsed = new URL(url);
    return {
      db,
      engine: "postgres",
      location: `postgres://${parsed.host}${parsed.pathname}`,
      url,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await db.destroy();
        await allEnded(pool, connected, CLOSE_WAIT_MS);
      },
    };
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const { dialect } = openSqlite(path);
  const db = new Kysely<Database>({ dialect });
  return { db, engine: "sqlite", location: path, url, close: () => db.destroy() };
}

/** How long close() waits for the pool's last sockets to close (a dead server may never answer). */
const CLOSE_WAIT_MS = 5_000;

function allEnded(pool: pg.Pool, connected: Set<pg.PoolClient>, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    function check() {
      if (connected.size === 0) done();
    }
    function done() {
      clearTimeout(timer);
      pool.off("remove", check);
      resolve();
    }
    pool.on("remove", check);
    check();
  });
}

/** The health check: one round trip to the database. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * The database could not take the write in time (SQLite still locked after its busy timeout, a
 * PostgreSQL deadlock or serialization failure): the attempt left nothing behind and can simply be
 * tried again, so the shopper is told that (503, Retry-After) rather than 'Something went wrong'.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const e = error as { errcode?: number; code?: string; message?: string };
  return (
    e?.errcode === 5 ||
    e?.code === "40P01" ||
    e?.code === "40001" ||
    /database is locked/i.test(e?.message ?? "")
  );
}
