import { FILS_PER_AED } from "../constants.ts";
import type { Locale } from "./locale.ts";

/**
 * Numbers, money and dates for a page's language (docs/decisions/0012-arabic.md). Arabic pages use
 * Western digits (`-u-nu-latn`, what the UAE reads on prices and phone numbers) and the Gregorian
 * calendar; the dirham is written as the shop chooses (`CURRENCY_LABEL_AR`: 'د.إ' or 'درهم').
 */
export const CURRENCY_LABELS_AR = ["د.إ", "درهم"] as const;
export type CurrencyLabelAr = (typeof CURRENCY_LABELS_AR)[number];
export const DEFAULT_CURRENCY_LABEL_AR: CurrencyLabelAr = "د.إ";

/** The Intl locale of each language: English as the UAE writes it; Arabic with Western digits. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-AE", ar: "ar-AE-u-nu-latn-ca-gregory" };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    cache.set(key, format);
  }
  return format;
}
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "Asia/Dubai", ...options });
    cache.set(key, format);
  }
  return format;
}

/** "1,234,567": the digits of a whole number in groups of three, as both languages write them. */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * An amount in fils for display: "AED 1,250" / "AED 99.50" in English (as core/money.ts's formatAed),
 * "1,250 د.إ" in Arabic, with a non-breaking space so the label never wraps away from the number.
 * Amounts of whole fils are written without Intl: a page's first Intl formatter costs the browser
 * 15-30 ms of ICU set-up in the middle of hydration (docs/decisions/0011-speed.md, "Total blocking
 * time"); catalog.test.ts holds the result equal to Intl's.
 */
export function formatMoney(
  fils: number,
  locale: Locale,
  currencyLabelAr: CurrencyLabelAr = DEFAULT_CURRENCY_LABEL_AR,
): string {
  const whole = fils % FILS_PER_AED === 0;
  if (Number.isSafeInteger(fils) && fils >= 0) {
    const cents = fils % FILS_PER_AED;
    const amount = `${groupDigits((fils - cents) / FILS_PER_AED)}${whole ? "" : `.${String(cents).padStart(2, "0")}`}`;
    return locale === "en" ? `AED\u00a0${amount}` : `${amount}\u00a0${currencyLabelAr}`;
  }
  const digits = { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 };
  if (locale === "en") {
    return numberFormat("en", {
      style: "currency",
      currency: "AED",
      currencyDisplay: "code",
      ...digits,
    }).format(fils / FILS_PER_AED);
  }
  return `${numberFormat("ar", digits).format(fils / FILS_PER_AED)}\u00a0${currencyLabelAr}`;
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/** A date in the shop's time zone (Dubai): "24 November 2026" / "24 نوفمبر 2026". */
export function formatDate(
  value: string | number | Date,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
): string {
  return dateFormat(locale, options).format(new Date(value));
}

/**
 * A value that reads left to right (an order number, a phone number, an e-mail, a SKU) filled into a
 * sentence of an Arabic text: wrapped in U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE,
 * so its digits and signs keep their order inside the right-to-left line (decision 0024). English text
 * is returned as it is. Markup isolates its own elements with `<bdi dir="ltr">` instead.
 */
export function isolateLtr(value: string, locale: Locale): string {
  return locale === "ar" && value !== "" ? `\u2066${value}\u2069` : value;
}
