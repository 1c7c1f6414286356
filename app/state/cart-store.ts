import { useSyncExternalStore } from "react";
import { type CartLine, type CartTotals, cartTotals } from "#core/cart.ts";
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
/** Set when a change could not reach the server cart, so the next visit to /cart pushes this cart up. */
const UNSYNCED_KEY = "store.cartUnsynced";

let state: CartState | undefined;
const listeners = new Set<() => void>();

function isLine(value: unknown): value is CartLine {
  if (!value || typeof value !== "object") return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line._id === "string" &&
    typeof line.name === "string" &&
    typeof line.price === "number" &&
    Number.isFinite(line.price) &&
    typeof line.selectedSize === "string" &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) > 0
  );
}

/** The persisted lines; unreadable data counts as an empty cart, a malformed line is dropped. */
function readLines(): CartLine[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    const parsed = raw ? (JSON.parse(raw) as { items?: unknown }) : {};
    if (!Array.isArray(parsed.items)) return [];
    return parsed.items.filter(isLine).map((line) => ({
      ...line,
      slug: typeof line.slug === "string" ? line.slug : "",
      image: typeof line.image === "string" ? line.image : "",
      selectedColor: typeof line.selectedColor === "string" ? line.selectedColor : "",
    }));
  } catch {
    return [];
  }
}

const snapshot = (lines: CartLine[]): CartState => ({ ready: true, lines, totals: cartTotals(lines) });

export function current(): CartState {
  state ??= snapshot(readLines());
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
  state = snapshot(lines);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // SPEC: the cart works across tabs; another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.cart) return;
    state = snapshot(readLines());
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

/** The lines as they are now, outside React (e.g. building an order). */
export function getCartLines(): CartLine[] {
  return current().lines;
}

/** SPEC §4 totals: itemCount; what the header badge and the after-login redirect read. */
export function cartCount(): number {
  return current().totals.itemCount;
}

export function markCartSynced(): void {
  try {
    window.localStorage.removeItem(UNSYNCED_KEY);
  } catch {}
}

export function cartNeedsPush(): boolean {
  try {
    return window.localStorage.getItem(UNSYNCED_KEY) === "1";
  } catch {
    return false;
  }
}

export function markCartUnsynced(): void {
  try {
    window.localStorage.setItem(UNSYNCED_KEY, "1");
  } catch {}
}
