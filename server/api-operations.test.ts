import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations } from "#core/api-operations.ts";
import { type DeclaredRoute, declaredApiRoutes } from "./contract.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/*
 * The typed client's map (core/api-operations.ts; decision 0044) against the routes the app registers: the
 * browser's answer types come from the map, so a route added, removed or given another schema without the
 * map following fails here. Schemas are compared as objects (the very ones the route declares), not by shape.
 */

interface MapEntry {
  body?: unknown;
  query?: unknown;
  answers: Record<string, unknown>;
}
const map: Record<string, MapEntry> = apiOperations;

/** The catch-all that answers unknown /api calls is not an operation. */
const operations = (routes: readonly DeclaredRoute[]) => routes.filter((route) => route.url !== "/api/*");
const successes = (route: DeclaredRoute) =>
  Object.fromEntries(
    Object.entries(route.schema.response ?? {}).filter(([status]) => status.startsWith("2")),
  );

const engine = TEST_ENGINES[0]!;

describe("the typed client's map of operations", () => {
  let store: TestStore;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    store = await createTestStore(engine);
    routes = operations(declaredApiRoutes(store.app));
  });
  afterAll(async () => {
    await store?.close();
  });

  it("has one entry for each /api route the app registers, by method and path, and no other", () => {
    const registered = routes.map((route) => `${route.method} ${route.url}`);
    // A few known ones, so that an empty list of routes cannot pass.
    expect(registered).toEqual(
      expect.arrayContaining([
        "GET /api/product/list",
        "POST /api/order/:id/cancel",
        "GET /api/admin/orders/:id",
      ]),
    );
    expect(new Set(registered).size).toBe(registered.length);
    expect(Object.keys(map).sort()).toEqual([...registered].sort());
  });

  it("holds the very schemas each route declares: its body, its query and each success answer", () => {
    const differences: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const entry = map[name];
      if (!entry) continue;
      if (entry.body !== route.schema.body) differences.push(`${name}: body`);
      if (entry.query !== route.schema.querystring) differences.push(`${name}: query`);
      const declared = successes(route);
      for (const status of new Set([...Object.keys(declared), ...Object.keys(entry.answers)]))
        if (entry.answers[status] !== declared[status]) differences.push(`${name}: answer ${status}`);
    }
    expect(differences).toEqual([]);
  });
});
