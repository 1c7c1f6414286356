import { en, type MessageKey } from "./en.ts";

export type { MessageKey };

const catalogs = { en } as const;
export type Locale = keyof typeof catalogs;

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
