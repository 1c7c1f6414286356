import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";
import { tracedSqliteConnection } from "../telemetry/database-spans.ts";
import { activeTracer } from "../telemetry/tracing.ts";

/** node:sqlite accepts no booleans or Dates; store them as SQLite does by convention. */
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/** Adapts node:sqlite's DatabaseSync to the better-sqlite3 shape Kysely's SqliteDialect drives. */
class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  /** Kysely sends the same SQL text again and again; preparing it once saves a parse per query. */
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  readonly #checkpointer: Worker | undefined;
  readonly #checkpointerExited: Promise<unknown>;

  constructor(db: DatabaseSync, path: string) {
    this.#db = db;
    this.#checkpointer = path === ":memory:" ? undefined : startCheckpointer(db, path);
    const worker = this.#checkpointer;
    this.#checkpointerExited = worker
      ? new Promise((resolve) => worker.once("exit", resolve))
      : Promise.resolve();
  }

  close(): void {
    // Kept alive until its last checkpoint is done, so whoever awaits `stopped()` sees it end.
    this.#checkpointer?.ref();
    this.#checkpointer?.postMessage("stop");
    if (this.#db.isOpen) this.#db.close();
  }

  /** Resolves once the checkpointer has made its last checkpoint and closed its connection. */
  async stopped(): Promise<void> {
    await this.#checkpointerExited;
  }

  prepare(sql: string): SqliteStatement {
    let cached = this.#statements.get(sql);
    if (!cached) {
      const statement = this.#db.prepare(sql);
      // Whether it returns rows, asked once: columns() builds a fresh array on every call.
      cached = { statement, reader: statement.columns().length > 0 };
      if (this.#statements.size >= 500) this.#statements.clear();
      this.#statements.set(sql, cached);
    }
    const { statement: prepared, reader } = cached;
    return {
      reader,
      all: (parameters) => prepared.all(...parameters.map(toSqlite)),
      run: (parameters) => {
        const result = prepared.run(...parameters.map(toSqlite));
        return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
      },
      iterate: (parameters) => prepared.iterate(...parameters.map(toSqlite)),
    };
  }
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first write.
 * With several server processes on one file (WEB_CONCURRENCY), a deferred transaction that has read
 * and then writes fails at once with SQLITE_BUSY when another process committed meanwhile, because the
 * busy timeout cannot help a snapshot that is already stale; an immediate one waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #database: NodeSqliteDatabase;
  constructor(config: SqliteDialectConfig & { database: NodeSqliteDatabase }) {
    super(config);
    this.#database = config.database;
  }
  override async destroy(): Promise<void> {
    await super.destroy();
    await this.#database.stopped();
  }
  /** While tracing runs, the connection that makes a span per statement (server/telemetry/database-spans.ts). */
  #traced: DatabaseConnection | undefined;
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!activeTracer()) return connection;
    this.#traced ??= tracedSqliteConnection(connection);
    return this.#traced;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig & { database: NodeSqliteDatabase };
  constructor(config: SqliteDialectConfig & { database: NodeSqliteDatabase }) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function openSqlite(path: string): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  return { dialect: new StoreSqliteDialect({ database: new NodeSqliteDatabase(raw, path) }), raw };
}

/** How often the checkpointer copies the WAL back (an order writes some 40 pages; see 0014). */
const CHECKPOINT_INTERVAL_MS = 200;
/**
 * The serving connection still checkpoints once its WAL holds this many pages (about 16 MB): a WAL
 * starts over only when a write begins after it was copied whole, which the checkpointer alone cannot
 * bring about while commits land during its every pass, so without this the WAL of a busy store would
 * grow without end. By then the checkpointer has copied all but its last interval's pages, so the
 * commit that crosses it copies only those and syncs.
 */
const SERVING_CHECKPOINT_PAGES = 4000;

/**
 * Runs checkpoints in a worker thread, leaving the serving connection the rare one above: with SQLite's
 * default (1000 pages) the commit that crossed it, about every 25 orders, copied the whole WAL into the
 * database file and synced both inside node:sqlite's synchronous call, with every request waiting.
 * Should the worker ever stop, the connection checkpoints at SQLite's default again. Durability is
 * unchanged: commits reach the WAL exactly as before.
 */
function startCheckpointer(db: DatabaseSync, path: string): Worker {
  const worker = new Worker(new URL("./sqlite-checkpointer.ts", import.meta.url), {
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  db.exec(`PRAGMA wal_autocheckpoint = ${SERVING_CHECKPOINT_PAGES}`);
  const fallBack = () => {
    if (db.isOpen) db.exec("PRAGMA wal_autocheckpoint = 1000");
  };
  worker.once("error", fallBack);
  worker.once("exit", fallBack);
  return worker;
}
