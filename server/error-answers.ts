import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AdminErrorCode, IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from "#core/admin.ts";
import type { ErrorCode } from "#core/error-codes.ts";
import { enHttp } from "#core/i18n/en-http.ts";
import { badTextMessage } from "#core/text.ts";
import { isDatabaseBusy } from "./db/connection.ts";
import { HttpError, InputError } from "./http-errors.ts";
import { STATUS_OF_REFUSAL } from "./refusal-status.ts";
import { securityHeaders } from "./security-headers.ts";
import { DomainError } from "./services/errors.ts";

/*
 * How the store answers what goes wrong (moved out of app.ts, issue 23): errors thrown by routes, addresses
 * no route claims or the router cannot read, and requests Node refuses before Fastify sees them. Every
 * answer has the API's `{ success: false, code, message }` shape under /api and a page elsewhere.
 */

const security = securityHeaders();

/** Renders SPEC's not-found page (in the address's language) with the given status. */
export type StatusPage = (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<unknown>;

/**
 * What Fastify's router could not route: an address whose escapes are not UTF-8 (FST_ERR_BAD_URL), a
 * path parameter over its length (FST_ERR_MAX_PARAM_LENGTH). Under /api the answer is the API's shape;
 * elsewhere SPEC's not-found page (400 for an unreadable address), or a plain HTML page without pages.
 */
export function answerUnroutable(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  statusPage: StatusPage | undefined,
) {
  const unreadable = error.code === "FST_ERR_BAD_URL";
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  const status = unreadable ? 400 : tooLong ? 414 : 500;
  if (status === 500) request.log.error({ err: error }, "request failed before routing");
  else request.log.info({ status, code: error.code }, "address refused");
  reply.headers(security);
  if (/^\/api(?:[/?#]|$)/.test(request.url)) {
    const [code, message]: [ErrorCode, string] = unreadable
      ? ["invalid_text", badTextMessage("The address")]
      : tooLong
        ? ["bad_request", "The address is too long."]
        : ["server_error", "Something went wrong on our side. Please try again."];
    return reply
      .code(status)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify({ success: false, code, message }));
  }
  if (statusPage && status !== 500) return statusPage(request, reply, unreadable ? 400 : 404);
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(plainPage(status === 500 ? "Something went wrong" : "This address cannot be read"));
}

/** A page for answers without the storefront's pages (the API-only server tests build). */
const plainPage = (title: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p><a href="/">Home</a></p></html>`;
const notFoundHtml = plainPage("Oops! Page not found");

/**
 * Requests Node refuses before Fastify sees them (headers too large, a request that never finishes
 * arriving, bytes that are not HTTP) get the API's `{ success: false, message }` too, not Node's shape.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, key] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ([431, "headers_too_large", "http.headersTooLarge"] as const)
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? ([408, "request_timeout", "http.requestTimeout"] as const)
        : ([400, "bad_request", "http.badRequest"] as const);
  this.log.info({ status, code: error.code }, "request refused before routing");
  if (socket.writable) {
    const body = JSON.stringify({ success: false, code, message: enHttp[key] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** What a refusal carries to its answer, whichever layer made it. */
interface Answer {
  status: number;
  code: string;
  message: string;
  field: string | undefined;
  headers: Record<string, string> | undefined;
  /** More the refusal carries (DomainError's `details`), sent beside its code and message. */
  details?: Record<string, string>;
  /** Made on purpose (a DomainError or HttpError), not a failure whose details belong in the log. */
  deliberate: boolean;
}

const OUR_SIDE = "Something went wrong on our side. Please try again.";
const isAdmin = (request: FastifyRequest) => /^\/api\/admin(?:[/?#]|$)/.test(request.url);

/** A refusal made on purpose: a service's DomainError, or an HttpError of the HTTP layer (guards, schemas). */
function deliberateAnswer(error: DomainError | HttpError): Answer {
  if (error instanceof DomainError)
    return {
      status: STATUS_OF_REFUSAL[error.refusal],
      code: error.code,
      message: error.message,
      field: error.field,
      headers:
        error.retryAfterSeconds === undefined
          ? undefined
          : { "retry-after": String(error.retryAfterSeconds) },
      details: error.details,
      deliberate: true,
    };
  return {
    status: error.statusCode,
    code: error.code,
    message: error.message,
    field: error instanceof InputError ? error.field : undefined,
    headers: error.headers,
    deliberate: true,
  };
}

/** Fastify's own refusals and failures under /api/admin, in the back office's codes (core/admin.ts). */
function adminAnswer(error: FastifyError, status: number): Answer {
  const answer = (code: AdminErrorCode | "server_error", message = error.message, at = status): Answer => ({
    status: at,
    code,
    message,
    field: undefined,
    headers: undefined,
    deliberate: false,
  });
  if (error.code === "FST_REQ_FILE_TOO_LARGE")
    return answer("file_too_large", `A file is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  if (error.code === "FST_FILES_LIMIT" || error.code === "FST_PARTS_LIMIT")
    return answer("too_many_files", `At most ${IMAGE_MAX_FILES} files at once`);
  if (error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return answer("validation", "Send the images as multipart/form-data", 415);
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return answer("file_too_large");
  if (error.code?.startsWith("FST_ERR_CTP"))
    return answer("validation", "The request body could not be read");
  if (status >= 500) return answer("server_error", OUR_SIDE);
  return answer(ADMIN_CODE_OF_STATUS[status] ?? "validation");
}

const ADMIN_CODE_OF_STATUS: Record<number, AdminErrorCode> = {
  400: "validation",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "file_too_large",
  415: "validation",
  429: "rate_limited",
};

/** Fastify's own refusals and failures elsewhere, in the storefront's codes (core/error-codes.ts). */
function storefrontAnswer(error: FastifyError, status: number): Answer {
  return {
    status,
    code: status >= 500 ? "server_error" : clientCode(error, status),
    message: status >= 500 ? OUR_SIDE : clientMessage(error),
    field: undefined,
    headers: undefined,
    deliberate: false,
  };
}

/**
 * The one error handler (issue 23): every error a route or hook throws, storefront and back office. A
 * refusal made on purpose is its own answer; a database too busy to take a write is a 503 to try again;
 * Fastify's own refusals get their codes (the back office's under /api/admin); anything else is a 500
 * whose details stay in the log.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const admin = isAdmin(request);
  const deliberate = error instanceof DomainError || error instanceof HttpError;
  // A write the database could not take in time (see isDatabaseBusy) left nothing behind: the shopper
  // is asked to try again, whichever route met it.
  if (!deliberate && !admin && isDatabaseBusy(error)) {
    request.log.warn({ err: error }, "database busy");
    return reply
      .code(503)
      .header("retry-after", "1")
      .send({ success: false, code: "busy", message: enHttp["http.busy"] });
  }
  const status = typeof error.statusCode === "number" ? error.statusCode : 500;
  const answer = deliberate
    ? deliberateAnswer(error)
    : admin
      ? adminAnswer(error, status)
      : storefrontAnswer(error, status);
  // A deliberate answer at 500 or above (e.g. 'Google sign-in is not configured') is not a bug.
  if (answer.status >= 500 && !answer.deliberate) request.log.error({ err: error }, "request failed");
  else
    request.log.info(
      { status: answer.status, code: answer.code, message: answer.message },
      "request refused",
    );
  if (answer.headers) reply.headers(answer.headers);
  // The back office marks a field only for text it cannot take (its forms mark fields themselves).
  const field = answer.field && (!admin || answer.code === "invalid_text") ? { field: answer.field } : {};
  return reply
    .code(answer.status)
    .send({ success: false, code: answer.code, message: answer.message, ...field, ...answer.details });
}

/** Whatever no route claims; `statusPage` is read on each request, since pages register last. */
export function answerNotFound(statusPage: () => StatusPage | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (/^\/api(?:[/?#]|$)/.test(request.url))
      return reply.code(404).send({
        success: false,
        code: "not_found",
        message: `No API route ${request.method} ${request.url}`,
      });
    const page = statusPage();
    if (page && (request.method === "GET" || request.method === "HEAD")) return page(request, reply, 404);
    return reply.code(404).type("text/html; charset=utf-8").send(notFoundHtml);
  };
}

/** The code of a refusal Fastify made itself (an unreadable body, a wrong content type, a body too large). */
function clientCode(error: { code?: string }, status: number): ErrorCode {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "unsupported_media_type";
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) return "payload_too_large";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  return "bad_request";
}

function clientMessage(error: { code?: string; message: string }): string {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Unsupported content type";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty";
  if (error.code?.startsWith("FST_ERR_CTP")) return "The request body could not be read";
  return error.message;
}
