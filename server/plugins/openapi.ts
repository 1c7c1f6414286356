import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyTypeProvider } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ErrorResponseSchema } from "#core/schemas/api.schema.ts";

/**
 * fastify-type-provider-zod's typing for inputs: a handler's body, query and params are the output of
 * the route's core/ schema. Answers are typed by the handlers' own core/ DTOs; their response schemas
 * describe them for the OpenAPI document and are not a second, looser type to satisfy.
 */
export interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: unknown;
}

/** The `token` header every signed-in call carries (SPEC §6/§7). */
export const signedIn: { [scheme: string]: string[] }[] = [{ token: [] }];
/** Calls that work for visitors and link to the account when a valid token comes along. */
export const tokenOptional: { [scheme: string]: string[] }[] = [{}, { token: [] }];

/** The <style> element swagger-ui-bundle.js (Swagger UI 5, @fastify/swagger-ui 6) adds while it renders. */
const SWAGGER_UI_STYLE_HASH = "sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=";

const errorText: Record<number, string> = {
  400: "The request does not match the schema, or the shop refuses it; the message says why.",
  401: "No valid `token` header.",
  403: "Not offered to this visitor (card_payments_unavailable: a test payment provider answers only this machine).",
  404: "Not found.",
  409: "Conflicts with the shop's current state (e.g. stock).",
  422: "The Idempotency-Key was already used with a different body (`idempotency_key_reused`).",
  429: "Too many attempts; the message says how long to wait (Retry-After).",
  502: "The payment provider did not answer.",
  503: "The feature is not configured or the shop is closing.",
};

/** The `{ success: false, code, message }` answers a route can give, by status (500 is common to all). */
export function errors(...statuses: number[]) {
  return Object.fromEntries(
    [...statuses, 500].map((status) => [
      status,
      ErrorResponseSchema.describe(errorText[status] ?? "Something went wrong on our side."),
    ]),
  );
}

/**
 * The description of a signed-in call: its summary and tags, the `token` header, its 200 answer and its
 * refusals (401 without a valid token, and 400 too for a call whose body can be refused; the route adds
 * its body schema itself); `more` lists its other refusals (404, 409…).
 */
export function signedInSchema(
  summary: string,
  tags: string[],
  response: z.ZodType,
  withBody = false,
  more: number[] = [],
) {
  return {
    summary,
    tags,
    security: signedIn,
    response: { 200: response, ...errors(...(withBody ? [400, 401] : [401]), ...more) },
  };
}

/**
 * The operation's id from its method and path when the route names none: `POST /api/cart/add` is
 * `postCartAdd`, `GET /api/admin/orders/:id` `getAdminOrdersById`; unique because routes are.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, "")
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(":") ? `by-${word.slice(1)}` : word === "*" ? "any" : word))
    .flatMap((word) => word.split("-"))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join("")}`;
}

/** Each operation gets its id, and one open to everyone says so (`security: []`). */
const withOperationId: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (schema && !schema.hide) {
    const method = Array.isArray(document.route.method) ? document.route.method[0] : document.route.method;
    schema.operationId ??= operationIdFor(String(method), document.url);
    schema.security ??= [];
  }
  return transformed;
};

/**
 * The registry's schemas in components, less those no operation refers to (the provider lists each id
 * both as an input and as an output schema; most are only ever answers).
 */
const withUsedComponents: typeof jsonSchemaTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = object.components?.schemas;
  if (!schemas) return object as ReturnType<typeof jsonSchemaTransformObject>;
  let used = new Set<string>();
  // Follow references from the paths, then from the schemas they reach, until nothing new is found.
  let text = JSON.stringify((object as { paths?: unknown }).paths ?? {});
  for (;;) {
    const found = new Set(
      [...text.matchAll(/#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] as string),
    );
    for (const name of used) found.add(name);
    if (found.size === used.size) break;
    used = found;
    text = JSON.stringify([...used].map((name) => schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return object as ReturnType<typeof jsonSchemaTransformObject>;
};

/**
 * OpenAPI 3.1 from the routes' zod schemas, at /api/openapi.json, and a reference page at /api/docs
 * (Swagger UI from npm, no CDN, its own hash-based Content-Security-Policy). Registered before the
 * routes: @fastify/swagger collects them as they are added. Only tagged routes (the /api ones) appear.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      // The API is served by the shop itself, at its own address.
      servers: [{ url: "/", description: "This shop" }],
      info: {
        title: "Noor Atelier store API",
        version: "1",
        license: { name: "Proprietary: the shop's own API" },
        description:
          "Every answer is JSON with `success`; a refusal is `{ success: false, code, message }`: `code` is a stable machine code (core/error-codes.ts) a screen acts on and words in its own language, `message` the English sentence.",
      },
      components: {
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "token" },
          // The back office's session (decision 0013); changes also send the x-csrf-token header.
          adminSession: { type: "apiKey", in: "cookie", name: "noor_admin" },
        },
      },
      tags: [
        { name: "product", description: "Catalog" },
        { name: "blog", description: "Journal" },
        { name: "user", description: "Accounts and sign-in" },
        { name: "address", description: "The signed-in shopper's address book" },
        { name: "cart", description: "Quotes and the server cart" },
        { name: "wishlist", description: "The server wishlist" },
        { name: "order", description: "Checkout, payments and orders" },
        { name: "review", description: "Product reviews" },
        { name: "request", description: "Contact messages and stitching requests" },
        { name: "webhook", description: "Payment provider notifications" },
        { name: "admin", description: "The back office (staff and owner; decision 0013)" },
      ],
    },
    hideUntagged: true,
    transform: withOperationId,
    // Schemas with a zod `id` (`.meta({ id })`: the DTOs, the refusals) are listed once in
    // components.schemas and referred to by $ref (decision 0028).
    transformObject: withUsedComponents,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: true,
    // Nothing from elsewhere: no https: sources, no online validator. The one <style> element the
    // bundle inserts as it renders is allowed by its hash, as the plugin allows its own inline code.
    transformStaticCSP: (header) =>
      header
        .replace(/ https:/g, "")
        .replace(/ validator\.swagger\.io/g, "")
        .replace(/ upgrade-insecure-requests;/g, "")
        .replace(/style-src 'self'/, `style-src 'self' '${SWAGGER_UI_STYLE_HASH}'`),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
