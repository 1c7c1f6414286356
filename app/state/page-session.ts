import { HANDOFF_COOKIE, PAGE_SESSION_HANDOFF_PATH } from "#core/page-session.ts";
import { login } from "./session";

/**
 * The browser's half of the page session (docs/decisions/0018-forms-before-javascript.md): a sign-in made
 * by the plain HTML form leaves a mark; the first hydrated page that sees it asks for the token once,
 * keeps it under SPEC §4's key and runs the same log-in as the scripted form (carts and wishlists merged,
 * the profile read). Loaded by the pages that use it, never by every page.
 */
export function hasHandoffMark(): boolean {
  return typeof document !== "undefined" && document.cookie.split(/;\s*/).includes(`${HANDOFF_COOKIE}=1`);
}

/** True when a native sign-in's token was received and the shopper is now signed in in this browser too. */
export async function receivePageSession(): Promise<boolean> {
  try {
    const response = await fetch(PAGE_SESSION_HANDOFF_PATH, { method: "POST", credentials: "same-origin" });
    if (!response.ok) return false;
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== "string") return false;
    await login(token);
    return true;
  } catch {
    return false;
  }
}

/** Log-out ends the page session too (its cookie is httpOnly: only the server can remove it). */
export function endPageSession(): Promise<unknown> {
  return fetch(PAGE_SESSION_HANDOFF_PATH, {
    method: "DELETE",
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}
