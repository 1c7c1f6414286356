import { Heart, Menu, Phone, ShoppingBag, User } from "lucide-react";
import { useState } from "react";
import type { PublicConfig } from "../../server/config.ts";
import { AfterHydration } from "../lib/after-hydration";
import { Link, NavLink, useT, useTc } from "../lib/i18n";
import { lazy } from "../lib/lazy";
import { HEADER_NAV, isMenu, NAV } from "../lib/navigation";
import { useCartCount } from "../state/cart-store";
import { LanguageSwitch, useRememberedLanguage } from "./language-switch";
import { Wordmark } from "./logo";
import { NavDropdown } from "./nav-dropdown";
import { SearchForm } from "./search-form";

// Closed at first paint: the drawer and its dialog come once the page has hydrated (a tap on the menu
// while they are on their way opens it as soon as they are here).
const MobileDrawer = lazy(() => import("./mobile-drawer").then((m) => ({ default: m.MobileDrawer })));

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The cart's item count, read here and not passed down, so the bottom bar re-renders only its badge. */
export function CartBadge() {
  const count = useCartCount();
  if (count <= 0) return null;
  return (
    <span
      data-testid="cart-count"
      className="absolute -end-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.68rem] leading-5 font-semibold text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center px-1 text-sm font-medium tracking-wide hover:text-accent-dark ${
    isActive ? "text-accent-dark" : "text-charcoal"
  }`;

export function Header({ shop }: { shop: PublicConfig }) {
  const t = useT();
  const tc = useTc();
  const cartCount = useCartCount();
  useRememberedLanguage();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const iconClass =
    "relative size-11 items-center justify-center rounded-full text-charcoal hover:bg-cream hover:text-accent-dark";

  return (
    <header className="sticky top-0 z-30 border-b border-sand/80 bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85">
      <div className="container-page flex h-16 items-center gap-3 lg:h-20 lg:gap-6">
        <button
          type="button"
          className={`${iconClass} -ms-2 inline-flex lg:hidden`}
          aria-label={t("nav.openMenu")}
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
          data-testid="menu-button"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>

        <Link to="/" className="shrink-0" aria-label={t("nav.homeLink", { shop: shop.shopName })}>
          <Wordmark name={shop.shopName} />
        </Link>

        <nav
          aria-label={t("nav.main")}
          className="hidden items-center gap-5 lg:flex"
          data-testid="desktop-nav"
        >
          {HEADER_NAV.map((entry) =>
            isMenu(entry) ? (
              <NavDropdown
                key={entry.testId}
                label={t(entry.label)}
                items={entry.items}
                testId={entry.testId}
              />
            ) : (
              // Shop is current only on /shop itself.
              <NavLink key={entry.to} to={entry.to} className={navLinkClass} end={entry.to === NAV.shop.to}>
                {t(entry.label)}
              </NavLink>
            ),
          )}
        </nav>

        <SearchForm className="ms-auto hidden w-full max-w-xs lg:block xl:max-w-sm" />

        <div className="ms-auto flex items-center gap-0.5 lg:ms-0">
          <LanguageSwitch className="hidden min-h-11 sm:inline-flex items-center gap-1.5 rounded-full px-2 text-sm font-medium text-charcoal hover:bg-cream hover:text-accent-dark" />
          <a
            href={telHref(shop.phone)}
            className={`${iconClass} inline-flex xl:w-auto xl:gap-2 xl:px-3`}
            aria-label={t("nav.callUs", { phone: shop.phone })}
            data-testid="phone-link"
          >
            <Phone className="size-5" aria-hidden="true" />
            <span className="hidden text-sm whitespace-nowrap xl:inline" aria-hidden="true" dir="ltr">
              {shop.phone}
            </span>
          </a>
          <Link
            to={NAV.account.to}
            className={`${iconClass} hidden md:inline-flex`}
            aria-label={t(NAV.account.label)}
          >
            <User className="size-5" aria-hidden="true" />
          </Link>
          <Link
            to={NAV.wishlist.to}
            className={`${iconClass} hidden md:inline-flex`}
            aria-label={t(NAV.wishlist.label)}
          >
            <Heart className="size-5" aria-hidden="true" />
          </Link>
          <Link
            to={NAV.cart.to}
            className={`${iconClass} inline-flex`}
            aria-label={cartCount > 0 ? tc("nav.cartItems", cartCount) : t(NAV.cart.label)}
            data-testid="header-cart"
          >
            <ShoppingBag className="size-5" aria-hidden="true" />
            <CartBadge />
          </Link>
        </div>
      </div>
      <div className="container-page pb-3 lg:hidden">
        <SearchForm />
      </div>
      <AfterHydration>
        <MobileDrawer shop={shop} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </AfterHydration>
    </header>
  );
}
