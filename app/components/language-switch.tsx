import { Languages } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_COOKIE, type Locale, localizePath } from "#core/i18n/locale.ts";
import { useLocale, useT } from "../lib/i18n";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function remember(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie, read by the page itself.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

function rememberedLocale(): Locale | undefined {
  const value = document.cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return value === "ar" || value === "en" ? value : undefined;
}

/**
 * The same page and query (filters included) in the other language (docs/decisions/0012-arabic.md).
 * A plain link: the other language is a new document (its `lang`, `dir`, typeface and messages).
 * The choice is remembered in a cookie.
 */
export function LanguageSwitch({
  className = "",
  onSwitch,
  testId = "language-switch",
}: {
  className?: string;
  onSwitch?: () => void;
  testId?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const other: Locale = locale === "en" ? "ar" : "en";
  return (
    <a
      href={localizePath(`${pathname}${search}${hash}`, other)}
      hrefLang={other}
      lang={other}
      data-testid={testId}
      className={className}
      onClick={() => {
        remember(other);
        onSwitch?.();
      }}
    >
      <Languages className="size-4 shrink-0" aria-hidden="true" />
      <span>{t("language.switchTo")}</span>
    </a>
  );
}

/**
 * A shopper who chose Arabic and comes back to the English home page by typing the shop's address (an
 * entry visit, not a link inside the shop, nor back/forward or a reload) is taken to the Arabic home.
 * Only in the browser and only with the shopper's own cookie: the server answers `/` the same to
 * everyone, so search engines and caches always get the English page.
 */
export function useRememberedLanguage() {
  const locale = useLocale();
  const { pathname } = useLocation();
  useEffect(() => {
    if (locale !== "en" || pathname !== "/" || rememberedLocale() !== "ar") return;
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const fromShop = document.referrer.startsWith(window.location.origin);
    if (entry?.type === "navigate" && !fromShop) window.location.replace(localizePath("/", "ar"));
  }, [locale, pathname]);
}
