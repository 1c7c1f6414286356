import type { CartLine } from "#core/cart.ts";
import { cartCookieValue, cartCookieWrites } from "#core/cart-cookie.ts";
import { PENDING_COOKIE } from "#core/pending-cookie.ts";

/**
 * Fetched by the cart store once the page has read the browser's cart (not with the page): keeps the
 * cookie copy of the lines (core/cart-cookie.ts), and when lines or wishes were posted without JavaScript
 * (the pending cookie, decision 0033) starts their merge into the browser's storage.
 */

/**
 * The copy this browser last wrote, kept beside the cart, so an unchanged cart is not written again on
 * every page (five cookie writes, each a synchronous round trip to the browser's cookie store, in the task
 * after hydration: docs/decisions/0011-speed.md, "Total blocking time"). Cookies cleared while storage
 * stays only leave /cart drawn without the copy until the next change.
 */
const COPIED_KEY = "store.cartCopy";
let merging = false;

/** The copy last written in this browser (by any tab); storage that cannot be read counts as none. */
function lastCopied(): string | null {
  try {
    return window.localStorage.getItem(COPIED_KEY);
  } catch {
    return null;
  }
}

export function copyCart(lines: CartLine[]): void {
  const value = cartCookieValue(lines);
  const marker = JSON.stringify(value);
  if (marker !== lastCopied()) {
    try {
      window.localStorage.setItem(COPIED_KEY, marker);
    } catch {}
    for (const write of cartCookieWrites(value, window.location.protocol === "https:")) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
      document.cookie = write;
    }
  }
  if (!merging && document.cookie.split(/;\s*/).some((c) => c.startsWith(`${PENDING_COOKIE}=`))) {
    merging = true;
    void import("./pending-merge").then((m) => m.mergePending());
  }
}
