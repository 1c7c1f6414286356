import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { MIGRATION_NAMES, migrateTo } from "./db/migrate.ts";
import { freePort } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { type StoreProcess, startStoreProcess, stopStoreProcess } from "./testing/store-process.ts";

/**
 * Issue 27: `/healthz` says the process lives, `/readyz` whether it can serve: the database answers and
 * has run every migration this code knows. Server processes over HTTP where the database is really
 * away (a port where nothing listens, a PostgreSQL database dropped under a running store).
 */

/** The last migration but one: a database an older release left behind. */
const OLDER_RELEASE = MIGRATION_NAMES.at(-2) as string;
const LATEST = MIGRATION_NAMES.at(-1) as string;

describe.each(TEST_ENGINES)("readiness on $name", (engine) => {
  const stores: StoreProcess[] = [];
  afterAll(async () => {
    for (const store of stores) await stopStoreProcess(store);
  });

  it("is ready on a migrated database, and both answers stay out of the caches", async () => {
    const fresh = await engine.create();
    const store = await startStoreProcess(fresh.url);
    stores.push(store);
    try {
      const ready = await fetch(`${store.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: "ready", database: engine.name });
      const live = await fetch(`${store.base}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: "ok" });
    } finally {
      await stopStoreProcess(store);
      await fresh.drop();
    }
  });

  it("answers 503 while a migration this code knows has not run, and 200 once it has", async () => {
    const fresh = await engine.create();
    const older = openDatabase(fresh.url);
    await migrateTo(older.db, OLDER_RELEASE);
    // A store of this release that does not migrate (a cluster worker's way), on the older database.
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: fresh.url, LOG_LEVEL: "silent" });
    const { app } = await buildApp({ config, database: older, logger: false, backgroundJobs: false });
    try {
      const behind = await app.inject({ method: "GET", url: "/readyz" });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({
        status: "unavailable",
        reason: "migrations_pending",
        database: engine.name,
        pending: [LATEST],
      });
      // Alive all the same: an orchestrator must not restart it for what a migration fixes.
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      await migrateTo(older.db, LATEST);
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await older.close();
      await fresh.drop();
    }
  });
});

describe("readiness without a database", () => {
  it("answers 503 when the database's address does not answer, and the process stays alive", async () => {
    const nobody = await freePort();
    const database = openDatabase(`postgres://postgres@127.0.0.1:${nobody}/store`, { onIdleError: () => {} });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const { app } = await buildApp({ config, database, logger: false, backgroundJobs: false });
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        reason: "database_unreachable",
        database: "postgres",
      });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers 503 from a running store process once its PostgreSQL database is dropped",
    { timeout: 60_000 },
    async () => {
      const postgres = TEST_ENGINES.find((e) => e.name === "postgres")!;
      const fresh = await postgres.create();
      const store = await startStoreProcess(fresh.url);
      try {
        expect((await fetch(`${store.base}/readyz`)).status).toBe(200);
        await fresh.drop();
        const res = await fetch(`${store.base}/readyz`);
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ reason: "database_unreachable" });
        expect((await fetch(`${store.base}/healthz`)).status).toBe(200);
      } finally {
        await stopStoreProcess(store);
      }
    },
  );
});
