import type { CartLine } from "#core/cart.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import { CART_CHANGED_EVENT } from "./cart-count";

export const WISHLIST_CHANGED_EVENT = "store:wishlist-changed";

/** A wishlist entry: the product without quantity, size or colour (SPEC §3). */
export interface WishlistItem {
  _id: string;
  slug: string;
  name: string;
  image: string;
  price: number;
  salePrice?: number;
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function readCart(): CartLine[] {
  const value = read<{ items?: CartLine[] }>(STORAGE_KEYS.cart, {});
  return Array.isArray(value.items) ? value.items : [];
}

export function writeCart(items: CartLine[]) {
  window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ items }));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

export function readWishlist(): WishlistItem[] {
  const value = read<WishlistItem[]>(STORAGE_KEYS.wishlist, []);
  return Array.isArray(value) ? value : [];
}

/** SPEC §4: no duplicates by _id; returns false when the product was already there. */
export function addToWishlist(item: WishlistItem): boolean {
  const items = readWishlist();
  if (items.some((i) => i._id === item._id)) return false;
  window.localStorage.setItem(STORAGE_KEYS.wishlist, JSON.stringify([...items, item]));
  window.dispatchEvent(new Event(WISHLIST_CHANGED_EVENT));
  return true;
}
