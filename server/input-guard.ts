import type { FastifyInstance, FastifyRequest } from "fastify";
import { findBadText } from "#core/text.ts";
import { badTextError, HttpError } from "./http-errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A storefront page (server/ssr.ts): bad input gets an HTML page, never a JSON refusal. */
    page?: boolean;
  }
}

/** Percent-escapes in a row; a row that is not UTF-8 (`%ED%A0%80`, a lone surrogate's bytes) is not text. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

function undecodable(raw: string): boolean {
  for (const run of raw.match(ESCAPE_RUN) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * The query field whose raw spelling holds escapes that are not UTF-8: the query parser keeps such a
 * value as it came (`%ED%A0%80` stays six characters), so it is found here rather than in the value.
 */
function undecodableQueryField(url: string): string | undefined {
  const start = url.indexOf("?");
  if (start === -1) return undefined;
  for (const pair of url.slice(start + 1).split("&")) {
    const [key = "", value = ""] = pair.split(/=(.*)/s);
    if (undecodable(key)) return "query";
    if (undecodable(value)) return decodedKey(key) || "query";
  }
  return undefined;
}

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}

/**
 * The field of the request's address (query or path parameters) that is not text (core/text.ts), or
 * undefined. A wildcard's part of the path is named `path`.
 */
export function findBadAddressText(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const inParams = findBadText(params);
  if (inParams !== undefined) return inParams === "*" ? "path" : inParams;
  return findBadText(request.query) ?? undecodableQueryField(request.url);
}

/**
 * Two checks every request meets before its route sees it (issue 21, findings 7 and 9; decision 0020):
 * - a declared Content-Length above the route's body limit is a 413 at once, before a byte of the body
 *   is read, and every 413 closes the connection, so Node does not read the rest of the body to reuse it;
 * - text that is not text (a NUL or an unpaired surrogate) in the query, the path's parameters or a JSON
 *   body is a 400 `invalid_text` naming the field, before the route's schema, service or database.
 *   Storefront pages are left to the page handler, which answers with an HTML page.
 * Multipart bodies are read by their routes; server/routes/api/admin/index.ts checks their text parts.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const declared = Number(request.headers["content-length"]);
    const limit = request.routeOptions.bodyLimit;
    if (declared > limit) throw new HttpError(413, "payload_too_large", tooLarge(limit));
    if (request.routeOptions.config.page) return;
    const field = findBadAddressText(request);
    if (field !== undefined) throw badTextError(field);
  });
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.page || request.body === undefined) return;
    const field = findBadText(request.body, "body");
    if (field === undefined) return;
    // A body's fields are named as a form names them (`name`, `items.0.size`); the body itself as `body`.
    throw badTextError(field === "body" ? field : field.slice("body.".length));
  });
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 413) reply.header("connection", "close");
  });
}

function tooLarge(limit: number): string {
  const size =
    limit >= 1024 * 1024
      ? `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`
      : `${Math.ceil(limit / 1024)} KB`;
  return `The request is larger than this address takes (${size}).`;
}
