import { useState } from "react";
import { adminSend } from "./api";
import type { AdminVariant } from "./types";
import { buttonClass, inputBase } from "./ui";
import { useChange } from "./use-change";

/**
 * Marks a stock field whose figure is typed but not sent: 'Save product' refuses to go on while one is
 * filled (issue 26: an adjustment is never silently dropped). Its `data-size` names the size.
 */
export const UNAPPLIED_STOCK = "data-unapplied-stock";

/**
 * One size's stock: shown, changed by an adjustment (+/-, safe against sales meanwhile), or set to a
 * counted number, which the server takes only if the stock is still the figure shown here (issue 26).
 */
export function StockAdjuster({ productId, variant }: { productId: string; variant: AdminVariant }) {
  const { busy, result: outcome, run } = useChange();
  const [delta, setDelta] = useState("");
  const [counted, setCounted] = useState("");
  const id = `stock-${variant.id}`;
  const amount = Number(delta);
  const valid = delta.trim() !== "" && Number.isInteger(amount) && amount !== 0;
  const countValue = Number(counted);
  const countValid = counted.trim() !== "" && Number.isInteger(countValue) && countValue >= 0;
  if (variant.stock === null) return <span className="text-neutral-700">Not tracked</span>;
  const read = variant.stock;
  const marker = { [UNAPPLIED_STOCK]: "", "data-size": variant.size };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-10 font-medium" data-testid={`stock-${variant.sku}`}>
          {variant.stock}
          {variant.held > 0 ? (
            <span className="block text-xs font-normal text-neutral-600">{variant.held} held</span>
          ) : null}
        </span>
        <label htmlFor={id} className="sr-only">
          Adjust the stock of {variant.size} by
        </label>
        <input
          id={id}
          type="number"
          step={1}
          placeholder="±0"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          className={`${inputBase} w-20`}
          {...marker}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!valid || busy}
          onClick={() => {
            void run(
              () =>
                adminSend("POST", `/api/admin/products/${productId}/stock`, {
                  variantId: variant.id,
                  delta: amount,
                }),
              `Stock ${amount > 0 ? "increased" : "reduced"} by ${Math.abs(amount)}.`,
            );
            setDelta("");
          }}
        >
          Apply
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-count`} className="text-xs text-neutral-700">
          Counted
          <span className="sr-only"> {variant.size}</span>
        </label>
        <input
          id={`${id}-count`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={counted}
          onChange={(event) => setCounted(event.target.value)}
          className={`${inputBase} w-20`}
          {...marker}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!countValid || busy}
          aria-label={`Set the stock of ${variant.size} to the counted number`}
          onClick={() => {
            void run(
              () =>
                adminSend("POST", `/api/admin/products/${productId}/stock/count`, {
                  variantId: variant.id,
                  expected: read,
                  counted: countValue,
                }),
              `Stock set to ${countValue}.`,
            ).then((answer) => {
              if (answer) setCounted("");
            });
          }}
        >
          Set
        </button>
      </div>
      {outcome ? (
        <span
          role={outcome.ok ? "status" : "alert"}
          className={`text-xs ${outcome.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {outcome.message}
        </span>
      ) : null}
    </div>
  );
}
