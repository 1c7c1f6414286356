/**
 * The discount code a shopper chose (issue 28): kept for the browser session in a cookie that only the cart
 * and checkout pages receive (like the cart's copy: public pages' answers stay the same for everyone), read
 * by their loaders to price the first HTML and by their scripts to send it with the quote and the order.
 * A link `/?code=EID20` sets it on the server (app/lib/promo-link.server.ts); the code box sets it in the
 * browser.
 */
export const CODE_COOKIE = "store_code";

/**
 * The pages that read it, in each language: core/cart-cookie.ts's CART_COOKIE_PATHS, written out here so
 * the pages' scripts do not carry the cart copy's module for four strings.
 */
const CODE_COOKIE_PATHS = ["/cart", "/checkout", "/ar/cart", "/ar/checkout"];

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
 * The cookie writes that keep `code` (a session cookie on each page that reads it) or remove it (null),
 * for `document.cookie` one at a time or as `Set-Cookie` headers.
 */
export function codeCookieWrites(code: string | null, secure: boolean): string[] {
  const life = code === null ? "; max-age=0" : "";
  return CODE_COOKIE_PATHS.map(
    (path) => `${CODE_COOKIE}=${code ?? ""}; path=${path}; samesite=lax${life}${secure ? "; secure" : ""}`,
  );
}

/** The code this browser holds now (the cookie is readable on the cart and checkout pages only). */
export function storedCode(): string | null {
  return typeof document === "undefined" ? null : codeFromCookie(document.cookie);
}

/** Keeps (or, with null, forgets) the shopper's code for the session. */
export function storeCode(code: string | null): void {
  for (const write of codeCookieWrites(code, window.location.protocol === "https:")) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
    document.cookie = write;
  }
}
