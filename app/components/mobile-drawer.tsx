import { Phone, X } from "lucide-react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { Link, useLocation } from "react-router";
import { t } from "#core/i18n/index.ts";
import type { PublicConfig } from "../../server/config.ts";
import { DRAWER_NAV } from "../lib/navigation";
import { Wordmark } from "./logo";

export interface MobileDrawerHandle {
  open(): void;
  close(): void;
}

/**
 * SPEC §2: on small screens a drawer opens and closes. A modal <dialog> gives the focus trap, Escape
 * and the inert page behind it for free; a click on the backdrop or any link closes it too.
 */
export function MobileDrawer({ shop, ref }: { shop: PublicConfig; ref: Ref<MobileDrawerHandle> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useImperativeHandle(ref, () => ({
    open: () => dialog.current?.showModal(),
    close: () => dialog.current?.close(),
  }));
  useEffect(() => dialog.current?.close(), [location.key]);

  return (
    <dialog
      ref={dialog}
      aria-label={t("nav.menu")}
      data-testid="mobile-drawer"
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-[86vw] max-w-sm bg-ivory p-0 text-charcoal shadow-soft open:flex open:flex-col lg:hidden"
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="flex h-16 items-center justify-between border-b border-sand px-4">
        <Wordmark name={shop.shopName} />
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-cream"
          aria-label={t("nav.closeMenu")}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t("nav.menu")} className="flex-1 overflow-y-auto px-2 py-3">
        <ul>
          {DRAWER_NAV.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={() => dialog.current?.close()}
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
      <a
        href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`}
        className="m-4 flex min-h-12 items-center justify-center gap-2 rounded-full border border-charcoal/70 text-sm font-medium"
      >
        <Phone className="size-4" aria-hidden="true" />
        {shop.phone}
      </a>
    </dialog>
  );
}
