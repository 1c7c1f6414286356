import { useEffect, useRef, useState } from "react";
import {
  type AddResult,
  addToCart as addLine,
  type CartLine,
  type CartLineKey,
  type CartQuote,
  removeLine,
  updateQuantity,
} from "#core/cart.ts";
import { t } from "#core/i18n/index.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { toast } from "../lib/toast";
import { current, setCartLines, useCart } from "./cart-store";
import { addToWishlist } from "./wishlist";
import { signedIn } from "./wishlist-store";

export {
  type CartState,
  cartCount,
  getCartLines,
  setCartLines,
  useCart,
} from "./cart-store";

/**
 * Sends one change to the server cart when a token is held (SPEC §4: without a token changes stay local).
 * Resolves to true when the server took it; a failure keeps the local change and shows 'Error'. The HTTP
 * client loads on demand, so a visitor's product page does not carry it.
 */
async function sync(path: string, body: object): Promise<boolean> {
  if (!signedIn()) return false;
  const { pushChange } = await import("./cart-sync");
  return pushChange(path, body);
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
  if (signedIn()) {
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

type QuoteRequest = { productId: string; size: string; color: string; quantity: number }[];
const quoteKey = (request: QuoteRequest, locale: Locale) => JSON.stringify({ request, locale });

/**
 * The server's price and stock of the current lines (POST /api/cart/quote): the server's price is the one
 * that counts, and a line with a problem blocks checkout (SPEC §2 /cart). Re-runs whenever the lines
 * change; the previous answer stays on screen while the next one loads. `drawn` is the quote the server
 * drew the page with (its loader priced the cookie copy of the cart): it stands while the lines are the
 * ones it priced, so the page is not asked for again after hydration.
 */
export function useCartQuote(locale: Locale = "en", drawn: CartQuote | null = null): CartQuoteState {
  const { ready, lines } = useCart();
  const [nonce, setNonce] = useState(0);
  // The drawn quote stands until the lines first differ from what it priced, or the page asks again.
  const drawnStands = useRef(drawn !== null);
  const [drawnKey] = useState(() =>
    drawn
      ? quoteKey(
          drawn.lines.map((l) => ({
            productId: l.productId,
            size: l.size,
            color: l.color,
            quantity: l.quantity,
          })),
          locale,
        )
      : null,
  );
  const [answer, setAnswer] = useState<{ quote: CartQuote | null; loading: boolean; error: string | null }>(
    () =>
      drawn ? { quote: drawn, loading: false, error: null } : { quote: null, loading: true, error: null },
  );
  const request: QuoteRequest = lines.map((l) => ({
    productId: l._id,
    size: l.selectedSize,
    color: l.selectedColor,
    quantity: l.quantity,
  }));
  // The server names the products in the page's language (issue 14); prices and stock are the same.
  const key = quoteKey(request, locale);

  useEffect(() => {
    if (!ready) return;
    if (drawnStands.current && nonce === 0 && key === drawnKey) return;
    drawnStands.current = false;
    const asked = JSON.parse(key) as { request: QuoteRequest; locale: Locale };
    const body = { lines: asked.request };
    if (body.lines.length === 0) {
      setAnswer({ quote: EMPTY_QUOTE, loading: false, error: null });
      return;
    }
    let live = true;
    setAnswer((previous) => ({ ...previous, loading: true }));
    void import("./session")
      .then(({ api }) =>
        api<CartQuote>(asked.locale === "ar" ? "/api/cart/quote?lang=ar" : "/api/cart/quote", { body }),
      )
      .then((result) => {
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
  }, [ready, key, nonce, drawnKey]);

  return { ...answer, refresh: () => setNonce((n) => n + 1) };
}
