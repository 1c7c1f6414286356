import { CURRENCY, FILS_PER_AED } from "./constants.ts";

/** Money is integer fils inside the system (ARCHITECTURE "Data rules"); AED only at the edges. */
export type Fils = number;

export function aedToFils(aed: number): Fils {
  if (!Number.isFinite(aed)) throw new RangeError(`Not an amount: ${aed}`);
  return Math.round(aed * FILS_PER_AED);
}

/** The AED amount the API shows (SPEC §7 shows prices as plain AED numbers). */
export function filsToAed(fils: Fils): number {
  return fils / FILS_PER_AED;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats fils for display, e.g. "AED 1,250" or "AED 99.50". */
export function formatAed(fils: Fils, locale = "en-AE"): string {
  const whole = fils % FILS_PER_AED === 0;
  const key = `${locale}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: CURRENCY,
      currencyDisplay: "code",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  // Intl puts a non-breaking space after the code; keep it, it stops "AED" wrapping away from the number.
  return formatter.format(filsToAed(fils));
}
