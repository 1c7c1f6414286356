import type { FastifyRequest } from "fastify";

/** Query parameters whose values never reach a log line, by name (case-insensitive). */
const SECRET_PARAMS = /^(password|newpassword|confirmpassword|otp|code|token|credential)$/i;

/**
 * A URL as the log may write it: the value of every query parameter named like a secret (password, otp,
 * code, token…) is replaced by `[redacted]`. A form that submitted as a GET before its page's script
 * arrived would otherwise leave the shopper's password in every log line of that request (issue 22).
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const query = url.slice(mark + 1);
  const redacted = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {}
      return equals >= 0 && SECRET_PARAMS.test(name.trim()) ? `${rawName}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, mark)}?${redacted}`;
}

/** The request as every log line describes it (Fastify's own fields), with its URL's secrets redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
