/**
 * The page session (docs/decisions/0018-forms-before-javascript.md): a sign-in made by the plain HTML form,
 * before or without the page's script, leaves the session token in an httpOnly cookie that only page
 * loaders and actions read (never /api, which takes the `token` header only). The first hydrated page
 * then asks for it once (POST PAGE_SESSION_HANDOFF_PATH) and keeps it where SPEC §4 keeps it.
 */
export const PAGE_SESSION_COOKIE = "store_page_session";
/** Set beside the page session by a native sign-in; readable by the page, removed by the handoff. */
export const HANDOFF_COOKIE = "store_handoff";
/** The double-submit token of the storefront's native forms: this cookie and the form's hidden field. */
export const CSRF_COOKIE = "store_csrf";
export const CSRF_FIELD = "csrf";
/** Answers the page session's token once (POST), and ends the page session (DELETE). */
export const PAGE_SESSION_HANDOFF_PATH = "/page-session";

/** One cookie's value from a `Cookie` header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  const prefix = `${name}=`;
  const found = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return found ? found : null;
}

/** A `Set-Cookie` value on path /; `maxAge` 0 removes it. */
export function setCookie(
  name: string,
  value: string,
  options: { maxAge: number; httpOnly: boolean; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    "SameSite=Lax",
    ...(options.httpOnly ? ["HttpOnly"] : []),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

const TOKEN_PATTERN = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The page session's token from a `Cookie` header, when it has a session token's shape. */
export function pageSessionFromCookie(header: string | null | undefined): string | null {
  const value = cookieValue(header, PAGE_SESSION_COOKIE);
  return value && value.length <= 2048 && TOKEN_PATTERN.test(value) ? value : null;
}

/** Seconds until a session token's `exp` (0 when unreadable or past). */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const part = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    const payload = JSON.parse(atob(part)) as { exp?: unknown };
    return typeof payload.exp === "number" ? Math.max(0, Math.floor(payload.exp - now / 1000)) : 0;
  } catch {
    return 0;
  }
}

/** The cookies a native sign-in sets: the page session (httpOnly) and the handoff's mark. */
export function pageSessionCookies(token: string, secure: boolean): string[] {
  const maxAge = secondsLeft(token);
  return [
    setCookie(PAGE_SESSION_COOKIE, token, { maxAge, httpOnly: true, secure }),
    setCookie(HANDOFF_COOKIE, "1", { maxAge: Math.min(maxAge, 3600), httpOnly: false, secure }),
  ];
}

/** The cookies that end the page session (log-out). */
export function endPageSessionCookies(secure: boolean): string[] {
  return [
    setCookie(PAGE_SESSION_COOKIE, "", { maxAge: 0, httpOnly: true, secure }),
    setCookie(HANDOFF_COOKIE, "", { maxAge: 0, httpOnly: false, secure }),
  ];
}
