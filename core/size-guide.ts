import type { SizeLabel } from "./constants.ts";
import { ar } from "./i18n/ar.ts";
import { arSizeGuide } from "./i18n/ar-size-guide.ts";
import { en } from "./i18n/en.ts";
import { enSizeGuide, type SizeGuideMessageKey } from "./i18n/en-size-guide.ts";
import type { Locale } from "./i18n/locale.ts";

/**
 * The size guide's body measurements (SPEC §2 names the sizes and columns but leaves the figures out).
 * The number in each size is the abaya's length in inches, which follows the wearer's height; bust,
 * waist and hip are the wearer's body measurements (the abaya's loose cut adds its own ease).
 * Figures in centimetres; inches are derived, so the two can never disagree.
 */
export interface SizeMeasurements {
  size: SizeLabel;
  heightCm: readonly [number, number];
  bustCm: number;
  waistCm: number;
  hipCm: number;
}

export const SIZE_MEASUREMENTS: readonly SizeMeasurements[] = [
  { size: "XS/50", heightCm: [150, 155], bustCm: 82, waistCm: 64, hipCm: 88 },
  { size: "S/52", heightCm: [155, 160], bustCm: 87, waistCm: 69, hipCm: 93 },
  { size: "M/54", heightCm: [160, 165], bustCm: 92, waistCm: 74, hipCm: 98 },
  { size: "L/56", heightCm: [165, 170], bustCm: 97, waistCm: 79, hipCm: 103 },
  { size: "XL/58", heightCm: [170, 175], bustCm: 102, waistCm: 84, hipCm: 108 },
];

const CM_PER_INCH = 2.54;

/** Centimetres as inches to the nearest half inch: 82 → "32.5". */
export function inches(cm: number): string {
  const half = Math.round((cm / CM_PER_INCH) * 2) / 2;
  return Number.isInteger(half) ? String(half) : half.toFixed(1);
}

/** A height in feet and inches: 155 → "5′1″". */
export function feetAndInches(cm: number): string {
  const total = Math.round(cm / CM_PER_INCH);
  return `${Math.floor(total / 12)}′${total % 12}″`;
}

const GUIDES = { en: enSizeGuide, ar: arSizeGuide } as const;
const LABELS = { en, ar } as const;

function say(locale: Locale, key: SizeGuideMessageKey, values: Record<string, string | number> = {}): string {
  return GUIDES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** What the size guide shows, as text ready for the screen (built on the server, sent as page data). */
export interface SizeGuideContent {
  caption: string;
  columns: string[];
  rows: { size: string; cells: [main: string, other: string][] }[];
  howTo: string;
  diagram: string;
  steps: string[];
  between: string;
}

/** The size guide in a page's language (docs/decisions/0012-arabic.md): figures and steps alike. */
export function sizeGuideContent(locale: Locale = "en"): SizeGuideContent {
  const label = LABELS[locale];
  return {
    caption: say(locale, "sizeGuide.units"),
    columns: [
      label["pdp.sizeGuideSize"],
      label["pdp.sizeGuideHeight"],
      label["pdp.sizeGuideBust"],
      label["pdp.sizeGuideWaist"],
      label["pdp.sizeGuideHip"],
    ],
    rows: SIZE_MEASUREMENTS.map((row) => ({
      size: row.size,
      cells: [
        [
          say(locale, "sizeGuide.cmRange", { from: row.heightCm[0], to: row.heightCm[1] }),
          `${feetAndInches(row.heightCm[0])}–${feetAndInches(row.heightCm[1])}`,
        ],
        ...[row.bustCm, row.waistCm, row.hipCm].map((cm): [string, string] => [
          say(locale, "sizeGuide.cm", { value: cm }),
          say(locale, "sizeGuide.in", { value: inches(cm) }),
        ]),
      ],
    })),
    howTo: say(locale, "sizeGuide.howTo"),
    diagram: say(locale, "sizeGuide.diagram"),
    steps: [
      say(locale, "sizeGuide.height"),
      say(locale, "sizeGuide.bust"),
      say(locale, "sizeGuide.waist"),
      say(locale, "sizeGuide.hip"),
    ],
    between: say(locale, "sizeGuide.between"),
  };
}
