import type { ProductDto } from "#core/catalog.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { stockBand } from "#core/stock.ts";
import { useT } from "../../lib/i18n";
import { SizeGuide } from "./size-guide";

/** SPEC §4: the sizes as choices (sold-out ones struck through and disabled), with the size guide beside. */
export function SizePicker({
  product,
  selected,
  onSelect,
  sizeGuide,
}: {
  product: ProductDto;
  selected: number;
  onSelect: (index: number) => void;
  /** The size guide's figures, rendered on the server (size-guide.server.tsx). */
  sizeGuide: string;
}) {
  const t = useT();
  return (
    // Unstitched fabric sets come in one cut; a size picker would only confuse.
    <fieldset className="mt-8" hidden={product.type === "Unstitched" && product.variants.length === 1}>
      {/* The legend must be the fieldset's first child; floated, the size guide's button sits beside it. */}
      <legend className="float-start flex min-h-11 items-center text-sm font-semibold tracking-wider text-ink uppercase">
        {t("pdp.size")}
      </legend>
      <div className="mb-3 flex min-h-11 items-center justify-end">
        <SizeGuide html={sizeGuide} />
      </div>
      <div className="clear-both flex flex-wrap gap-2" data-testid="size-buttons">
        {product.variants.map((v, i) => (
          // Real radio inputs in the page's form: chosen and posted before (or without) the script (decision 0033).
          <label key={v._id} className="size-choice">
            <input
              type="radio"
              className="sr-only"
              name="size"
              value={v.filter_value}
              disabled={v.stock === 0}
              checked={i === selected}
              onChange={() => onSelect(i)}
            />
            {v.filter_value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** SPEC §2 stock bands: in stock, only n left, hurry, out of stock; announced when the size changes. */
export function StockMessage({ stock }: { stock: number | null | undefined }) {
  const t = useT();
  const band = stockBand(stock);
  const tone = {
    "in-stock": "text-success",
    "only-left": "text-accent-dark",
    hurry: "text-sale",
    "out-of-stock": "text-sale",
    unknown: "text-stone",
  }[band];
  return (
    <p className={`text-sm font-medium ${tone}`} data-testid="stock-message" aria-live="polite">
      {t(`stock.${band}` as MessageKey, { n: stock ?? 0 })}
    </p>
  );
}
