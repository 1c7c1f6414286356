import type { Locale } from "./locale.ts";

const MONTHS: Record<Locale, readonly string[]> = {
  en: "January February March April May June July August September October November December".split(" "),
  ar: "يناير فبراير مارس أبريل مايو يونيو يوليو أغسطس سبتمبر أكتوبر نوفمبر ديسمبر".split(" "),
};
/** Dubai's offset from UTC, without daylight saving since 1920. */
const DUBAI_OFFSET_MS = 4 * 3600 * 1000;

/**
 * A date in the shop's time zone (Dubai) as format.ts's `formatDate(value, locale, { dateStyle: "long" })`
 * writes it ("24 November 2026" / "24 نوفمبر 2026"), without Intl: a page's first Intl formatter costs
 * the browser 15-30 ms of ICU set-up in the middle of hydration (docs/decisions/0011-speed.md, "Total
 * blocking time"). catalog.test.ts holds the two equal. Only the pages that show such a date load it.
 */
export function formatLongDate(date: Date, locale: Locale): string {
  const dubai = new Date(date.getTime() + DUBAI_OFFSET_MS);
  return `${dubai.getUTCDate()} ${MONTHS[locale][dubai.getUTCMonth()]} ${dubai.getUTCFullYear()}`;
}
