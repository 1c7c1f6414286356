import { Heart, Home, type LucideIcon, ShoppingBag, Store, User } from "lucide-react";
import { NavLink, useT } from "../lib/i18n";
import { BOTTOM_BAR_NAV, NAV } from "../lib/navigation";
import { CartBadge } from "./header";

/** The icon of each BOTTOM_BAR_NAV entry, by its address. */
const ICONS: Record<string, LucideIcon> = {
  [NAV.home.to]: Home,
  [NAV.shop.to]: Store,
  [NAV.wishlist.to]: Heart,
  [NAV.account.to]: User,
  [NAV.cart.to]: ShoppingBag,
};

/** SPEC §2 mobile bottom bar: Home, Shop, Wishlist, Account, Cart. */
export function BottomBar() {
  const t = useT();
  const items = BOTTOM_BAR_NAV.map((entry) => ({ ...entry, Icon: ICONS[entry.to]! }));
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
                {to === "/cart" ? <CartBadge /> : null}
              </span>
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
