import { useEffect, useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import {
  type AddResult,
  addToCart as addLine,
  type CartLine,
  type CartLineKey,
  type CartQuote,
  type CartTotals,
  cartTotals,
  removeLine,
  updateQuantity,
} from "#core/cart.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";
import { api, getToken } from "./session";
import { addToWishlist } from "./wishlist";

/**
 * The one cart store of the browser (SPEC §3 client state, §4 Cart): the lines persisted in localStorage
 * under one key, their totals in fils, and every change. The header badge, the product page, /cart and
 * /checkout all read it; other tabs follow through the `storage` event. With a token each change is also
 * sent to the server cart; a failed sync keeps the local change and shows 'Error' (SPEC §4, §8).
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

function current(): CartState {
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

/**
 * Sends one change to the server cart when a token is held (SPEC §4: without a token changes stay local).
 * Resolves to true when the server took it; a failure keeps the local change and shows 'Error'.
 */
async function sync(path: string, body: object): Promise<boolean> {
  if (!getToken()) return false;
  const result = await api(path, { body });
  if (result.success) return true;
  try {
    window.localStorage.setItem(UNSYNCED_KEY, "1");
  } catch {}
  toast.error(t("toast.error"), { description: result.message || t("cart.quoteFailed") });
  return false;
}

const lineBody = (key: CartLineKey) => ({
  itemId: key._id,
  size: key.selectedSize,
  color: key.selectedColor,
});

/**
 * SPEC §4 add: merges with the same product, size and colour; past the size's stock it is refused and the
 * cart stays as it was (the caller shows 'Stock limit reached'). On success: 'Added to cart', and with a
 * token 'Success / Item Added to Cart' once the server has it.
 */
export function addToCart(line: CartLine, stock: number | null | undefined): AddResult {
  const result = addLine(current().lines, line, stock);
  if (!result.ok) return result;
  setCartLines(result.lines);
  if (getToken()) {
    void sync("/api/cart/add", { ...lineBody(line), quantity: line.quantity }).then((ok) => {
      if (ok) toast.success(t("toast.success"), { description: t("toast.itemAdded") });
    });
  } else {
    toast.success(t("toast.addedToCart"));
  }
  return result;
}

/** SPEC §4/§5: the quantity is clamped between 1 and the stock (9999 when unknown). */
export function updateCartQuantity(key: CartLineKey, quantity: number, stock: number | null | undefined) {
  const lines = updateQuantity(current().lines, key, quantity, stock);
  const line = lines.find(
    (l) => l._id === key._id && l.selectedSize === key.selectedSize && l.selectedColor === key.selectedColor,
  );
  if (!line) return;
  setCartLines(lines);
  toast.success(t("toast.cartUpdated"));
  void sync("/api/cart/update", { ...lineBody(key), quantity: line.quantity });
}

/** SPEC §4: removing deletes the line (and, with a token, the server's line: quantity 0). */
export function removeFromCart(key: CartLineKey) {
  setCartLines(removeLine(current().lines, key));
  toast.success(t("toast.itemRemoved"));
  void sync("/api/cart/update", { ...lineBody(key), quantity: 0 });
}

/**
 * SPEC §4: clearing empties everything ('Cart cleared'); with a token the server cart too.
 * `silent` skips the toast, for screens that say something else (a paid order).
 */
export function clearCart(options: { silent?: boolean } = {}): void {
  setCartLines([]);
  if (!options.silent) toast.success(t("toast.cartCleared"));
  void sync("/api/cart/clear", {});
}

/**
 * SPEC §4: move to wishlist removes the line and adds the product (without quantity, size or colour)
 * unless it is already there.
 */
export function moveToWishlist(key: CartLineKey) {
  const line = current().lines.find(
    (l) => l._id === key._id && l.selectedSize === key.selectedSize && l.selectedColor === key.selectedColor,
  );
  if (!line) return;
  setCartLines(removeLine(current().lines, key));
  addToWishlist(
    {
      _id: line._id,
      slug: line.slug,
      name: line.name,
      image: line.image,
      price: line.price,
      ...(line.salePrice !== undefined ? { salePrice: line.salePrice } : {}),
    },
    { silent: true },
  );
  toast.success(t("toast.movedToWishlist"));
  void sync("/api/cart/update", { ...lineBody(key), quantity: 0 });
}

const EMPTY_QUOTE: CartQuote = {
  success: true,
  lines: [],
  subtotalFils: 0,
  shippingFils: 0,
  totalFils: 0,
  itemCount: 0,
  canCheckout: false,
};

export interface CartQuoteState {
  quote: CartQuote | null;
  loading: boolean;
  error: string | null;
  refresh(): void;
}

/**
 * The server's price and stock of the current lines (POST /api/cart/quote): the server's price is the one
 * that counts, and a line with a problem blocks checkout (SPEC §2 /cart). Re-runs whenever the lines
 * change; the previous answer stays on screen while the next one loads.
 */
export function useCartQuote(): CartQuoteState {
  const { ready, lines } = useCart();
  const [nonce, setNonce] = useState(0);
  const [answer, setAnswer] = useState<{ quote: CartQuote | null; loading: boolean; error: string | null }>({
    quote: null,
    loading: true,
    error: null,
  });
  const request = lines.map((l) => ({
    productId: l._id,
    size: l.selectedSize,
    color: l.selectedColor,
    quantity: l.quantity,
  }));
  const key = JSON.stringify(request);

  useEffect(() => {
    if (!ready) return;
    const body = { lines: JSON.parse(key) as typeof request };
    if (body.lines.length === 0) {
      setAnswer({ quote: EMPTY_QUOTE, loading: false, error: null });
      return;
    }
    let live = true;
    setAnswer((previous) => ({ ...previous, loading: true }));
    void api<CartQuote>("/api/cart/quote", { body }).then((result) => {
      if (!live) return;
      if (result.success && Array.isArray(result.lines)) {
        setAnswer({ quote: result as unknown as CartQuote, loading: false, error: null });
      } else {
        setAnswer({ quote: null, loading: false, error: result.message || t("cart.quoteFailed") });
      }
    });
    return () => {
      live = false;
    };
  }, [ready, key, nonce]);

  return { ...answer, refresh: () => setNonce((n) => n + 1) };
}
