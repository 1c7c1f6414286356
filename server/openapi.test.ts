import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#core/error-codes.ts";
import { freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
}
type OpenApiDocument = {
  openapi: string;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

/**
 * Every route the server answers, read from Fastify's own route tree (printRoutes), not from a list kept
 * beside the code: a route added without a schema shows up here and fails the test.
 */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? "") + match[2];
    stack[depth] = url;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** The reference page and the document itself describe the API; the catch-all answers unknown calls. */
const notOperations = (url: string) =>
  url === "/api/openapi.json" || url === "/api/docs" || url.startsWith("/api/docs/") || url === "/api/*";

const engine = TEST_ENGINES[0]!;

describe(`the API reference on ${engine.name}`, () => {
  let store: TestStore;
  let doc: OpenApiDocument;
  let apiRoutes: { method: string; url: string }[];

  beforeAll(async () => {
    store = await createTestStore(engine);
    await store.app.ready();
    const res = await store.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    apiRoutes = registeredRoutes(store.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && !notOperations(route.url),
    );
  });
  afterAll(async () => {
    await store?.close();
  });

  it("finds the store's API routes in Fastify's route tree", () => {
    const names = apiRoutes.map((route) => `${route.method} ${route.url}`);
    // A few known ones, so an unreadable tree cannot make the next test pass on an empty list.
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/product/list",
        "POST /api/user/login",
        "GET /api/review/product/:productId",
        "POST /api/wishlist/add",
        "POST /api/webhooks/paymennt",
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(38);
  });

  it("documents every registered /api route with its method, summary, tag and error answers", () => {
    expect(doc.openapi).toBe("3.1.0");
    const missing: string[] = [];
    for (const { method, url } of apiRoutes) {
      const path = url.replace(/:(\w+)/g, "{$1}");
      const operation = doc.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${url}: not in the document`);
        continue;
      }
      if (!operation.summary) missing.push(`${method} ${url}: no summary`);
      if (!operation.tags?.length) missing.push(`${method} ${url}: no tag`);
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((status) => Number(status) < 400))
        missing.push(`${method} ${url}: no success answer`);
      if (!statuses.includes("500")) missing.push(`${method} ${url}: no error answer`);
    }
    expect(missing).toEqual([]);
    // Nothing but the API: no page, sandbox or media route leaks into the reference.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });

  it("gives every operation a unique operationId and keeps shared schemas once, in components", () => {
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/cart/add"]?.post?.operationId).toBe("postCartAdd");
    // Each component is referred to, and a DTO is never inlined a second time.
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(doc.components.schemas))
      expect(
        text.includes(`"#/components/schemas/${name}"`) ||
          JSON.stringify(doc.components).includes(`"#/components/schemas/${name}"`),
      ).toBe(true);
    expect(text).not.toContain('"ratingDistribution"');
  });

  it("names the token header as the auth of signed-in calls and documents their 401", () => {
    expect(doc.components.securitySchemes.token).toEqual({ type: "apiKey", in: "header", name: "token" });
    const profile = doc.paths["/api/user/profile"]?.get;
    expect(profile?.security).toEqual([{ token: [] }]);
    expect(Object.keys(profile?.responses ?? {})).toContain("401");
    expect(doc.paths["/api/product/list"]?.get?.security).toEqual([]); // open to everyone, said explicitly (decision 0028)
  });

  it("describes every refusal with its machine code, listing all of core/error-codes.ts", () => {
    const refusal = doc.paths["/api/user/login"]?.post?.responses?.["401"] as {
      content: {
        "application/json": { schema: { required: string[]; properties: { code: { enum: string[] } } } };
      };
    };
    // Shared schemas live in components and are referred to (decision 0028).
    const ref = refusal.content["application/json"].schema as unknown as { $ref: string };
    expect(ref.$ref).toBe("#/components/schemas/Error");
    const schema = doc.components.schemas.Error as (typeof refusal.content)["application/json"]["schema"];
    expect(schema.required).toEqual(expect.arrayContaining(["success", "code", "message"]));
    expect(schema.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it("describes request bodies from the core schemas", () => {
    const login = doc.paths["/api/user/login"]?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('"password"');
    const params = JSON.stringify(doc.paths["/api/review/product/{productId}"]?.get);
    expect(params).toContain('"in":"path"');
  });

  it("serves a reference page that loads only this origin's scripts", async () => {
    const page = await store.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="swagger-ui">');
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\.?\/?[^/]|^\/api\/docs\//);
      const asset = await store.app.inject({
        method: "GET",
        url: new URL(src, "http://x/api/docs/").pathname,
      });
      expect(asset.statusCode, src).toBe(200);
    }
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(String(page.headers["content-security-policy"])).not.toMatch(/https:|\*/);
  });

  it("still refuses a bad body with the screen's sentence, never a 500", async () => {
    const res = await store.app.inject({ method: "POST", url: "/api/user/login", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: "validation",
      message: "Please enter your email or phone number.",
    });
  });

  it("checks the route's own refusals before the body: no token, then no cash on delivery", async () => {
    const bad = { address: "nowhere", line_items: [] };
    const anonymous = await store.app.inject({ method: "POST", url: "/api/order/place", payload: bad });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      code: "unauthorized",
      message: "You must be logged in to place an order.",
    });

    const phone = freshPhone();
    const signUp = { name: "Docs Reader", phone, password: "password-1" };
    expect(
      (await store.app.inject({ method: "POST", url: "/api/user/register", payload: signUp })).statusCode,
    ).toBe(201);
    const login = await store.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { identifier: phone, password: "password-1" },
    });
    const token = login.json().token as string;
    const place = await store.app.inject({
      method: "POST",
      url: "/api/order/place",
      headers: { token },
      payload: bad,
    });
    expect(place.statusCode).toBe(400);
    expect(place.json()).toEqual({
      success: false,
      code: "cod_unavailable",
      message: "This payment method is not available.",
    });
    // The same body where cash on delivery is not the question: the schema's sentence.
    const online = await store.app.inject({
      method: "POST",
      url: "/api/order/paymennt",
      headers: { token },
      payload: bad,
    });
    expect(online.statusCode).toBe(400);
    expect(online.json()).toEqual({
      success: false,
      code: "validation",
      message: "Please select a delivery address.",
    });
  });
});
