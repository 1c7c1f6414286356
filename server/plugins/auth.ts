import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UserRow } from "../db/repositories/users.ts";
import type { Services } from "../services/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in shopper, set by requireUser for the routes it guards. */
    account: UserRow | null;
  }
}

/** The session token travels in the `token` header (SPEC §6/§7). */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/**
 * Guards every route of the plugin scope it is called in: a missing, forged or expired token answers
 * 401 before the body is read. Routes then take the user from `request.account`, never from the body.
 */
export function requireUser(app: FastifyInstance, services: Services): void {
  if (!app.hasRequestDecorator("account")) app.decorateRequest("account", null);
  app.addHook("onRequest", async (request) => {
    request.account = await services.accounts.authenticate(tokenFrom(request));
  });
}

/** Account answers (tokens, profiles, addresses) are private: no cache may keep them. */
export function noStore(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
}

/** The signed-in shopper of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.account) throw new Error("requireUser must guard this route");
  return request.account;
}

/**
 * The shopper of an open route when a valid token comes with the request, else null: a bad or expired
 * token on an open route is not an error (the route answers as to a visitor).
 */
export async function optionalUser(request: FastifyRequest, services: Services): Promise<UserRow | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  try {
    return await services.accounts.authenticate(token);
  } catch {
    return null;
  }
}
