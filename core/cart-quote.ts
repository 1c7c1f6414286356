import { t } from "#core/i18n/index.ts";
import {
  type CartQuote,
  type CartQuoteLine,
  type CartQuoteRequestLine,
  stockCap,
  unitPriceFils,
} from "./cart.ts";
import type { ProductDto } from "./catalog.ts";
import { variantPrices } from "./pricing.ts";

// Beside core/cart.ts rather than in it: the browser's cart store stays free of pricing and messages.

/**
 * Prices and checks a cart against the catalog as it is now (issue 10, POST /api/cart/quote): the server's
 * price counts, and SPEC §8's stock texts mark lines that cannot be bought. Stock is per size, so lines of
 * one size in different colours share it. `products` holds the catalog's products by id.
 */
export function quoteCart(
  request: readonly CartQuoteRequestLine[],
  products: ReadonlyMap<string, ProductDto>,
): CartQuote {
  const demand = new Map<string, number>();
  for (const line of request) {
    const key = `${line.productId}\u0000${line.size}`;
    demand.set(key, (demand.get(key) ?? 0) + line.quantity);
  }
  const lines = request.map((line): CartQuoteLine => {
    const product = products.get(line.productId);
    const variant = product?.variants.find((v) => v.filter_value === line.size);
    if (!product || !variant) {
      return {
        productId: line.productId,
        slug: product?.slug ?? "",
        name: product?.name ?? "",
        image: product?.image[0] ?? "",
        size: line.size,
        color: line.color ?? "",
        sku: "",
        quantity: line.quantity,
        price: 0,
        unitPriceFils: 0,
        lineTotalFils: 0,
        available: 0,
        problem: t("cart.unavailable"),
      };
    }
    const prices = variantPrices(variant);
    const unit = unitPriceFils(prices);
    const cap = stockCap(variant.stock);
    const wanted = demand.get(`${line.productId}\u0000${line.size}`) ?? line.quantity;
    const values = { item: product.name, size: variant.filter_value, n: cap };
    const color = line.color ?? product.colors[0] ?? "";
    const colorLabel = product.labels?.colors[product.colors.indexOf(color)];
    const problem =
      cap <= 0 ? t("cart.outOfStock", values) : wanted > cap ? t("cart.stockError", values) : null;
    return {
      productId: product._id,
      slug: product.slug,
      name: product.name,
      image: product.image[0] ?? "",
      size: variant.filter_value,
      color,
      ...(colorLabel ? { colorLabel } : {}),
      sku: variant.sku,
      quantity: line.quantity,
      ...prices,
      unitPriceFils: unit,
      lineTotalFils: unit * line.quantity,
      available: variant.stock,
      problem,
    };
  });
  const subtotalFils = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
  return {
    success: true,
    lines,
    subtotalFils,
    shippingFils: 0,
    totalFils: subtotalFils,
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    canCheckout: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}
