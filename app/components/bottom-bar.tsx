import { Heart, Home, ShoppingBag, Store, User } from "lucide-react";
import { NavLink } from "react-router";
import { t } from "#core/i18n/index.ts";
import { useCart } from "../state/cart-store";
import { CartBadge } from "./header";

/** SPEC §2 mobile bottom bar: Home, Shop, Wishlist, Account, Cart. */
export function BottomBar() {
  const cartCount = useCart().totals.itemCount;
  const items = [
    { to: "/", label: t("nav.home"), Icon: Home },
    { to: "/shop", label: t("nav.shop"), Icon: Store },
    { to: "/wishlist", label: t("nav.wishlist"), Icon: Heart },
    { to: "/account", label: t("nav.account"), Icon: User },
    { to: "/cart", label: t("nav.cart"), Icon: ShoppingBag },
  ];
  return (
    <nav
      aria-label={t("nav.bottomBar")}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-sand bg-ivory/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 text-[0.7rem] font-medium ${
                  isActive ? "text-accent-dark" : "text-stone"
                }`
              }
            >
              <span className="relative">
                <Icon className="size-5" aria-hidden="true" />
                {to === "/cart" ? <CartBadge count={cartCount} /> : null}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
