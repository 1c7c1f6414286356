import { useSyncExternalStore } from "react";
import type { WishlistItem } from "#core/cart.ts";
import { STORAGE_KEYS } from "#core/constants.ts";

export type { WishlistItem };

/**
 * SPEC §3/§4 Wishlist: saved products without quantity, size or colour, no duplicates by _id, persisted in
 * localStorage and followed across tabs. With a token each change also goes to the server wishlist
 * (beyond SPEC, issue 10), so it follows the shopper across devices; a visitor's stays local.
 */
interface WishlistState {
  ready: boolean;
  items: WishlistItem[];
}

const SERVER_STATE: WishlistState = { ready: false, items: [] };
let state: WishlistState | undefined;
const listeners = new Set<() => void>();

function readItems(): WishlistItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.wishlist);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (i): i is WishlistItem =>
        !!i && typeof i === "object" && typeof i._id === "string" && typeof i.name === "string",
    );
  } catch {
    return [];
  }
}

function current(): WishlistState {
  state ??= { ready: true, items: readItems() };
  return state;
}

export function setWishlistItems(items: WishlistItem[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.wishlist, JSON.stringify(items));
  } catch {}
  state = { ready: true, items };
  for (const listener of listeners) listener();
}

export function subscribeWishlist(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.wishlist) return;
    state = { ready: true, items: readItems() };
    for (const l of listeners) l();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useWishlist(): WishlistState {
  return useSyncExternalStore(subscribeWishlist, current, () => SERVER_STATE);
}

export function getWishlistItems(): WishlistItem[] {
  return current().items;
}

/** Whether a session token is held (read from storage, so this store does not load the HTTP client). */
export function signedIn(): boolean {
  try {
    return !!window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return false;
  }
}
