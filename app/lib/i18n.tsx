import { type ComponentProps, useMemo } from "react";
import {
  type NavigateOptions,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type To,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { type CurrencyLabelAr, formatDate, formatMoney, formatNumber } from "#core/i18n/format.ts";
import {
  fill,
  type Locale,
  localeOfPath,
  localizePath,
  type MessageKey,
  type MessageValues,
  pluralCategory,
} from "#core/i18n/index.ts";
import { setPageMessages } from "#core/i18n/page-messages.ts";

/**
 * The storefront's language helpers (docs/decisions/0012-arabic.md). A page's locale is its URL's
 * (`/ar…` is Arabic), so every component reads it the same way; its messages are the root loader's
 * (app/lib/i18n.server.ts picks the page's areas in its language). Components call `useT()`,
 * `useLocale()`, `useHref()` and link with this module's `Link`/`NavLink`, which keep the language.
 */

export type PageMessages = Partial<Record<MessageKey, string>>;
export type T = (key: MessageKey, values?: MessageValues) => string;
/** A counted message's base: `shop.count` for `shop.count.one`, `shop.count.other`… */
export type CountedKey = MessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;
/** A counted message in the page's language: the count's plural category picks the key (decision 0024). */
export type Tc = (base: CountedKey, count: number, values?: MessageValues) => string;

type RootI18n = { messages?: PageMessages; shop?: { currencyLabelAr?: CurrencyLabelAr } } | undefined;

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Looks a key up in messages; an absent key shows itself, so a test notices it (never a blank). */
export function translator(messages: PageMessages): T {
  return (key, values) => {
    const template = messages[key] ?? key;
    return values ? fill(template, values) : template;
  };
}

/** The page's messages (root loader data); the browser's core/ schemas read the same ones. */
export function usePageMessages(): PageMessages {
  const messages = useRouteLoaderData<RootI18n>("root")?.messages ?? {};
  if (typeof document !== "undefined") setPageMessages(messages);
  return messages;
}

export function useT(): T {
  const messages = usePageMessages();
  return useMemo(() => translator(messages), [messages]);
}

export function useTc(): Tc {
  const t = useT();
  const locale = useLocale();
  return useMemo(
    () => (base, count, values) =>
      t(`${base}.${pluralCategory(locale, count)}` as MessageKey, { count, ...values }),
    [t, locale],
  );
}

/** The page's path in its own language: `href("/shop")` is `/ar/shop` on an Arabic page. */
export function useHref(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => localizePath(path, locale), [locale]);
}

/** Money, numbers and dates in the page's language (Western digits and the Gregorian calendar in Arabic). */
export function useFormat() {
  const locale = useLocale();
  const label = useRouteLoaderData<RootI18n>("root")?.shop?.currencyLabelAr;
  return useMemo(
    () => ({
      locale,
      money: (fils: number) => formatMoney(fils, locale, label),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      date: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) =>
        formatDate(value, locale, options),
    }),
    [locale, label],
  );
}

/** How the page writes the currency beside a bare amount: "AED" in English, the shop's choice in Arabic. */
export function useCurrency(): string {
  const locale = useLocale();
  const label = useRouteLoaderData<RootI18n>("root")?.shop?.currencyLabelAr ?? "د.إ";
  return locale === "ar" ? label : "AED";
}

/**
 * `lang="en"` for a field of a catalog or blog answer that had no text in the page's language and came
 * in English (the answer's `enFields`), so a screen reader reads it as English; nothing otherwise.
 */
export function enLang(dto: { enFields?: string[] } | undefined, field: string): "en" | undefined {
  return dto?.enFields?.includes(field) ? "en" : undefined;
}

function localizeTo(to: To, locale: Locale): To {
  if (typeof to === "string") return localizePath(to, locale);
  return to.pathname ? { ...to, pathname: localizePath(to.pathname, locale) } : to;
}

/**
 * React Router's Link, keeping the page's language on every site path. Drawn with `discover="none"`: its
 * route is asked for on intent (app/lib/discover-on-intent.ts, decision 0046), not when it is drawn.
 */
export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localizeTo(to, useLocale())} discover="none" {...props} />;
}

/** React Router's NavLink, keeping the page's language on every site path; discovered on intent (Link). */
export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localizeTo(to, useLocale())} discover="none" {...props} />;
}

/** useNavigate in the page's language: `navigate("/cart")` goes to `/ar/cart` on an Arabic page. */
export function useLocalNavigate() {
  const navigate = useNavigate();
  const locale = useLocale();
  return useMemo(
    () => (to: To | number, options?: NavigateOptions) =>
      typeof to === "number" ? navigate(to) : navigate(localizeTo(to, locale), options),
    [navigate, locale],
  );
}
