import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "#core/constants.ts";

export const CART_CHANGED_EVENT = "store:cart-changed";

/** Sum of quantities in the persisted cart (SPEC §4 totals: itemCount). Unreadable data counts as empty. */
export function readCartCount(): number {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    if (!raw) return 0;
    const parsed = JSON.parse(raw) as { items?: { quantity?: unknown }[] };
    return (parsed.items ?? []).reduce((sum, item) => {
      const quantity = Number(item.quantity);
      return sum + (Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0);
    }, 0);
  } catch {
    return 0;
  }
}

function subscribe(listener: () => void) {
  window.addEventListener("storage", listener);
  window.addEventListener(CART_CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(CART_CHANGED_EVENT, listener);
  };
}

/** The header and bottom-bar badge; 0 on the server, the real count once the page is interactive. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCartCount, () => 0);
}
