import { type Fils, filsToAed } from "./money.ts";

/** How Arabic texts name the dirham (issue 14; the shop's choice, AED_LABEL_AR). */
export const AED_LABELS_AR = { symbol: "د.إ", word: "درهم" } as const;
export type AedLabelAr = (typeof AED_LABELS_AR)[keyof typeof AED_LABELS_AR];

const grouping = {
  whole: new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }),
  fils: new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * An amount for Arabic text, in Western digits (common in the UAE) followed by the shop's dirham label:
 * '1,250 د.إ' or '99.50 درهم'. A non-breaking space keeps the label with its number.
 */
export function formatAedArabic(fils: Fils, label: AedLabelAr = AED_LABELS_AR.symbol): string {
  const formatter = fils % 100 === 0 ? grouping.whole : grouping.fils;
  return `${formatter.format(filsToAed(fils))}\u00a0${label}`;
}
