import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/**
 * The security headers every answer carries: helmet's defaults, but for the referrer policy (below), the content security policy
 * (pages get their own, per response, from server/ssr.ts; JSON and images need none) and the
 * cross-origin embedder policy (product images and fonts are plain same-site files). They never vary by
 * request, so helmet runs once, here, and the server sets the result on each answer: building helmet's
 * middleware for every request, as the Fastify plugin does, cost a cheap answer 7 % of its CPU.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser posts a page's form with `Origin: null`, which React
    // Router's action check (and ours) must refuse, so no form could work before the page's script
    // (issue 22). Other sites still get no referrer.
    referrerPolicy: { policy: "same-origin" },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}
