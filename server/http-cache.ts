import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** Sends JSON with a strong ETag and answers 304 when the client already holds the same bytes. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = JSON.stringify(payload);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  reply.header("etag", etag);
  reply.header("cache-control", "public, max-age=0, must-revalidate");
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(body);
}

/** Sent with an ETag: a matching If-None-Match is answered 304 with no body. */
export const notModified = {
  304: z.null().describe("Not modified: the client's copy (If-None-Match) is current"),
};
