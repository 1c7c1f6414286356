import { redirect } from "react-router";
import { cookieValue } from "#core/page-session.ts";
import { codeCookie, normalCode } from "./promo-code";

/** Set for one answer after a code link: the page it lands on says the code was kept. */
const NOTICE_COOKIE = "store_code_notice";

const isSecure = (url: URL) => url.protocol === "https:";

/**
 * A link `…?code=EID20` to any storefront page (issue 28), and the code box's form before JavaScript
 * (a GET to /cart or /checkout): the server keeps the code for the session (app/lib/promo-code.ts) and
 * sends the shopper to the same page without it in the address, so no page's script pays for the pick-up
 * and a shared or bookmarked address does not carry it on. An empty `code=` forgets the code; one that
 * cannot be a code is dropped. The page it lands on says, once, that the code was kept.
 * Throws the redirect; returns nothing when the address has no `code`.
 */
export function pickUpCodeLink(request: Request): void {
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.searchParams.has("code")) return;
  const raw = url.searchParams.get("code") ?? "";
  url.searchParams.delete("code");
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const code = normalCode(raw);
  if (code || raw.trim() === "") headers.append("Set-Cookie", codeCookie(code, isSecure(url)));
  if (code) {
    headers.append(
      "Set-Cookie",
      `${NOTICE_COOKIE}=${code}; path=${url.pathname}; max-age=120; samesite=lax${isSecure(url) ? "; secure" : ""}`,
    );
  }
  throw redirect(url.pathname + url.search, { status: 303, headers });
}

/**
 * The code to announce on this answer (just kept by a link) and the header that removes the notice's
 * cookie, so it is said once.
 */
export function codeNotice(request: Request): { code: string; clear: string } | null {
  const code = normalCode(cookieValue(request.headers.get("cookie"), NOTICE_COOKIE));
  if (!code) return null;
  const url = new URL(request.url);
  return { code, clear: `${NOTICE_COOKIE}=; path=${url.pathname}; max-age=0; samesite=lax` };
}
