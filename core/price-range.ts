import { PRICE_SLIDER_MAX_AED, PRICE_SLIDER_MIN_AED, PRICE_SLIDER_MIN_GAP_AED } from "./constants.ts";

export interface PriceRange {
  min: number;
  max: number;
}

/** SPEC §5: range 100 to 2000 AED with at least 50 between the handles. */
export function clampRange(range: PriceRange, moved: "min" | "max"): PriceRange {
  let min = Math.max(PRICE_SLIDER_MIN_AED, Math.min(range.min, PRICE_SLIDER_MAX_AED));
  let max = Math.max(PRICE_SLIDER_MIN_AED, Math.min(range.max, PRICE_SLIDER_MAX_AED));
  if (max - min < PRICE_SLIDER_MIN_GAP_AED) {
    if (moved === "min") min = Math.max(PRICE_SLIDER_MIN_AED, max - PRICE_SLIDER_MIN_GAP_AED);
    else max = Math.min(PRICE_SLIDER_MAX_AED, min + PRICE_SLIDER_MIN_GAP_AED);
    if (max - min < PRICE_SLIDER_MIN_GAP_AED) {
      if (moved === "min") max = min + PRICE_SLIDER_MIN_GAP_AED;
      else min = max - PRICE_SLIDER_MIN_GAP_AED;
    }
  }
  return { min, max };
}
