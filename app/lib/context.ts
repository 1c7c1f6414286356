import type { IncomingMessage } from "node:http";
import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../../server/services/index.ts";

/** The store's services, handed to every loader and action by the Fastify server (server/ssr.ts). */
export const servicesContext = createContext<Services>();

/** This response's Content-Security-Policy nonce, set by server/ssr.ts; the page's scripts carry it. */
export const cspNonceContext = createContext<string>("");

/**
 * The request as Node received it (server/ssr.ts), for a private page's loader that answers per visitor,
 * e.g. /checkout's card payment (issue 21: a test provider answers only this machine). Never read it in
 * a page the response cache keeps.
 */
export const incomingRequestContext = createContext<IncomingMessage | undefined>(undefined);

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** The client's address as the server sees it (TRUST_PROXY applied), for the native forms' rate limits. */
export const clientIpContext = createContext<string>("");
