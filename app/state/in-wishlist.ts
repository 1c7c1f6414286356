import { useEffect, useState, useSyncExternalStore } from "react";

type WishlistStore = typeof import("./wishlist-store");
let loaded: WishlistStore | undefined;
const idle = () => () => {};
const unknown = () => null;

/**
 * Whether a product is in the wishlist (SPEC §4: the product page disables its button once it is), or
 * null until the wishlist has been read. The reader loads after the first paint, which does not need it.
 */
export function useInWishlist(productId: string): boolean | null {
  const [store, setStore] = useState(loaded);
  useEffect(() => {
    if (store) return;
    void import("./wishlist-store").then((m) => {
      loaded = m;
      setStore(m);
    });
  }, [store]);
  const items = useSyncExternalStore(
    store ? store.subscribeWishlist : idle,
    store ? store.getWishlistItems : unknown,
    unknown,
  );
  return items === null ? null : items.some((i) => i._id === productId);
}
