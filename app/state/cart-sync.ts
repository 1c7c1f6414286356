import type { ApiPath } from "#core/api-operations.ts";
import {
  type CartData,
  type CartEntry,
  type CartLine,
  cartDataEntries,
  quotedLine,
  sameLine,
} from "#core/cart.ts";
import { t } from "#core/i18n/index.ts";
import { stitchingKey } from "#core/stitching-key.ts";
import { toast } from "../lib/toast";
import { getCartLines, setCartLines } from "./cart-store";
import { forgetPrivate, readPrivate } from "./private-read";
import { api } from "./session";
import { getWishlistItems, setWishlistItems } from "./wishlist-store";

/**
 * The browser's cart and wishlist meet the account's (decision 0004). Loaded on demand: only a signed-in
 * shopper's changes, log-in, /cart and /wishlist need it.
 */

/** Set when a change could not reach the server cart, so the next visit to /cart pushes this cart up. */
const UNSYNCED_KEY = "store.cartUnsynced";

function markCartSynced(): void {
  try {
    window.localStorage.removeItem(UNSYNCED_KEY);
  } catch {}
}

function cartNeedsPush(): boolean {
  try {
    return window.localStorage.getItem(UNSYNCED_KEY) === "1";
  } catch {
    return false;
  }
}

function markCartUnsynced(): void {
  try {
    window.localStorage.setItem(UNSYNCED_KEY, "1");
  } catch {}
}

/**
 * One change of the cart or wishlist sent to the server (SPEC §4: with a token, changes are also sent).
 * A failure keeps the local change, shows 'Error' with the message (SPEC §8) and marks the cart for a
 * push at the next visit to /cart. `fine` lists statuses that already mean the wanted state.
 */
export function pushChange(path: ApiPath<"POST">, body: object, fine: number[] = []): Promise<boolean> {
  // One at a time, in the order the shopper made them, so a quick − then + reaches the server as made.
  const sent = queue.then(() => send(path, body, fine));
  queue = sent.catch(() => false);
  return sent;
}

/** Changes on their way to the server; a read of the server's cart waits for them. */
let queue: Promise<unknown> = Promise.resolve();

async function send(path: ApiPath<"POST">, body: object, fine: number[]): Promise<boolean> {
  const result = await api(path, { body });
  if (result.success || fine.includes(result.status)) return true;
  if (path.startsWith("/api/cart/")) markCartUnsynced();
  toast.error(t("toast.error"), { description: result.message || t("cart.quoteFailed") });
  return false;
}

const toRequest = (l: CartLine) => ({
  productId: l._id,
  size: l.selectedSize,
  color: l.selectedColor,
  quantity: l.quantity,
  ...(l.stitching ? { stitching: l.stitching } : {}),
});

/**
 * Makes the browser's cart the server's lines, in the server's order. Lines the browser already shows keep
 * their details; others get theirs (name, image, price) from a quote. Skipped when the shopper changed the
 * cart meanwhile: their change wins and has gone to the server on its own.
 */
async function adoptServerCart(data: CartData, before: CartLine[], token?: string): Promise<void> {
  const entries = cartDataEntries(data);
  const same = (l: CartLine, e: CartEntry) =>
    l._id === e.productId &&
    l.selectedSize === e.size &&
    l.selectedColor === e.color &&
    stitchingKey(l.stitching) === stitchingKey(e.stitching);
  const missing = entries.filter((e) => !before.some((l) => same(l, e)));
  const details = new Map<string, CartLine>();
  if (missing.length > 0) {
    const quote = await api("/api/cart/quote", {
      body: { lines: missing.map((e) => ({ ...e })) },
      ...(token ? { token } : {}),
    });
    for (const q of quote.success && Array.isArray(quote.lines) ? quote.lines : []) {
      if (!q.slug) continue;
      details.set(`${q.productId}|${q.size}|${q.color}|${stitchingKey(q.stitching?.choice)}`, quotedLine(q));
    }
  }
  if (getCartLines() !== before) return;
  const lines = entries.flatMap((e): CartLine[] => {
    const known =
      before.find((l) => same(l, e)) ??
      details.get(`${e.productId}|${e.size}|${e.color}|${stitchingKey(e.stitching)}`);
    return known ? [{ ...known, quantity: e.quantity }] : [];
  });
  // The usual case: the account holds what this browser shows; nothing to store or draw again.
  const unchanged =
    lines.length === before.length &&
    lines.every((l, i) => l === before[i] || sameLineAndQuantity(l, before[i]));
  if (!unchanged) setCartLines(lines);
}

const sameLineAndQuantity = (a: CartLine, b: CartLine | undefined) =>
  b !== undefined && sameLine(a, b) && a.quantity === b.quantity;

/** Log-in: the same line keeps the larger quantity, capped at stock; the server does the merge. */
export async function mergeAfterLogin(token?: string): Promise<void> {
  const before = getCartLines();
  const cart = await api("/api/cart/merge", {
    body: { lines: before.map(toRequest) },
    ...(token ? { token } : {}),
  });
  if (cart.success && cart.cartData) {
    forgetPrivate("/api/cart/get");
    markCartSynced();
    await adoptServerCart(cart.cartData, before, token);
  }
  const saved = getWishlistItems();
  const wishlist = await api("/api/wishlist/merge", {
    body: { productIds: saved.map((i) => i._id) },
    ...(token ? { token } : {}),
  });
  if (wishlist.success && Array.isArray(wishlist.wishlist) && getWishlistItems() === saved) {
    forgetPrivate("/api/wishlist");
    setWishlistItems(wishlist.wishlist);
  }
}

/**
 * /cart with a token: the account's cart is the truth (another device may have changed it); this browser's
 * copy is what shows meanwhile. When a change of this browser's did not reach the server, this cart is
 * merged up instead.
 */
export async function refreshCartFromServer(): Promise<void> {
  await queue;
  if (cartNeedsPush()) {
    await mergeAfterLogin();
    return;
  }
  const before = getCartLines();
  const result = await readPrivate("/api/cart/get", { body: {} });
  if (result.success && result.cartData) await adoptServerCart(result.cartData, before);
}

/** /wishlist with a token: the account's wishlist (another device may have changed it). */
export async function refreshWishlistFromServer(): Promise<void> {
  const before = getWishlistItems();
  const result = await readPrivate("/api/wishlist");
  if (result.success && Array.isArray(result.wishlist) && getWishlistItems() === before) {
    setWishlistItems(result.wishlist);
  }
}
