import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

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

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.#db.prepare(sql);
    const reader = statement.columns().length > 0;
    return {
      reader,
      all: (parameters) => statement.all(...parameters.map(toSqlite)),
      run: (parameters) => {
        const result = statement.run(...parameters.map(toSqlite));
        return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
      },
      iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
    };
  }
}

export function openSqlite(path: string): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  return { dialect: new SqliteDialect({ database: new NodeSqliteDatabase(raw) }), raw };
}
