import type { ApiPath } from "#core/api-operations.ts";
import {
  type AddResult,
  addToCart as addLine,
  type CartLine,
  type CartLineKey,
  removeLine,
  sameLine,
  updateQuantity,
} from "#core/cart.ts";
import { t } from "#core/i18n/index.ts";
import { toast } from "../lib/toast";
import { current, setCartLines } from "./cart-store";
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
async function sync(path: ApiPath<"POST">, body: object): Promise<boolean> {
  if (!signedIn()) return false;
  const { pushChange } = await import("./cart-sync");
  return pushChange(path, body);
}

const lineBody = (key: CartLineKey) => ({
  itemId: key._id,
  size: key.selectedSize,
  color: key.selectedColor,
  ...(key.stitching ? { stitching: key.stitching } : {}),
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
  const line = lines.find((l) => sameLine(l, key));
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
  const line = current().lines.find((l) => sameLine(l, key));
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
