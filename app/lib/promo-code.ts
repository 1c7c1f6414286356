/**
 * The discount code a shopper chose (issue 28): kept for the browser session in a cookie on the whole site,
 * read by the cart and checkout loaders to price the first HTML and by their scripts to send it with the
 * quote and the order. (Not on the cart and checkout paths alone, as the cart's copy is: Chromium's
 * `document.cookie` answers for the address the document was loaded at, so /cart reached by a navigation
 * inside the store could not read it.) A link `/?code=EID20` sets it on the server
 * (app/lib/promo-link.server.ts); the code box sets it in the browser.
 */
export const CODE_COOKIE = "store_code";

/** What a code may look like: letters, digits, '-' and '_', up to 40 (the server decides the rest). */
const CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

/** The code as the server stores it (upper case, trimmed), or null when it cannot be one. */
export function normalCode(text: string | null | undefined): string | null {
  const code = (text ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The code a `Cookie` header carries, or null. */
export function codeFromCookie(header: string | null | undefined): string | null {
  return normalCode(new RegExp(`(?:^|;\\s*)${CODE_COOKIE}=([^;]*)`).exec(header ?? "")?.[1]);
}

/**
 * The cookie write that keeps `code` (a session cookie) or removes it (null), for `document.cookie` or as a
 * `Set-Cookie` header.
 */
export function codeCookie(code: string | null, secure: boolean): string {
  const life = code === null ? "; max-age=0" : "";
  return `${CODE_COOKIE}=${code ?? ""}; path=/; samesite=lax${life}${secure ? "; secure" : ""}`;
}

/** The code this browser holds now (the cookie is readable on the cart and checkout pages only). */
export function storedCode(): string | null {
  return typeof document === "undefined" ? null : codeFromCookie(document.cookie);
}

/** Keeps (or, with null, forgets) the shopper's code for the session. */
export function storeCode(code: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
  document.cookie = codeCookie(code, window.location.protocol === "https:");
}
