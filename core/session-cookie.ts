import { cookieCopyWrites } from "./cookie-copy.ts";

/**
 * A copy of the browser's session token (SPEC §4: it lives in localStorage) in a cookie that only the
 * checkout pages receive, so the server can draw /checkout whole, with the shopper's saved addresses, in
 * the page's first HTML instead of a loading line that the form replaces after hydration (decision 0011,
 * "/checkout drawn by the server"). localStorage stays the session; the API never reads this cookie (it
 * takes the `token` header only), so the cookie cannot act for the shopper anywhere.
 */
export const SESSION_COOKIE = "store_session";

/** The only paths the copy is sent to: /checkout in each language. No other request carries it. */
export const SESSION_COOKIE_PATHS = ["/checkout", "/ar/checkout"] as const;

/** A session token is a compact JWS (three base64url parts); anything else in the cookie is ignored. */
const TOKEN_PATTERN = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const MAX_TOKEN_CHARS = 2048;

/** The `document.cookie` assignments that set (token) or remove (null) the copy on every path it lives on. */
export function sessionCookieWrites(token: string | null, secure: boolean): string[] {
  const value = token !== null && isTokenShaped(token) ? token : null;
  return cookieCopyWrites(SESSION_COOKIE, value, SESSION_COOKIE_PATHS, "strict", secure);
}

/** The token a `Cookie` header's copy holds, or null when it has none (or not a token's shape). */
export function sessionFromCookie(header: string | null | undefined): string | null {
  const prefix = `${SESSION_COOKIE}=`;
  const value = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return value && isTokenShaped(value) ? value : null;
}

function isTokenShaped(value: string): boolean {
  return value.length <= MAX_TOKEN_CHARS && TOKEN_PATTERN.test(value);
}
