// Issue 21: is this request from this very machine? The raw socket's peer (never X-Forwarded-For, even with
// TRUST_PROXY) must be loopback and the Host header must name localhost.
import type { IncomingMessage } from "node:http";
import { isLocalHostname, isLocalSiteUrl, isLoopbackAddress } from "../core/local-address.ts";
import type { Config } from "./config.ts";

export function isLocalRequest(request: { raw: IncomingMessage } | IncomingMessage): boolean {
  const raw = "raw" in request ? request.raw : request;
  return isLoopbackAddress(raw.socket?.remoteAddress) && isLocalHostname(raw.headers.host);
}

/** The shop's public address is this machine: the demo store as `npm start` runs it. */
export function siteIsLocal(config: Pick<Config, "PUBLIC_SITE_URL">): boolean {
  return isLocalSiteUrl(config.PUBLIC_SITE_URL);
}

/** May this request use the test payment sandbox (and Paymennt's test mode)? */
export function sandboxAllowed(
  config: Pick<Config, "ALLOW_PUBLIC_SANDBOX">,
  request: Parameters<typeof isLocalRequest>[0],
): boolean {
  return config.ALLOW_PUBLIC_SANDBOX || isLocalRequest(request);
}

/** May this request log in as the seeded demo owner? */
export function demoOwnerAllowed(
  config: Pick<Config, "ALLOW_PUBLIC_DEMO_OWNER">,
  request: Parameters<typeof isLocalRequest>[0],
): boolean {
  return config.ALLOW_PUBLIC_DEMO_OWNER || isLocalRequest(request);
}
