import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  endPageSessionCookies,
  HANDOFF_COOKIE,
  PAGE_SESSION_HANDOFF_PATH,
  pageSessionFromCookie,
  setCookie,
} from "#core/page-session.ts";
import { DomainError } from "../services/errors.ts";
import type { Services } from "../services/index.ts";

/**
 * The page session's two calls from the browser (docs/decisions/0018-forms-before-javascript.md), outside
 * /api, which never reads the page session's cookie:
 * - POST answers the token of a native sign-in once, to the first hydrated page, which keeps it where
 *   SPEC §4 keeps it and runs the same log-in as the scripted form; the handoff's mark is removed.
 * - DELETE ends the page session (log-out ends both).
 * Both are the shop's own pages' calls: a browser names its Origin on them, and it must be this site's.
 */
export function registerPageSessionRoutes(app: FastifyInstance, services: Services) {
  const secure = (request: FastifyRequest) => request.protocol === "https";

  function requireOwnOrigin(request: FastifyRequest) {
    const own = URL.parse(`${request.protocol}://${request.host}`)?.origin;
    if (!own || request.headers.origin !== own) {
      throw new DomainError("forbidden", "forbidden", "This call is only taken from the shop's own pages.");
    }
  }

  function privateAnswer(reply: FastifyReply) {
    return reply.header("cache-control", "private, no-store");
  }

  app.post(PAGE_SESSION_HANDOFF_PATH, async (request, reply) => {
    requireOwnOrigin(request);
    privateAnswer(reply);
    const cookies = request.headers.cookie;
    const token = pageSessionFromCookie(cookies);
    const marked = cookies?.split(/;\s*/).includes(`${HANDOFF_COOKIE}=1`) ?? false;
    if (!token || !marked) {
      return reply.code(404).send({ success: false, code: "not_found", message: "No sign-in to hand over." });
    }
    // The mark goes whatever happens next: the token is answered once.
    reply.header(
      "set-cookie",
      setCookie(HANDOFF_COOKIE, "", { maxAge: 0, httpOnly: false, secure: secure(request) }),
    );
    await services.accounts.authenticate(token);
    return { success: true, token };
  });

  app.delete(PAGE_SESSION_HANDOFF_PATH, async (request, reply) => {
    requireOwnOrigin(request);
    privateAnswer(reply);
    reply.header("set-cookie", endPageSessionCookies(secure(request)));
    return { success: true };
  });
}
