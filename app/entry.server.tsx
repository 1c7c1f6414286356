import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext } from "./lib/context";
import { startAfterPaintStream } from "./lib/start-after-paint.server";
import { StylesheetTextContext } from "./lib/stylesheet";

// The Fastify server sets the services and the CSP nonce under these keys; they must be the build's own.
export { clientIpContext, cspNonceContext, incomingRequestContext, servicesContext } from "./lib/context";

export const streamTimeout = 5_000;

const stylesheets = new Map<string, string | undefined>();
/** A built stylesheet's text, read once (build/client beside this bundle); none with Vite's dev server. */
function readStylesheet(href: string): string | undefined {
  if (!stylesheets.has(href)) {
    let text: string | undefined;
    try {
      text = readFileSync(new URL(`../client${href}`, import.meta.url), "utf8");
    } catch {
      text = undefined;
    }
    stylesheets.set(href, text);
  }
  return stylesheets.get(href);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link previews get the whole page at once; browsers get the shell streamed first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const nonce = loadContext.get(cspNonceContext) || undefined;
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetTextContext value={readStylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetTextContext>,
      {
        nonce,
        // React outlines a finished Suspense boundary that would take the HTML past 12.8 KB: it sends a
        // fallback in its place and the content after it, hidden until an inline script swaps them (or
        // never, without JavaScript). A page the server has drawn goes out in place instead: /checkout's
        // form, drawn from the session cookie, would otherwise paint as "Loading checkout…" and then move.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The built store paints first and fetches its JavaScript after (Vite's dev server as it comes).
          if (import.meta.env.PROD) pipe(startAfterPaintStream()).pipe(body);
          else pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
