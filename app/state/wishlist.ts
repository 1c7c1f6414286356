import { useSyncExternalStore } from "react";
import { toast } from "sonner";
import type { WishlistItem } from "#core/cart.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";
import { api, getToken } from "./session";

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

function subscribe(listener: () => void) {
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
  return useSyncExternalStore(subscribe, current, () => SERVER_STATE);
}

export function getWishlistItems(): WishlistItem[] {
  return current().items;
}

/** With a token, the server wishlist follows; 'already there' and 'not there' are the state we wanted. */
async function sync(path: string, productId: string) {
  if (!getToken()) return;
  const result = await api(path, { body: { productId } });
  if (result.success || result.status === 409 || result.status === 404) return;
  toast.error(t("toast.error"), { description: result.message || t("cart.quoteFailed") });
}

/** SPEC §4: a duplicate is refused with a notice ('Already in wishlist'); returns whether it was added. */
export function addToWishlist(item: WishlistItem, options: { silent?: boolean } = {}): boolean {
  const items = current().items;
  if (items.some((i) => i._id === item._id)) {
    if (!options.silent) toast(t("toast.alreadyInWishlist"));
    return false;
  }
  setWishlistItems([...items, item]);
  if (!options.silent) toast.success(t("toast.addedToWishlist"));
  void sync("/api/wishlist/add", item._id);
  return true;
}

export function removeFromWishlist(productId: string): void {
  setWishlistItems(current().items.filter((i) => i._id !== productId));
  toast.success(t("toast.removedFromWishlist"));
  void sync("/api/wishlist/remove", productId);
}
