import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const postgres = TEST_ENGINES.find((engine) => engine.name === "postgres");

// PostgreSQL only: SQLite has no connections to drop. Skipped (not failed) without TEST_DATABASE_URL.
describe.skipIf(!postgres)("the store on postgres when the server drops its connections", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(postgres!);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("keeps serving after PostgreSQL terminates its idle connections", async () => {
    // Warm the pool so it holds idle connections, as a store does between requests.
    await Promise.all(Array.from({ length: 4 }, () => store.app.inject({ method: "GET", url: "/healthz" })));
    const name = new URL(store.config.DATABASE_URL).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // pg_terminate_backend only signals: wait until those sessions have ended on the server (a busy
      // machine may take a while), then let this process read what they sent (setImmediate runs after
      // the pending socket events). A fixed sleep here failed under load: the store was handed a
      // connection whose end it had not read yet. The store's own timers (the outbox, the jobs) may
      // open a new connection meanwhile, and its pool would keep it idle longer than this test waits:
      // those are terminated too, each round.
      for (let sessions = Number.POSITIVE_INFINITY; sessions > 0; ) {
        const open = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        sessions = open.rows[0]?.n ?? 0;
        if (sessions === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await admin.end();
    }
    const res = await store.app.inject({ method: "GET", url: "/api/product/list?limit=1" });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(1);
  });

  it("survives PostgreSQL ending a connection a transaction holds between two statements", async () => {
    // A checked-out pg client has no listener of the pool's; the server's FATAL message between two
    // statements is emitted as an 'error' event on it, which unheard would end the process (a failover or
    // a restart in the middle of someone's checkout).
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", hear);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const outcome = store.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const pid = rows[0]!.pid;
        await admin.query("select pg_terminate_backend($1)", [pid]);
        for (let open = 1; open > 0; ) {
          const found = await admin.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where pid = $1",
            [pid],
          );
          open = found.rows[0]?.n ?? 0;
          if (open > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Let the client read the server's goodbye before the next statement.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sql`select 1`.execute(trx);
      });
      await expect(outcome).rejects.toThrow();
    } finally {
      await admin.end();
      process.off("uncaughtException", hear);
    }
    expect(uncaught).toEqual([]);
    const res = await store.app.inject({ method: "GET", url: "/api/product/list?limit=1" });
    expect(res.statusCode).toBe(200);
  });
});
