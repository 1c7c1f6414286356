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
const CHECKPOINT_INTERVAL_MS = 500;

/**
 * Turns the serving connection's automatic checkpoint off and runs checkpoints in a worker thread
 * instead: the commit that crossed the automatic threshold (1000 pages, about every 25 orders) used to
 * copy the WAL into the database file and sync both inside node:sqlite's synchronous call, with every
 * request waiting. Should the worker ever stop, the connection checkpoints for itself again, so the WAL
 * never grows without bound. Durability is unchanged: commits reach the WAL exactly as before.
 */
function startCheckpointer(db: DatabaseSync, path: string): Worker {
  const worker = new Worker(new URL("./sqlite-checkpointer.ts", import.meta.url), {
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  db.exec("PRAGMA wal_autocheckpoint = 0");
  const fallBack = () => {
    if (db.isOpen) db.exec("PRAGMA wal_autocheckpoint = 1000");
  };
  worker.once("error", fallBack);
  worker.once("exit", fallBack);
  return worker;
}
