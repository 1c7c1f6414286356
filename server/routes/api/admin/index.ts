import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  type AdminErrorCode,
  AdminErrorSchema,
  AdminLoginSchema,
  AdminSessionAnswerSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  OkAnswerSchema,
} from "#core/admin.ts";
import { findBadText } from "#core/text.ts";
import type { Config } from "../../../config.ts";
import { badTextError, HttpError, InputError, zodValidator } from "../../../http-errors.ts";
import { demoOwnerAllowed } from "../../../locality.ts";
import { tokenFrom } from "../../../plugins/auth.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import { type AuditRecorder, auditRecorder } from "../../../services/admin-audit.ts";
import type { UploadedFile } from "../../../services/admin-catalog.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import { type AdminPrincipal, cookieValue, sameToken } from "../../../services/admin-session.ts";
import type { Services } from "../../../services/index.ts";
import catalogRoutes from "./catalog.ts";
import contentRoutes from "./content.ts";
import customerRoutes from "./customers.ts";
import exportRoutes from "./exports.ts";
import inboxRoutes from "./inbox.ts";
import mailRoutes from "./mail.ts";
import orderRoutes from "./orders.ts";
import ownerRoutes from "./owner.ts";
import promotionRoutes from "./promotions.ts";
import refundRoutes from "./refunds.ts";
import returnRoutes from "./returns.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The back-office session of a guarded /api/admin route. */
    adminPrincipal: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Owner only: staff get 403 (staff management, settings, the audit log). */
    ownerOnly?: boolean;
  }
}

export const adminTags = ["admin"];
/** The back office's cookie session (decision 0013); documented apart from the storefront's token. */
export const adminSession: { [scheme: string]: string[] }[] = [{ adminSession: [] }];

const errorText: Record<number, string> = {
  400: "The body or query does not match the schema (code validation), or the shop refuses it.",
  401: "No back-office session, or it expired (code unauthenticated).",
  403: "The role may not do this (forbidden), the CSRF token or Origin is wrong (csrf), or the demo owner signs in from another machine (demo_owner_local_only).",
  404: "Not found.",
  409: "Conflicts with the shop's current state; the code says which.",
  413: "A file is too large, or too many files (file_too_large, too_many_files).",
  415: "An upload is not an image (not_image).",
  429: "Too many log-in attempts (rate_limited).",
};

/** The `{ success: false, message, code }` answers of an admin route, by status (500 is common to all). */
export function adminErrors(...statuses: number[]) {
  return Object.fromEntries(
    [401, 403, ...statuses, 500].map((status) => [
      status,
      AdminErrorSchema.describe(errorText[status] ?? "Something went wrong on our side."),
    ]),
  );
}

/** The signed-in user of a guarded route. */
export function principal(request: FastifyRequest): AdminPrincipal {
  if (!request.adminPrincipal) throw new Error("the admin guard must run before this route");
  return request.adminPrincipal;
}

/** An audit recorder acting as the request's user. */
export function auditAs(request: FastifyRequest): AuditRecorder {
  const { user } = principal(request);
  return auditRecorder({ id: user.id, name: user.name });
}

/**
 * The uploaded files of a multipart request (field names are not checked: every file is an image). Its
 * text (file names, and text parts, which are otherwise ignored) meets the rule every JSON body meets
 * (server/input-guard.ts): a NUL or an unpaired surrogate is a 400 naming the field.
 */
export async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart())
    throw new AdminError(415, "validation", "Send the images as multipart/form-data");
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES } })) {
    const text =
      part.type === "file"
        ? { [part.fieldname]: { filename: part.filename } }
        : { [part.fieldname]: part.value };
    const field = findBadText(text);
    if (field !== undefined) throw badTextError(field);
    if (part.type === "file")
      files.push({ filename: (part.filename || "image").slice(0, 200), buffer: await part.toBuffer() });
  }
  return files;
}

/**
 * The body limit of an upload route, checked against Content-Length before anything is read
 * (server/input-guard.ts): every file at its largest, and room for the multipart framing.
 */
export const uploadBodyLimit = (files: number) => files * IMAGE_MAX_BYTES + 64 * 1024;

const STATUS_CODES: Record<number, AdminErrorCode> = {
  400: "validation",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "file_too_large",
  415: "validation",
  429: "rate_limited",
};

/** Every refusal under /api/admin carries a stable `code` beside the sentence. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status =
    error instanceof HttpError
      ? error.statusCode
      : typeof error.statusCode === "number"
        ? error.statusCode
        : 500;
  let code: string;
  let message = error.message;
  // A deliberate refusal keeps its own code (invalid_text and payload_too_large come from the guards
  // every request meets, server/input-guard.ts).
  if (error instanceof HttpError) code = error.code;
  else if (error.code === "FST_REQ_FILE_TOO_LARGE") {
    code = "file_too_large";
    message = `A file is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  } else if (error.code === "FST_FILES_LIMIT" || error.code === "FST_PARTS_LIMIT") {
    code = "too_many_files";
    message = `At most ${IMAGE_MAX_FILES} files at once`;
  } else if (error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    status = 415;
    code = "validation";
    message = "Send the images as multipart/form-data";
  } else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") code = "file_too_large";
  else if (error.code?.startsWith("FST_ERR_CTP")) {
    code = "validation";
    message = "The request body could not be read";
  } else code = STATUS_CODES[status] ?? (status >= 500 ? "server_error" : "validation");
  if (status >= 500 && !(error instanceof HttpError)) {
    request.log.error({ err: error }, "admin request failed");
    message = "Something went wrong on our side. Please try again.";
  } else request.log.info({ status, code, message }, "admin request refused");
  if (error instanceof HttpError && error.headers) reply.headers(error.headers);
  const field = error instanceof InputError && code === "invalid_text" ? { field: error.field } : {};
  return reply.code(status).send({ success: false, message, code, ...field });
}

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
      throw new AdminError(403, "csrf", "This request did not come from the back office");
    return;
  }
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    throw new AdminError(403, "csrf", "This request did not come from the back office");
}

/** /api/admin: the back office's JSON API (issue 15; decision 0013). */
export default async function adminRoutes(
  base: FastifyInstance,
  { services, config }: { services: Services; config: Config },
) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { admin } = services;
  app.setErrorHandler(answerError);
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
          throw new AdminError(403, "forbidden", "A shopper's account has no access to the back office");
        throw new AdminError(401, "unauthenticated", "Sign in to the back office");
      }
      if (request.routeOptions.config.ownerOnly && session.user.role !== "owner")
        throw new AdminError(403, "forbidden", "Only the shop's owner can do this");
      if (request.method !== "GET" && request.method !== "HEAD") {
        checkOrigin(request, config);
        const sent = request.headers[ADMIN_CSRF_HEADER];
        if (!sameToken(Array.isArray(sent) ? sent[0] : sent, session.csrfToken))
          throw new AdminError(403, "csrf", "The page is out of date: reload it and try again");
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
    await scope.register(ownerRoutes, { services });
    await scope.register(mailRoutes, { services });
    await scope.register(refundRoutes, { services });
    await scope.register(returnRoutes, { services });
    await scope.register(promotionRoutes, { services });
  });
}

export const IdParams = z.object({ id: z.string().min(1).max(64) });
