/** SPEC §4 stock display bands, per selected variant. */
export type StockBand = "in-stock" | "only-left" | "hurry" | "out-of-stock" | "unknown";

export function stockBand(stock: number | null | undefined): StockBand {
  if (stock === null || stock === undefined || !Number.isFinite(stock) || stock < 0) return "unknown";
  if (stock > 20) return "in-stock";
  if (stock >= 11) return "only-left";
  if (stock >= 1) return "hurry";
  return "out-of-stock";
}
