import { useState } from "react";
import { adminSend } from "./api";
import type { AdminVariant } from "./types";
import { buttonClass, inputBase } from "./ui";
import { useChange } from "./use-change";

/** One size's stock: shown, and changed only by an adjustment (+/-), safe against sales meanwhile. */
export function StockAdjuster({ productId, variant }: { productId: string; variant: AdminVariant }) {
  const { busy, result: outcome, run } = useChange();
  const [delta, setDelta] = useState("");
  const id = `stock-${variant.id}`;
  const amount = Number(delta);
  const valid = delta.trim() !== "" && Number.isInteger(amount) && amount !== 0;
  if (variant.stock === null) return <span className="text-neutral-700">Not tracked</span>;
  return (
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
