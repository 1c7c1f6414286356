import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  AdminLoginSchema,
  AdminSessionAnswerSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  OkAnswerSchema,
} from "#core/admin.ts";
import type { Config } from "../../../config.ts";
import { zodValidator } from "../../../http-errors.ts";
import { demoOwnerAllowed } from "../../../locality.ts";
import { tokenFrom } from "../../../plugins/auth.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import { cookieValue, sameToken } from "../../../services/admin-session.ts";
import type { Services } from "../../../services/index.ts";
import catalogRoutes from "./catalog.ts";
import contentRoutes from "./content.ts";
import customerRoutes from "./customers.ts";
import exportRoutes from "./exports.ts";
import homeVisitRoutes from "./home-visits.ts";
import inboxRoutes from "./inbox.ts";
import mailRoutes from "./mail.ts";
import orderRoutes from "./orders.ts";
import ownerRoutes from "./owner.ts";
import promotionRoutes from "./promotions.ts";
import quoteRoutes from "./quotes.ts";
import refundRoutes from "./refunds.ts";
import returnRoutes from "./returns.ts";
import { adminErrors, adminSession, adminTags, principal } from "./shared.ts";
import stitchingRoutes from "./stitching.ts";

/**
 * A change must come from this site: an Origin (or Sec-Fetch-Site) naming another site is refused.
 * Requests without either (scripts, older browsers) are judged by the CSRF token alone.
 */
function checkOrigin(request: FastifyRequest, config: Config) {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const allowed = new Set([
      new URL(config.PUBLIC_SITE_URL).origin,
      `${request.protocol}://${request.host}`,
    ]);
    if (!allowed.has(origin))
      throw new AdminError("forbidden", "csrf", "This request did not come from the back office");
    return;
  }
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    throw new AdminError("forbidden", "csrf", "This request did not come from the back office");
}

/** /api/admin: the back office's JSON API (issue 15; decision 0013). */
export default async function adminRoutes(
  base: FastifyInstance,
  { services, config }: { services: Services; config: Config },
) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { admin } = services;
  app.setValidatorCompiler(zodValidator("field"));
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES, fields: 20, parts: IMAGE_MAX_FILES + 20 },
  });
  if (!app.hasRequestDecorator("adminPrincipal")) app.decorateRequest("adminPrincipal", null);
  // Back-office answers are private: no cache may keep them.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/login",
    {
      schema: {
        summary: "Sign in to the back office (sets the session cookie)",
        tags: adminTags,
        body: AdminLoginSchema,
        response: { 200: AdminSessionAnswerSchema, ...adminErrors(400, 429) },
      },
      onRequest: async (request) => checkOrigin(request, config),
    },
    async (request, reply) => {
      const { token, principal: session } = await admin.sessions.login(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        demoOwnerAllowed: demoOwnerAllowed(config, request),
      });
      reply.header("set-cookie", admin.sessions.cookie(token));
      return {
        success: true,
        user: session.user,
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      };
    },
  );

  // Everything else needs a session; changes also need the CSRF token and this site's Origin.
  await app.register(async (guarded) => {
    guarded.addHook("onRequest", async (request) => {
      const session = await admin.sessions.authenticate(
        cookieValue(request.headers.cookie, ADMIN_SESSION_COOKIE),
      );
      if (!session) {
        // A storefront token is never a back-office session; a shopper's valid one is told so plainly.
        const token = tokenFrom(request);
        const shopper = token ? await services.accounts.authenticate(token).catch(() => null) : null;
        if (shopper)
          throw new AdminError(
            "forbidden",
            "forbidden",
            "A shopper's account has no access to the back office",
          );
        throw new AdminError("unauthenticated", "unauthenticated", "Sign in to the back office");
      }
      if (request.routeOptions.config.ownerOnly && session.user.role !== "owner")
        throw new AdminError("forbidden", "forbidden", "Only the shop's owner can do this");
      if (request.method !== "GET" && request.method !== "HEAD") {
        checkOrigin(request, config);
        const sent = request.headers[ADMIN_CSRF_HEADER];
        if (!sameToken(Array.isArray(sent) ? sent[0] : sent, session.csrfToken))
          throw new AdminError("forbidden", "csrf", "The page is out of date: reload it and try again");
      }
      request.adminPrincipal = session;
    });
    const scope = guarded.withTypeProvider<ApiTypeProvider>();

    scope.post(
      "/logout",
      {
        schema: {
          summary: "Sign out of the back office",
          tags: adminTags,
          security: adminSession,
          response: { 200: OkAnswerSchema, ...adminErrors() },
        },
      },
      async (request, reply) => {
        await admin.sessions.logout(principal(request).sessionId);
        reply.header("set-cookie", admin.sessions.clearCookie());
        return { success: true };
      },
    );

    scope.get(
      "/me",
      {
        schema: {
          summary: "The signed-in back-office user and the CSRF token",
          tags: adminTags,
          security: adminSession,
          response: { 200: AdminSessionAnswerSchema, ...adminErrors() },
        },
      },
      async (request) => {
        const session = principal(request);
        return {
          success: true,
          user: session.user,
          csrfToken: session.csrfToken,
          expiresAt: session.expiresAt,
        };
      },
    );

    await scope.register(orderRoutes, { services, config });
    await scope.register(customerRoutes, { services });
    await scope.register(exportRoutes, { services });
    await scope.register(catalogRoutes, { services });
    await scope.register(contentRoutes, { services });
    await scope.register(inboxRoutes, { services });
    await scope.register(homeVisitRoutes, { services });
    await scope.register(ownerRoutes, { services });
    await scope.register(mailRoutes, { services });
    await scope.register(refundRoutes, { services });
    await scope.register(returnRoutes, { services });
    await scope.register(quoteRoutes, { services });
    await scope.register(promotionRoutes, { services });
    await scope.register(stitchingRoutes, { services });
  });
}
