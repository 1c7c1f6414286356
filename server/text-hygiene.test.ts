import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Text that is not text (issue 21, finding 7; decision 0020): a NUL or an unpaired surrogate in any text
 * field of any operation is a 400 `invalid_text` naming the field, and changes nothing. The operations and
 * their fields are read from the published OpenAPI document, not listed here, so a new route or field is
 * swept without anyone remembering it. PostgreSQL is where a NUL used to be a 500.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
}
interface Parameter {
  in: "query" | "path" | "header" | "cookie";
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** Every path in a JSON schema where a string goes (`{}`, which takes anything, counts). */
function stringFields(schema: JsonSchema, path: string[] = []): string[][] {
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (alternatives.length > 0) {
    const found = alternatives.flatMap((alternative) => stringFields(alternative, path));
    return [...new Map(found.map((p) => [p.join("."), p])).values()];
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const fields: string[][] = [];
  if (schema.properties)
    for (const [key, child] of Object.entries(schema.properties))
      fields.push(...stringFields(child, [...path, key]));
  if (schema.items) fields.push(...stringFields(schema.items, [...path, "0"]));
  const unconstrained = types.length === 0 && !schema.properties && !schema.items && !schema.enum;
  if ((types.includes("string") || unconstrained) && path.length > 0) fields.push(path);
  return fields;
}

/**
 * Strings whose format the document cannot say (a UAE mobile, a password's length): the only values
 * kept beside the generator, so that the sample bodies are ones the routes would otherwise take.
 */
const FORMATTED: Record<string, string> = {
  phone: "050 123 4567",
  identifier: "someone@example.com",
  password: "password-1",
  currentPassword: "password-1",
  newPassword: "password-2",
};

/** A small body the schema describes (defaults, first enum values, required fields only). */
function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternative = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.type !== "null");
  if (alternative) return sample(alternative);
  const type = [schema.type ?? "object"].flat()[0];
  if (type === "object") {
    const body: Record<string, unknown> = {};
    for (const key of schema.required ?? [])
      body[key] = FORMATTED[key] ?? sample(schema.properties?.[key] ?? {});
    return body;
  }
  if (type === "array") return schema.minItems ? [sample(schema.items ?? {})] : [];
  if (type === "string")
    return schema.format === "email" ? "someone@example.com" : "a".repeat(schema.minLength ?? 1);
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return false;
  return null;
}

/** The sample body with `bad` at `path`, the containers on the way made from the schema as needed. */
function withValue(schema: JsonSchema, path: string[], bad: string): unknown {
  const body = sample(schema) as Record<string, unknown>;
  let node: Record<string, unknown> = body;
  let at: JsonSchema | undefined = schema;
  for (const [i, key] of path.entries()) {
    at = at?.anyOf?.find((s) => s.properties || s.items) ?? at;
    at = key === "0" ? at?.items : at?.properties?.[key];
    if (i === path.length - 1) {
      node[key] = bad;
      break;
    }
    const existing = node[key];
    const next =
      existing !== null && typeof existing === "object"
        ? existing
        : key === "0" || at?.items
          ? [sample(at?.items ?? {})]
          : (sample(at ?? {}) ?? {});
    const container = (Array.isArray(next) && next.length === 0 ? [sample(at?.items ?? {})] : next) as Record<
      string,
      unknown
    >;
    node[key] = container;
    node = container;
  }
  return body;
}

const BAD_VALUES = [
  { name: "a NUL", json: "a\u0000b", url: "a%00b" },
  { name: "a lone surrogate", json: "a\ud800b", url: "a%ED%A0%80b" },
] as const;

describe.each(TEST_ENGINES)("text that is not text, in every operation, on $name", (engine) => {
  let store: TestStore;
  let doc: OpenApiDocument;
  let owner: AdminClient;
  let token: string;
  /** Real ids for path parameters, so a refusal cannot be a 404 in disguise. */
  let ids: Record<string, string>;

  beforeAll(async () => {
    store = await createTestStore(engine);
    const db = store.database.db;
    doc = (await store.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    const phone = freshPhone();
    const ip = freshIp();
    await call(store.app, "POST", "/api/user/register", {
      body: { name: "Sweep Shopper", phone, password: "password-1" },
      ip,
    });
    token = (
      await call(store.app, "POST", "/api/user/login", {
        body: { identifier: phone, password: "password-1" },
        ip,
      })
    ).body.token as string;
    expect(token).toBeTruthy();
    const product = await db.selectFrom("products").select("id").executeTakeFirstOrThrow();
    const image = await db.selectFrom("product_images").select("id").executeTakeFirstOrThrow();
    const post = await db.selectFrom("blog_posts").select("id").executeTakeFirstOrThrow();
    ids = { productId: product.id, id: product.id, imageId: image.id, kind: "contact", postId: post.id };
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Every table's rows (but the back office's session, whose last-seen time moves with each call). */
  async function snapshot(): Promise<string> {
    const db = store.database.db;
    const tables = (await db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => name !== "admin_sessions" && !name.startsWith("kysely_"))
      .sort();
    const rows: Record<string, unknown> = {};
    for (const table of tables) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      rows[table] = result.rows.map((row) => JSON.stringify(row)).sort();
    }
    return JSON.stringify(rows);
  }

  interface Probe {
    operation: string;
    field: string;
    value: (typeof BAD_VALUES)[number];
    method: string;
    url: string;
    body: unknown;
    headers: Record<string, string>;
    /** The sentence's subject: the field, or the whole address when its escapes are not UTF-8. */
    named: string;
  }

  /** One request per text field of each operation and bad value, built from the document. */
  function probes(): Probe[] {
    const list: Probe[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const operation = `${method.toUpperCase()} ${template}`;
        const headers: Record<string, string> = {
          "x-forwarded-for": freshIp(),
          "idempotency-key": randomUUID(),
        };
        const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
        if (schemes.includes("token")) headers.token = token;
        if (schemes.includes("adminSession") || template.startsWith("/api/admin/")) {
          headers.cookie = owner.cookie;
          if (method !== "get") headers["x-csrf-token"] = owner.csrf;
        }
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
        const pathFor = (bad?: { name: string; value: string }) =>
          template.replace(/\{(\w+)\}/g, (_m, name: string) =>
            bad?.name === name ? bad.value : encodeURIComponent(ids[name] ?? "x"),
          );
        const requiredQuery = params
          .filter((p) => p.in === "query" && (p as { required?: boolean }).required)
          .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema ?? {})))}`);
        const baseBody = bodySchema ? sample(bodySchema) : undefined;
        if (baseBody !== undefined) headers["content-type"] = "application/json";
        for (const value of BAD_VALUES) {
          for (const param of params.filter((p) => p.in === "query" || p.in === "path")) {
            const inPath = param.in === "path";
            // A required parameter probed is sent once, with the bad value (not beside its sample).
            const others = requiredQuery.filter((q) => !q.startsWith(`${param.name}=`));
            const query = inPath ? requiredQuery : [...others, `${param.name}=${value.url}`];
            const path = pathFor(inPath ? { name: param.name, value: value.url } : undefined);
            list.push({
              operation,
              field: `${param.in} ${param.name}`,
              value,
              method,
              url: query.length ? `${path}?${query.join("&")}` : path,
              body: baseBody,
              headers: { ...headers },
              // An escape that is not UTF-8 makes the path unreadable before a route is chosen.
              named: inPath && value.url.includes("%ED") ? "The address" : param.name,
            });
          }
          for (const field of bodySchema ? stringFields(bodySchema) : []) {
            list.push({
              operation,
              field: `body ${field.join(".")}`,
              value,
              method,
              url: requiredQuery.length ? `${pathFor()}?${requiredQuery.join("&")}` : pathFor(),
              body: withValue(bodySchema as JsonSchema, field, value.json),
              headers: { ...headers },
              named: field.join("."),
            });
          }
        }
      }
    }
    return list;
  }

  it("refuses a NUL and a lone surrogate in every text field with 400 invalid_text, changing nothing", async () => {
    const all = probes();
    const operations = new Set(all.map((p) => p.operation));
    // The document is read, not empty: the storefront's and the back office's operations are all there.
    expect(operations.size).toBeGreaterThanOrEqual(60);
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(all.map((p) => `${p.operation} ${p.field}`)).toEqual(
      expect.arrayContaining([
        "GET /api/product/list query fabric",
        "GET /api/review/product/{productId} path productId",
        "POST /api/contact/send body name",
        "POST /api/cart/merge body lines.0.productId",
        "POST /api/user/register body name",
        "PUT /api/admin/products/{id} body variants.0.size",
      ]),
    );
    const before = await snapshot();
    // The snapshot holds the seeded store (a check on nothing would pass whatever happened).
    expect(before).toContain("Abaya");
    const wrong: string[] = [];
    for (const probe of all) {
      const res = await store.app.inject({
        method: probe.method.toUpperCase() as "GET",
        url: probe.url,
        headers: probe.headers,
        ...(probe.body === undefined ? {} : { payload: JSON.stringify(probe.body) }),
      });
      const answer = res.json() as { success?: boolean; code?: string; message?: string };
      const expected = `${probe.named} contains a character that is not allowed.`;
      if (res.statusCode !== 400 || answer.code !== "invalid_text" || answer.message !== expected)
        wrong.push(
          `${probe.operation} ${probe.field} with ${probe.value.name}: ${res.statusCode} ${res.body}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});

/**
 * One rule for a person's name at sign-up and at profile update: what one takes the other takes, and
 * only NUL and unpaired surrogates are refused (ZWNJ, ZWJ, LRM and RLM are parts of Arabic, Persian and
 * Urdu names; markup is only text, escaped wherever a name is shown).
 */
describe.each(TEST_ENGINES)("a name at sign-up and at profile update, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
  });
  afterAll(async () => {
    await store?.close();
  });

  const NAMES: [label: string, name: string, accepted: boolean][] = [
    ["Urdu with ZWNJ", "\u0645\u06cc\u200c\u0631\u0627 \u0646\u0627\u0645", true],
    ["Arabic with ZWJ", "\u0639\u0627\u0626\u0634\u0629\u200d\u0645", true],
    ["mixed with RLM", "Aisha \u200f(\u0639\u0627\u0626\u0634\u0629)", true],
    ["mixed with LRM", "\u0639\u0627\u0626\u0634\u0629 \u200eAisha", true],
    ["markup", "<b>Aisha</b> & co", true],
    ["an emoji family", "Amal \ud83d\udc69\u200d\ud83d\udc67", true],
    ["a NUL", "Ai\u0000sha", false],
    ["a lone high surrogate", "Aisha \ud800", false],
    ["a lone low surrogate", "\udc00Aisha", false],
  ];

  it.each(NAMES)("%s: the same outcome both ways", async (_label, name, accepted) => {
    const ip = freshIp();
    const phone = freshPhone();
    const signUp = await call(store.app, "POST", "/api/user/register", {
      body: { name, phone, password: "password-1" },
      ip,
    });
    // An account made with a plain name, whose profile update is given the same name.
    const other = freshPhone();
    await call(store.app, "POST", "/api/user/register", {
      body: { name: "Plain Name", phone: other, password: "password-1" },
      ip,
    });
    const login = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: other, password: "password-1" },
      ip,
    });
    const otherToken = login.body.token as string;
    const update = await call(store.app, "POST", "/api/user/update", {
      body: { name, phone: other, email: `plain-${other}@example.com` },
      token: otherToken,
      ip,
    });
    const profileOf = async (token: string) =>
      ((await call(store.app, "GET", "/api/user/profile", { token })).body.user as { name: string }).name;

    if (accepted) {
      expect(signUp.status).toBe(201);
      expect(update.status).toBe(200);
      const signedUp = await call(store.app, "POST", "/api/user/login", {
        body: { identifier: phone, password: "password-1" },
        ip,
      });
      // Stored as typed, the same by both ways (the marks inside the name included).
      expect(await profileOf(signedUp.body.token as string)).toBe(name);
      expect(await profileOf(otherToken)).toBe(name);
    } else {
      for (const answer of [signUp, update]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          success: false,
          code: "invalid_text",
          message: "name contains a character that is not allowed.",
          field: "name",
        });
      }
      expect(await profileOf(otherToken)).toBe("Plain Name");
      const made = await store.database.db
        .selectFrom("users")
        .select("id")
        .where("phone", "=", `+971${phone.slice(1)}`)
        .executeTakeFirst();
      expect(made).toBeUndefined();
    }
  });
});

/** Page addresses: bad text or an unreadable address gets an HTML page, never JSON, never a 500. */
describe.each(TEST_ENGINES)("page addresses that are not text, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ["/product/a%00b", "en"],
    ["/ar/product/a%00b", "ar"],
    ["/blog/a%00b", "en"],
    ["/shop?category=a%00b", "en"],
    ["/shop?fabric=a%ED%A0%80b", "en"],
    ["/product/%E0%A4%A", "en"],
    ["/%E0%A4%A", "en"],
    ["/ar/%ED%A0%80", "ar"],
    ["/login?next=%00", "en"],
  ])("GET %s answers SPEC's not-found page with 400", async (url, lang) => {
    const res = await store.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(res.body).toContain(lang === "ar" ? "عذرًا" : "Oops! Page not found");
    // The page is the store's own, under its security headers.
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it.each(["/cart", "/checkout", "/ar/cart"])(
    "GET %s with a NUL in the cart's cookie copy draws the page as without one",
    async (url) => {
      const copy = encodeURIComponent(JSON.stringify([["a\u0000b", "M/54", "", 1]]));
      const res = await store.app.inject({ method: "GET", url, headers: { cookie: `store_cart=${copy}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    },
  );

  it("a form post to a page with a NUL in its address gets the page too, and no action runs", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/contact?x=%00",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "name=A&email=a%40example.com&message=hello",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Oops! Page not found");
    const messages = await store.database.db.selectFrom("contact_messages").select("id").execute();
    expect(messages).toEqual([]);
  });
});
