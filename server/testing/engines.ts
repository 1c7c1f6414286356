import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** A database engine the server suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestEngine {
  name: "sqlite" | "postgres";
  /** Creates a fresh, empty database and returns its URL and a function that removes it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>;
}

const sqlite: TestEngine = {
  name: "sqlite",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "store-test-"));
    return {
      url: `file:${join(dir, "store.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

function postgres(adminUrl: string): TestEngine {
  return {
    name: "postgres",
    async create() {
      const name = `store_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`drop database if exists ${name} with (force)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

export const TEST_ENGINES: TestEngine[] = [
  sqlite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
