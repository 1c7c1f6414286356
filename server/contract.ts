import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { ErrorResponseSchema } from "#core/schemas/api.schema.ts";

/*
 * The API's contract, enforced (issue 23; decision 0028). Every /api route lists its answers by status in
 * `schema.response` (zod schemas from core/schemas). Outside production the server checks each answer it
 * sends against them: a status the route does not declare, or a body that does not match its schema
 * (a missing field, a wrong type, a key the schema does not name), turns the answer into a 500 and one
 * `contract broken` log line naming the route, the status and the path of the first problem, so the test
 * that produced it fails. The check reads the serialized body and never changes it: what passes goes out
 * byte for byte as the handler built it.
 */

type ResponseSchemas = Record<string, unknown>;

/** What any route can be refused with before its handler runs, declared for every /api route. */
function platformRefusals(route: RouteOptions): number[] {
  const method = Array.isArray(route.method) ? route.method : [route.method];
  const takesBody = method.some((m) => m !== "GET" && m !== "HEAD" && m !== "DELETE" && m !== "OPTIONS");
  // 400: text that is not text in the query, the path or the body (server/input-guard.ts), an unreadable
  // body; 413/415: a body over its limit or of another type; 503: the database too busy to take a write.
  return takesBody ? [400, 413, 415, 500, 503] : [400, 500, 503];
}

/** Routes of the document itself (Swagger UI and /api/openapi.json) answer files, not the API's JSON. */
const exempt = (url: string) => url === "/api/openapi.json" || url.startsWith("/api/docs");

const isApi = (url: string) => url === "/api" || url.startsWith("/api/");

/** An /api route as it was declared: its method, its path and its schemas (`response` by status). */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: ResponseSchemas };
}

const apiRoutesOf = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/**
 * The /api routes an app registered, with their schema objects (the typed client's map is compared with
 * them: server/api-operations.test.ts).
 */
export function declaredApiRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return apiRoutesOf.get(app) ?? [];
}

/**
 * Adds the refusals every route can give (platformRefusals) to each /api route's `schema.response`,
 * with the error schema the route already uses for its 500, so the document and the check agree.
 */
export function declarePlatformRefusals(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  apiRoutesOf.set(app, declared);
  app.addHook("onRoute", (route) => {
    if (!isApi(route.url) || exempt(route.url)) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      if (method !== "HEAD")
        declared.push({ method, url: route.url, schema: (route.schema ?? {}) as DeclaredRoute["schema"] });
    // A route without any declared answer stays so: the check names it (checkAnswer).
    const response = (route.schema as { response?: ResponseSchemas } | undefined)?.response;
    if (!response) return;
    const errorSchema = response["500"] ?? response[500] ?? ErrorResponseSchema;
    for (const status of platformRefusals(route)) if (!(status in response)) response[status] = errorSchema;
  });
}

/** Answers checked in this process (the suite prints the sum; see vitest.setup.ts). */
export const contractStats = { checked: 0, nanoseconds: 0n };

export interface ContractProblem {
  route: string;
  status: number;
  path: string;
  problem: string;
}

/** The schema a route declares for `status` (exact, then `4xx`-style, then `default`). */
function schemaFor(response: ResponseSchemas, status: number): unknown {
  return response[status] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

const pathText = (path: readonly PropertyKey[]) =>
  path.length ? path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("") : "(body)";

/**
 * A key of `sent` the schema dropped from its output (z.object strips what it does not name): the answer
 * carries a field the contract does not declare. Values a schema transforms are not compared.
 */
function unknownKey(sent: unknown, parsed: unknown, path: PropertyKey[] = []): string | undefined {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length; i++) {
      const found = unknownKey(sent[i], parsed[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!sent || !parsed || typeof sent !== "object" || typeof parsed !== "object") return undefined;
  if (Array.isArray(sent) || Array.isArray(parsed)) return undefined;
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in parsed)) return pathText([...path, key]);
    const found = unknownKey(value, (parsed as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Checks one answer against its route's contract; undefined when it keeps it. */
export function checkAnswer(
  route: string,
  response: ResponseSchemas | undefined,
  status: number,
  contentType: string,
  payload: unknown,
): ContractProblem | undefined {
  const problem = (path: string, text: string) => ({ route, status, path, problem: text });
  if (!response) return problem("(route)", "the route declares no answers (schema.response)");
  const schema = schemaFor(response, status);
  if (!schema) return problem("(status)", `status ${status} is not declared in schema.response`);
  // An answer without a body (304, 204, HEAD) or one that is not JSON (a file) is checked by status only.
  if (payload === undefined || payload === null || payload === "" || !contentType.includes("json"))
    return undefined;
  if (!(schema instanceof z.ZodType)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === "string" ? payload : Buffer.from(payload as Buffer).toString());
  } catch {
    return problem("(body)", "the body is not JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    return problem(pathText(issue?.path ?? []), issue?.message ?? "does not match");
  }
  const extra = unknownKey(body, result.data);
  return extra ? problem(extra, "a key the schema does not declare") : undefined;
}

/**
 * Registers the check (tests and development; production sends answers unchecked). Runs in onSend, after
 * every other hook has set the status and serialized the body, so it sees exactly what leaves.
 */
export function enforceContract(app: FastifyInstance): void {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const url = request.routeOptions.url;
    if (!url || !isApi(url) || exempt(url)) return payload;
    if (typeof payload !== "string" && payload !== null && payload !== undefined && !Buffer.isBuffer(payload))
      return payload; // a stream (a file): its status was declared or not, the body is not read
    const started = process.hrtime.bigint();
    const response = (request.routeOptions.schema as { response?: ResponseSchemas } | undefined)?.response;
    const type = String(reply.getHeader("content-type") ?? "");
    const broken = checkAnswer(`${request.method} ${url}`, response, reply.statusCode, type, payload);
    contractStats.checked += 1;
    contractStats.nanoseconds += process.hrtime.bigint() - started;
    if (!broken) return payload;
    const line = `contract broken: ${broken.route} answered ${broken.status}, ${broken.path}: ${broken.problem}`;
    request.log.error({ contract: broken }, line);
    // A test's server usually logs nothing: the line goes to stderr too, beside the failing test.
    const log = request.log as { isLevelEnabled?: (level: string) => boolean };
    const logged = log.isLevelEnabled?.("error") === true;
    if (!logged) console.error(line);
    reply.code(500).type("application/json; charset=utf-8");
    reply.removeHeader("content-length");
    return JSON.stringify({
      success: false,
      code: "server_error",
      message: `Contract broken: ${broken.route} answered ${broken.status}; ${broken.path}: ${broken.problem}`,
    });
  });
}
