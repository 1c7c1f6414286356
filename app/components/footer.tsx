import { Mail, MapPin, Phone } from "lucide-react";
import { memo } from "react";

import type { PublicConfig } from "../../server/config.ts";
import { enLang, Link, useT } from "../lib/i18n";
import { FOOTER_NAV } from "../lib/navigation";
import { telHref } from "./header";
import { LanguageSwitch } from "./language-switch";
import { Wordmark } from "./logo";

/**
 * SPEC §2 footer links: /, /about, /shop, /blog, /contact, /terms, /privacy, /shipping, /returns. Memoised:
 * its props (the shop, from the root's data) stay the same object while the router re-renders the page
 * around it (route discovery after hydration, every navigation).
 */
export const Footer = memo(function Footer({ shop }: { shop: PublicConfig & { enFields?: string[] } }) {
  const t = useT();
  const { explore, help } = FOOTER_NAV;
  const linkClass = "inline-flex min-h-9 items-center text-sm text-ivory/80 hover:text-white";
  return (
    <footer className="mt-20 bg-ink text-ivory" data-testid="site-footer">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <span className="[&_span]:text-ivory">
            <Wordmark name={shop.shopName} />
          </span>
          <p className="max-w-xs text-sm leading-relaxed text-ivory/75">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.explore")}>
          <h2 className="mb-3 font-sans text-xs font-semibold tracking-[0.2em] text-ivory/60 uppercase">
            {t("footer.explore")}
          </h2>
          <ul>
            {explore.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t("footer.help")}>
          <h2 className="mb-3 font-sans text-xs font-semibold tracking-[0.2em] text-ivory/60 uppercase">
            {t("footer.help")}
          </h2>
          <ul>
            {help.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-sans text-xs font-semibold tracking-[0.2em] text-ivory/60 uppercase">
            {t("footer.contact")}
          </h2>
          <ul className="space-y-2 text-sm text-ivory/80">
            <li>
              <a
                href={telHref(shop.phone)}
                className="inline-flex min-h-9 items-center gap-2 hover:text-white"
              >
                <Phone className="size-4" aria-hidden="true" />
                <bdi dir="ltr">{shop.phone}</bdi>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${shop.email}`}
                className="inline-flex min-h-9 items-center gap-2 hover:text-white"
              >
                <Mail className="size-4" aria-hidden="true" />
                <bdi dir="ltr">{shop.email}</bdi>
              </a>
            </li>
            <li className="flex gap-2 leading-relaxed">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span lang={enLang(shop, "officeAddress")}>{shop.officeAddress}</span>
            </li>
            {/* On a phone the header's switch is in the drawer, which needs the script: this one does not. */}
            <li>
              <LanguageSwitch
                className="inline-flex min-h-9 items-center gap-2 hover:text-white"
                testId="footer-language-switch"
              />
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-ivory/60 sm:flex-row sm:justify-between">
          <p>{t("footer.copyright", { year: new Date().getFullYear(), shop: shop.shopName })}</p>
          <p>{t("footer.payments")}</p>
        </div>
      </div>
    </footer>
  );
});
