import { useEffect, useRef } from "react";
import { PRICE_SLIDER_MAX_AED, PRICE_SLIDER_MIN_AED, PRICE_SLIDER_MIN_GAP_AED } from "#core/constants.ts";
import { clampRange, type PriceRange } from "#core/price-range.ts";
import { useCurrency, useT } from "../lib/i18n";

/** How long the handles rest before the shop applies the new range. */
export const PRICE_COMMIT_DELAY_MS = 400;

/** Two range inputs over one track: each is a native, labelled slider, so keyboards and screen readers work. */
export function PriceSlider({
  value,
  onChange,
  onCommit,
}: {
  value: PriceRange;
  onChange: (range: PriceRange) => void;
  onCommit: (range: PriceRange) => void;
}) {
  const t = useT();
  const currency = useCurrency();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: PriceRange) => {
    onChange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      onCommit(next);
    }, PRICE_COMMIT_DELAY_MS);
  };
  const span = PRICE_SLIDER_MAX_AED - PRICE_SLIDER_MIN_AED;
  const start = ((value.min - PRICE_SLIDER_MIN_AED) / span) * 100;
  const end = ((value.max - PRICE_SLIDER_MIN_AED) / span) * 100;
  const thumb =
    "pointer-events-none absolute inset-x-0 top-0 h-6 w-full appearance-none bg-transparent [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-ivory [&::-webkit-slider-thumb]:bg-accent [&::-webkit-slider-thumb]:shadow [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-ivory [&::-moz-range-thumb]:bg-accent";
  return (
    <div data-testid="price-slider">
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-2.5 h-1 rounded-full bg-sand-dark" />
        <div
          className="absolute top-2.5 h-1 rounded-full bg-accent"
          style={{ insetInlineStart: `${start}%`, insetInlineEnd: `${100 - end}%` }}
        />
        <input
          type="range"
          name="minPrice"
          aria-label={t("shop.priceMin")}
          min={PRICE_SLIDER_MIN_AED}
          max={PRICE_SLIDER_MAX_AED}
          step={PRICE_SLIDER_MIN_GAP_AED}
          value={value.min}
          onChange={(event) => change(clampRange({ ...value, min: Number(event.target.value) }, "min"))}
          className={thumb}
        />
        <input
          type="range"
          name="maxPrice"
          aria-label={t("shop.priceMax")}
          min={PRICE_SLIDER_MIN_AED}
          max={PRICE_SLIDER_MAX_AED}
          step={PRICE_SLIDER_MIN_GAP_AED}
          value={value.max}
          onChange={(event) => change(clampRange({ ...value, max: Number(event.target.value) }, "max"))}
          className={thumb}
        />
      </div>
      <p className="mt-2 text-sm text-charcoal" data-testid="price-range" aria-live="polite">
        {t("shop.priceRange", { min: value.min, max: value.max, currency })}
      </p>
    </div>
  );
}
