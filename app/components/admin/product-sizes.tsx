import { PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import type { Dispatch, SetStateAction } from "react";
import { filsToAedText } from "./format";
import { StockAdjuster } from "./stock-adjuster";
import type { AdminProduct, AdminVariant } from "./types";
import { buttonClass, Card, inputBase } from "./ui";

/** One size as the editor holds it: the form's texts, with the saved size's id once it has one. */
export interface VariantRow {
  key: string;
  id?: string;
  size: string;
  sku: string;
  price: string;
  discount: string;
  stock: string;
}

export const toRow = (v: AdminVariant): VariantRow => ({
  key: v.id,
  id: v.id,
  size: v.size,
  sku: v.sku,
  price: filsToAedText(v.priceFils),
  discount: String(v.discount),
  stock: v.stock === null ? "" : String(v.stock),
});

let rowSeq = 0;
export const emptyRow = (): VariantRow => ({
  key: `new-${++rowSeq}`,
  size: "",
  sku: "",
  price: "",
  discount: "0",
  stock: "0",
});

/**
 * The product editor's sizes and prices: one row per size (variant), its stock adjusted in place once
 * saved (StockAdjuster) or given as opening stock while new.
 */
export function ProductSizes({
  product,
  rows,
  setRows,
}: {
  product: AdminProduct | null;
  rows: VariantRow[];
  setRows: Dispatch<SetStateAction<VariantRow[]>>;
}) {
  function updateRow(key: string, field: keyof VariantRow, value: string) {
    setRows((now) => now.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  return (
    <Card title="Sizes and prices">
      {/* On a phone each size is a card (admin.css .admin-table): the editor stays within the screen. */}
      <div className="admin-table overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Sizes</caption>
          <thead>
            <tr className="text-start text-xs text-neutral-700 uppercase">
              <th scope="col" className="px-1 py-2 text-start">
                Size
              </th>
              <th scope="col" className="px-1 py-2 text-start">
                SKU
              </th>
              <th scope="col" className="px-1 py-2 text-start">
                Price (AED)
              </th>
              <th scope="col" className="px-1 py-2 text-start">
                Discount %
              </th>
              <th scope="col" className="px-1 py-2 text-start">
                Stock
              </th>
              <th scope="col" className="px-1 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const saved = product?.variants.find((v) => v.id === row.id);
              return (
                <tr key={row.key} data-testid="variant-row">
                  <td className="px-1 py-1.5" data-label="Size">
                    <input
                      aria-label={`Size ${i + 1}`}
                      value={row.size}
                      onChange={(e) => updateRow(row.key, "size", e.target.value)}
                      className={`${inputBase} w-24`}
                    />
                  </td>
                  <td className="px-1 py-1.5" data-label="SKU">
                    <input
                      aria-label={`SKU ${i + 1}`}
                      value={row.sku}
                      onChange={(e) => updateRow(row.key, "sku", e.target.value)}
                      className={`${inputBase} w-36`}
                    />
                  </td>
                  <td className="px-1 py-1.5" data-label="Price (AED)">
                    <input
                      aria-label={`Price ${i + 1}`}
                      inputMode="decimal"
                      value={row.price}
                      onChange={(e) => updateRow(row.key, "price", e.target.value)}
                      className={`${inputBase} w-24`}
                    />
                  </td>
                  <td className="px-1 py-1.5" data-label="Discount %">
                    <input
                      aria-label={`Discount ${i + 1}`}
                      type="number"
                      min={0}
                      max={95}
                      value={row.discount}
                      onChange={(e) => updateRow(row.key, "discount", e.target.value)}
                      className={`${inputBase} w-20`}
                    />
                  </td>
                  <td className="px-1 py-1.5" data-label="Stock">
                    {saved ? (
                      <StockAdjuster productId={product?.id ?? ""} variant={saved} />
                    ) : (
                      <input
                        aria-label={`Opening stock ${i + 1}`}
                        type="number"
                        min={0}
                        value={row.stock}
                        onChange={(e) => updateRow(row.key, "stock", e.target.value)}
                        className={`${inputBase} w-20`}
                      />
                    )}
                  </td>
                  <td className="px-1 py-1.5" data-label="">
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      aria-label={`Remove size ${i + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows((now) => now.filter((r) => r.key !== row.key))}
                    >
                      <TrashIcon aria-hidden className="size-4" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className={`${buttonClass.secondary} mt-3`}
        onClick={() => setRows((now) => [...now, emptyRow()])}
      >
        <PlusIcon aria-hidden className="size-4" />
        Add a size
      </button>
    </Card>
  );
}
