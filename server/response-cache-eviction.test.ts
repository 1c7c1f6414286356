import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { watchCatalogVersion } from "./db/repositories/catalog-version.ts";
import { createResponseCache } from "./response-cache.ts";

describe("the response cache at its size limit", () => {
  const dir = mkdtempSync(join(tmpdir(), "store-cache-evict-"));
  const database = openDatabase(`file:${join(dir, "store.db")}`);
  const cache = createResponseCache({ watch: watchCatalogVersion(database.db, 60_000), maxEntries: 2 });
  const app = Fastify();
  const rendered: string[] = [];
  beforeAll(async () => {
    await migrateToLatest(database.db);
    cache.register(app);
    app.get("/api/review/product/:id", async (request) => {
      const { id } = request.params as { id: string };
      rendered.push(id);
      return { success: true, id };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    cache.stop();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (id: string) => {
    const res = await app.inject({ method: "GET", url: `/api/review/product/${id}` });
    expect(res.json()).toEqual({ success: true, id });
    return res.headers["x-cache"];
  };

  it("lets the least recently used answer go first, not the oldest stored", async () => {
    expect(await ask("a")).toBe("miss");
    expect(await ask("b")).toBe("miss");
    expect(await ask("a")).toBe("hit"); // a is now used more recently than b
    expect(await ask("c")).toBe("miss"); // over the limit of 2: b leaves
    expect(cache.stats().entries).toBe(2);
    expect(await ask("a")).toBe("hit");
    expect(await ask("c")).toBe("hit");
    expect(await ask("b")).toBe("miss");
    expect(rendered).toEqual(["a", "b", "c", "b"]);
  });
});
