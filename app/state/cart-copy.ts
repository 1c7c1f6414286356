import type { CartLine } from "#core/cart.ts";
import { cartCookieValue, cartCookieWrites } from "#core/cart-cookie.ts";
import { PENDING_COOKIE } from "#core/pending-cookie.ts";

/**
 * Fetched by the cart store once the page has read the browser's cart (not with the page): keeps the
 * cookie copy of the lines (core/cart-cookie.ts), and when lines or wishes were posted without JavaScript
 * (the pending cookie, decision 0033) starts their merge into the browser's storage.
 */

/** The copy last written by this page, so an unchanged cart is not written again. */
let copied: string | null | undefined;
let merging = false;

export function copyCart(lines: CartLine[]): void {
  const value = cartCookieValue(lines);
  if (value !== copied) {
    copied = value;
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
