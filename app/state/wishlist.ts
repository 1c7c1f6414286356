import type { ApiPath } from "#core/api-operations.ts";
import type { WishlistItem } from "#core/cart.ts";
import { t } from "#core/i18n/index.ts";
import { toast } from "../lib/toast";
import { getWishlistItems, setWishlistItems, signedIn } from "./wishlist-store";

export {
  getWishlistItems,
  setWishlistItems,
  useWishlist,
  type WishlistItem,
} from "./wishlist-store";

/** With a token, the server wishlist follows; 'already there' and 'not there' are the state we wanted. */
async function sync(path: ApiPath<"POST">, productId: string) {
  if (!signedIn()) return;
  const { pushChange } = await import("./cart-sync");
  await pushChange(path, { productId }, [404, 409]);
}

/** SPEC §4: a duplicate is refused with a notice ('Already in wishlist'); returns whether it was added. */
export function addToWishlist(item: WishlistItem, options: { silent?: boolean } = {}): boolean {
  const items = getWishlistItems();
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
  setWishlistItems(getWishlistItems().filter((i) => i._id !== productId));
  toast.success(t("toast.removedFromWishlist"));
  void sync("/api/wishlist/remove", productId);
}
