import { en, type MessageKey } from "./en.ts";

export type { MessageKey };

/** The storefront's languages: English at today's URLs, Arabic under `/ar` (docs/decisions/0012-arabic.md). */
export type Locale = "en" | "ar";
export const LOCALES = ["en", "ar"] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}

// The server's own answers stay in English (SPEC's texts); a screen shows its own language's text by the
// answer's `code`. Arabic server-side texts (mails) live in their own catalogs beside their English ones.
const catalogs: Record<Locale, Record<MessageKey, string>> = { en, ar: en };

/** Looks up a message and fills `{name}` placeholders. Unknown placeholders stay visible, never blank. */
export function translate(locale: Locale, key: MessageKey, values?: Record<string, string | number>): string {
  const template: string = catalogs[locale][key];
  return values ? fill(template, values) : template;
}

/** Fills `{name}` placeholders of a text from a page's own copy (pages.en.ts and the like). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The store speaks English today; Arabic arrives as another catalog and a locale choice. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return translate("en", key, values);
}
