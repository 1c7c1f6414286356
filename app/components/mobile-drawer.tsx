import { Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { PublicConfig } from "../../server/config.ts";
import { Link, useT } from "../lib/i18n";
import { DRAWER_NAV } from "../lib/navigation";
import { LanguageSwitch } from "./language-switch";
import { Wordmark } from "./logo";
import { CloseButton, Dialog } from "./ui/dialog";

/**
 * SPEC §2: on small screens a drawer opens and closes. The store's Dialog gives the focus trap, Escape
 * and the inert page behind it; a click on the backdrop or any link closes it too. Its links stay in the
 * page while it is closed.
 */
export function MobileDrawer({
  shop,
  open,
  onClose,
}: {
  shop: PublicConfig;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const location = useLocation();
  const close = useRef(onClose);
  close.current = onClose;
  // A navigation (a new location key) closes the drawer; its mounting does not (a tap on the menu may
  // come before the drawer does).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (location.key === shownKey.current) return;
    shownKey.current = location.key;
    close.current();
  }, [location.key]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      label={t("nav.menu")}
      keepMounted
      testId="mobile-drawer"
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-[86vw] max-w-sm bg-ivory p-0 text-charcoal shadow-soft open:flex open:flex-col lg:hidden"
    >
      <div className="flex h-16 items-center justify-between border-b border-sand px-4">
        <Wordmark name={shop.shopName} />
        <CloseButton onClick={onClose} label={t("nav.closeMenu")} className="size-11 hover:bg-cream" />
      </div>
      <nav aria-label={t("nav.menu")} className="flex-1 overflow-y-auto px-2 py-3">
        <ul>
          {DRAWER_NAV.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={onClose}
                className={`flex min-h-12 items-center rounded-lg px-3 text-base hover:bg-cream ${
                  link.indent ? "ps-8 text-sm text-stone" : "font-medium"
                }`}
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitch
        testId="drawer-language-switch"
        onSwitch={onClose}
        className="mx-4 mt-2 flex min-h-12 items-center justify-center gap-2 rounded-full border border-sand-dark text-sm font-medium hover:bg-cream"
      />
      <a
        href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`}
        className="m-4 flex min-h-12 items-center justify-center gap-2 rounded-full border border-charcoal/70 text-sm font-medium"
      >
        <Phone className="size-4" aria-hidden="true" />
        <span dir="ltr">{shop.phone}</span>
      </a>
    </Dialog>
  );
}
