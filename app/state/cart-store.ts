import { useSyncExternalStore } from "react";
import type { CartLine } from "#core/cart.ts";
import { type CartTotals, cartTotals } from "#core/cart-totals.ts";
import { STORAGE_KEYS } from "#core/constants.ts";

/**
 * The one cart store of the browser (SPEC §3 client state, §4 Cart): the lines persisted in localStorage
 * under one key, their totals in fils, and every change. The header badge, the product page, /cart and
 * /checkout all read it; other tabs follow through the `storage` event. With a token each change is also
 * sent to the server cart; a failed sync keeps the local change and shows 'Error' (SPEC §4, §8).
 * This module is the reader every page carries (the header badge); the changes live in cart.ts, which
 * pages load when they need them.
 */
export interface CartState {
  /** False on the server and during hydration, before the browser's storage has been read. */
  ready: boolean;
  lines: CartLine[];
  totals: CartTotals;
}

const EMPTY_TOTALS: CartTotals = { subtotalFils: 0, shippingFils: 0, totalFils: 0, itemCount: 0 };
const SERVER_STATE: CartState = { ready: false, lines: [], totals: EMPTY_TOTALS };

let state: CartState | undefined;
/** What storage held when `state` was made: a write by anything else is noticed at the next read. */
let raw: string | null = null;
const listeners = new Set<() => void>();

/**
 * The persisted lines; unreadable data counts as an empty cart. A line needs an id, a size, a finite
 * price and a whole quantity above 0 (anything else was not written by this store and is dropped).
 */
function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.cart);
  } catch {
    return null;
  }
}

function parse(text: string | null): CartLine[] {
  try {
    const items = JSON.parse(text || "{}").items;
    return Array.isArray(items)
      ? items.filter(
          (l: CartLine) =>
            l?._id &&
            l.selectedSize !== undefined &&
            Number.isFinite(l.price) &&
            Number.isInteger(l.quantity) &&
            l.quantity > 0,
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the cookie copy of the lines (core/cart-cookie.ts) equal to storage, so the next /cart or /checkout
 * arrives drawn by the server, and takes in lines added without JavaScript (decision 0033). The code is
 * fetched when first needed, not with every page (changes are written in their order all the same).
 */
function copyToCookie(lines: CartLine[]): void {
  if (typeof document === "undefined") return;
  // In a task of its own: the first read comes in the task that runs the hydrated page's effects, which
  // the module's fetch and the cookie writes would lengthen (docs/decisions/0011-speed.md, "Total
  // blocking time"). Timers keep their order, so the writes still do.
  setTimeout(() => void import("./cart-copy").then((m) => m.copyCart(lines)));
}

function snapshot(lines: CartLine[]): CartState {
  copyToCookie(lines);
  return { ready: true, lines, totals: cartTotals(lines) };
}

export function current(): CartState {
  const now = stored();
  if (!state || now !== raw) {
    raw = now;
    state = snapshot(parse(now));
  }
  return state;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Replaces the cart's lines: storage first, then every reader in this tab. */
export function setCartLines(lines: CartLine[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ items: lines }));
  } catch {
    // Storage full or blocked: the cart still works for this page.
  }
  raw = stored();
  state = snapshot(lines);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // SPEC: the cart works across tabs; another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.cart) return;
    state = undefined;
    emit();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCart(): CartState {
  return useSyncExternalStore(subscribe, current, () => SERVER_STATE);
}

/**
 * Only the number of items (the header's and the bottom bar's badge). A number, not the state: an empty
 * cart reads 0 on the server and in the browser alike, so hydrating the shell re-renders nothing, and a
 * filled one re-renders only the badge's reader (a store that differs after hydration is re-rendered at
 * once, in the task of the page's first effects: docs/decisions/0011-speed.md, "Total blocking time").
 */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, cartCount, () => 0);
}

/** The lines as they are now, outside React (e.g. building an order). */
export function getCartLines(): CartLine[] {
  return current().lines;
}

/** SPEC §4 totals: itemCount; what the header badge and the after-login redirect read. */
export function cartCount(): number {
  return current().totals.itemCount;
}
