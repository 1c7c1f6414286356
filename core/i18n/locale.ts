/**
 * The storefront's languages and how a URL carries one (docs/decisions/0012-arabic.md): English at SPEC's
 * URLs, Arabic under `/ar`. Pure and catalog-free, so the browser can import it without any messages.
 */
export type Locale = "en" | "ar";
export const LOCALES = ["en", "ar"] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that remembers a shopper's chosen language (read only to suggest, never to redirect). */
export const LANGUAGE_COOKIE = "store.lang";

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}

export function direction(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The language's own name, as its readers write it: what the language switch offers. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية" };

/** Open Graph's locale tag per language. */
export const OG_LOCALES: Record<Locale, string> = { en: "en_AE", ar: "ar_AE" };

/** `/ar`, `/ar/…` are Arabic; every other path is English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "ar" : "en";
}

/** The page's path without its language prefix: `/ar/shop` → `/shop`, `/ar` → `/`. */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/**
 * A storefront path in a language: `/shop?x=1` → `/ar/shop?x=1`, `/` → `/ar`. Anything that is not a
 * site path (a full URL, `#main`, `mailto:`, `/api/…`, `/media/…`) is returned as it is.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  if (/^\/(api|media|assets|sandbox|dev)(\/|$)/.test(path)) return path;
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = stripLocale(match?.[1] || "/");
  const rest = match?.[2] ?? "";
  if (locale === "en") return `${pathname}${rest}`;
  return `${pathname === "/" ? "/ar" : `/ar${pathname}`}${rest}`;
}

/** Fills `{name}` placeholders. Unknown placeholders stay visible, never blank. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The plural categories of each language (CLDR, as `Intl.PluralRules` selects them): English tells one
 * from other; Arabic has six, zero (0), one (1), two (2), few (3-10), many (11-99) and other (100, 101…).
 * A counted message is one key per category, `<base>.<category>` (decision 0024).
 */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";
export const PLURAL_CATEGORIES: Record<Locale, readonly PluralCategory[]> = {
  en: ["one", "other"],
  ar: ["zero", "one", "two", "few", "many", "other"],
};

const pluralRules: Partial<Record<Locale, Intl.PluralRules>> = {};

/** The category a count takes in a language: `pluralCategory("ar", 11)` is "many". */
export function pluralCategory(locale: Locale, count: number): PluralCategory {
  pluralRules[locale] ??= new Intl.PluralRules(locale);
  return pluralRules[locale].select(count) as PluralCategory;
}

type PluralBase<K> = K extends `${infer B}.other` ? B : never;
/**
 * An Arabic twin of an English catalog: every English key, plus the categories English does not have
 * (zero, two, few, many) of each counted message. core/i18n/plurals.test.ts checks each is there.
 */
export type TwinCatalog<K extends string> = Record<K, string> &
  Partial<Record<`${PluralBase<K>}.${"zero" | "two" | "few" | "many"}`, string>>;
