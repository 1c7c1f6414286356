import { tOrder } from "#core/i18n/en-orders.ts";
import { includedVat, type OrderPayload, type OrderPayloadLine } from "#core/order.ts";
import { discountedPrice } from "#core/pricing.ts";
import { type VariantForOrder, variantsForProducts } from "../../db/repositories/orders.ts";
import { availableStockFor } from "../../db/repositories/stock-holds.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { DomainError } from "../errors.ts";
import { type OrdersContext, StockError, type Trx } from "./context.ts";

/**
 * Pricing (SPEC §5): every line is priced from the database, never from what the shopper sent; the
 * order's rows are made from the priced lines.
 */

export interface PricedLine {
  variant: VariantForOrder;
  color: string;
  quantity: number;
  unitPriceFils: number;
  lineTotalFils: number;
  vatFils: number;
}

const stockMessage = (line: PricedLine, available: number) =>
  available <= 0
    ? tOrder("orderApi.outOfStock", { item: line.variant.productName, size: line.variant.size })
    : tOrder("orderApi.stockShort", {
        n: available,
        item: line.variant.productName,
        size: line.variant.size,
      });

export function createPricing(ctx: OrdersContext) {
  const { db, shopNow } = ctx;

  /**
   * Prices the shopper's lines from the database: the variant named by sku_id must belong to the product
   * (and match the size when one is sent); the unit price is the variant's price after its discount now.
   * Lines of the same variant and colour are merged.
   */
  async function priceLines(lines: OrderPayloadLine[]): Promise<PricedLine[]> {
    const { vatRate } = await shopNow();
    const variants = await variantsForProducts(
      db,
      lines.map((l) => l.product_id),
    );
    const merged = new Map<string, PricedLine>();
    for (const line of lines) {
      const ofProduct = variants.filter((v) => v.productId === line.product_id);
      if (ofProduct.length === 0)
        throw new DomainError("invalid", "product_unavailable", tOrder("orderApi.productGone"));
      const variant = ofProduct.find((v) => v.sku === line.sku_id || v.variantId === line.sku_id);
      const size = line.size?.trim();
      if (!variant || (size && size.toLowerCase() !== variant.size.toLowerCase())) {
        throw new DomainError(
          "invalid",
          "size_unknown",
          tOrder("orderApi.skuMismatch", { item: ofProduct[0]!.productName, size: size || line.sku_id }),
        );
      }
      const color = line.color?.trim() ?? "";
      const key = `${variant.variantId}\u0000${color}`;
      const existing = merged.get(key);
      const quantity = (existing?.quantity ?? 0) + line.quantity;
      const unit = discountedPrice(variant.retailPriceFils, variant.discountPercent);
      merged.set(key, {
        variant,
        color,
        quantity,
        unitPriceFils: unit,
        lineTotalFils: unit * quantity,
        vatFils: includedVat(unit * quantity, vatRate),
      });
    }
    const priced = [...merged.values()];
    // A friendly early answer; the conditional updates in the transaction are what actually decide.
    for (const [variantId, quantity] of quantitiesByVariant(priced)) {
      const line = priced.find((l) => l.variant.variantId === variantId)!;
      if (line.variant.stock === null) continue;
      const available = line.variant.stock - line.variant.held;
      if (quantity > available)
        throw new DomainError("conflict", "out_of_stock", stockMessage(line, available));
    }
    return priced;
  }

  return { priceLines };
}

/** Quantities per variant, in variant id order: every transaction takes row locks in this one order. */
export function quantitiesByVariant(lines: PricedLine[]): [string, number][] {
  const map = new Map<string, number>();
  for (const l of lines) map.set(l.variant.variantId, (map.get(l.variant.variantId) ?? 0) + l.quantity);
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function stockRefusal(trx: Trx, lines: PricedLine[], variantId: string): Promise<StockError> {
  const line = lines.find((l) => l.variant.variantId === variantId)!;
  const available = (await availableStockFor(trx, [variantId])).get(variantId) ?? 0;
  return new StockError(stockMessage(line, available));
}

/** The order's row and its lines' rows, from the priced lines, the shopper's address and the account. */
export function orderRow(
  user: UserRow,
  payload: OrderPayload,
  lines: PricedLine[],
  values: Pick<
    OrderTable,
    | "id"
    | "order_number"
    | "status"
    | "payment_status"
    | "payment_mode"
    | "hold_expires_at"
    | "placed_at"
    | "created_at"
  >,
): { order: OrderTable; lineRows: OrderLineTable[] } {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
  const shipping = 0; // SPEC §9: shipping is always 0.
  const a = payload.address;
  const order: OrderTable = {
    ...values,
    user_id: user.id,
    delivery_type: payload.deliveryType,
    currency: "AED",
    subtotal_fils: subtotal,
    shipping_fils: shipping,
    tax_fils: lines.reduce((sum, l) => sum + l.vatFils, 0),
    total_fils: subtotal + shipping,
    ship_first_name: a.first_name,
    ship_last_name: a.last_name ?? "",
    ship_address: a.address,
    ship_landmark: a.landmark ?? "",
    ship_city: a.city,
    ship_state: a.state,
    ship_postcode: a.postcode,
    ship_country: a.country,
    // SPEC §5: the e-mail is the account's, never what the form sent.
    ship_email: user.email ?? "",
    ship_phone: a.phone ?? user.phone,
    needs_attention: false,
    attention_reason: null,
    language: payload.language,
    updated_at: values.created_at,
  };
  const lineRows: OrderLineTable[] = lines.map((l, position) => ({
    id: newId(),
    order_id: values.id,
    position,
    product_id: l.variant.productId,
    variant_id: l.variant.variantId,
    sku: l.variant.sku,
    name: l.variant.productName,
    name_ar: l.variant.productNameAr,
    size: l.variant.size,
    color: l.color,
    image: l.variant.image,
    unit_price_fils: l.unitPriceFils,
    quantity: l.quantity,
    line_total_fils: l.lineTotalFils,
    vat_fils: l.vatFils,
  }));
  return { order, lineRows };
}
