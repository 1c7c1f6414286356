import { readyDate } from "#core/business-days.ts";
import { tOrder } from "#core/i18n/en-orders.ts";
import { includedVat, type OrderPayload, type OrderPayloadLine } from "#core/order.ts";
import { discountedPrice } from "#core/pricing.ts";
import { deliveryFee } from "#core/promotions.ts";
import { type VariantForOrder, variantsForProducts } from "../../db/repositories/orders.ts";
import { availableStockFor } from "../../db/repositories/stock-holds.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { DomainError } from "../errors.ts";
import type { DecidedPromotion } from "../promotions/index.ts";
import { type ResolvedStitching, resolveStitchings } from "../stitched-lines.ts";
import { type OrdersContext, StockError, type Trx } from "./context.ts";
import { stitchingSnapshot } from "./stitched-snapshot.ts";

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
  /** Issue 28: this line's share of the code's discount (0 without one). */
  discountFils: number;
  /** The VAT included in what is paid for the line (after its discount). */
  vatFils: number;
  /** Issue 29: the line's stitching service (its price is in unitPriceFils); null when ready-made. */
  stitching: ResolvedStitching | null;
}

/** An order's lines priced with its code and delivery fee (issue 28; decision 0038). */
export interface PricedOrder {
  lines: PricedLine[];
  promotion: DecidedPromotion | null;
  /** The delivery fee, VAT-inclusive. */
  shippingFils: number;
  shippingVatFils: number;
  /** Issue 29: the day the stitched lines are promised (YYYY-MM-DD, Dubai); null without one. */
  readyBy: string | null;
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
  const { db, shopNow, promotions } = ctx;

  /**
   * Prices the shopper's lines from the database: the variant named by sku_id must belong to the product
   * (and match the size when one is sent); the unit price is the variant's price after its discount now.
   * Lines of the same variant and colour are merged.
   */
  async function priceLines(
    lines: OrderPayloadLine[],
    userId: string | null = null,
    language: "en" | "ar" = "en",
  ): Promise<PricedLine[]> {
    const { vatRate } = await shopNow();
    // Issue 29: a stitching service is checked and priced from the database (decision 0042).
    const services = await resolveStitchings(
      db,
      userId,
      lines.map((l) => ({ productId: l.product_id, stitching: l.stitching })),
      language,
    );
    const variants = await variantsForProducts(
      db,
      lines.map((l) => l.product_id),
    );
    const merged = new Map<string, PricedLine>();
    for (const [index, line] of lines.entries()) {
      const stitching = services[index] ?? null;
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
      // Stitched lines merge only with the same service (a mother's and a daughter's stay two lines).
      const key = `${variant.variantId}\u0000${color}\u0000${stitching?.key ?? ""}`;
      const existing = merged.get(key);
      const quantity = (existing?.quantity ?? 0) + line.quantity;
      const unit =
        discountedPrice(variant.retailPriceFils, variant.discountPercent) +
        (stitching ? Number(stitching.style.price_fils) : 0);
      merged.set(key, {
        variant,
        color,
        quantity,
        unitPriceFils: unit,
        lineTotalFils: unit * quantity,
        discountFils: 0,
        vatFils: includedVat(unit * quantity, vatRate),
        stitching,
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

  /**
   * The order's lines, its code's discount spread over them (VAT on what is left of each) and the
   * delivery fee for what the goods come to after the discount. A refused code is a 422 before anything
   * is held or numbered; whether its last use is still there is decided again in the order's transaction.
   */
  async function priceOrder(user: UserRow, payload: OrderPayload, ip?: string): Promise<PricedOrder> {
    const lines = await priceLines(payload.lines, user.id, payload.language);
    const shop = await shopNow();
    const readyBy = readyDate(
      lines.flatMap((l) => (l.stitching ? [Number(l.stitching.style.lead_days)] : [])),
      { holidays: shop.workshopHolidays, workingWeekdays: shop.workshopWorkingDays },
    );
    let promotion: DecidedPromotion | null = null;
    if (payload.discountCode) {
      promotion = await promotions.decideForOrder(
        payload.discountCode,
        lines.map((l) => ({
          productId: l.variant.productId,
          category: l.variant.category,
          lineTotalFils: l.lineTotalFils,
          onSale: l.variant.discountPercent > 0,
        })),
        { userId: user.id, ip, locale: payload.language },
      );
      lines.forEach((l, i) => {
        l.discountFils = promotion!.allocation[i] ?? 0;
        l.vatFils = includedVat(l.lineTotalFils - l.discountFils, shop.vatRate);
      });
    }
    const goods = lines.reduce((sum, l) => sum + l.lineTotalFils - l.discountFils, 0);
    const fees = await promotions.deliveryFees();
    const shippingFils = deliveryFee(fees, goods, {
      emirate: payload.address.state,
      sameDay: payload.deliveryType === "same day delivery",
    });
    return {
      lines,
      promotion,
      shippingFils,
      shippingVatFils: includedVat(shippingFils, shop.vatRate),
      readyBy,
    };
  }

  return { priceLines, priceOrder };
}

/** What the shopper pays: the lines less the code's discount, plus the delivery fee. */
export function orderTotal(priced: PricedOrder): number {
  const goods = priced.lines.reduce((sum, l) => sum + l.lineTotalFils - l.discountFils, 0);
  return goods + priced.shippingFils;
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
  priced: PricedOrder,
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
  const { lines } = priced;
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
  // SPEC §9's 0 unless the owner set a delivery fee (issue 28).
  const shipping = priced.shippingFils;
  const discount = priced.promotion?.discountFils ?? 0;
  const a = payload.address;
  const order: OrderTable = {
    ...values,
    user_id: user.id,
    delivery_type: payload.deliveryType,
    currency: "AED",
    subtotal_fils: subtotal,
    shipping_fils: shipping,
    tax_fils: lines.reduce((sum, l) => sum + l.vatFils, 0) + priced.shippingVatFils,
    total_fils: subtotal - discount + shipping,
    ...(priced.promotion ? { discount_code: priced.promotion.code, discount_fils: discount } : {}),
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
    ...(priced.promotion ? { discount_fils: l.discountFils } : {}),
    vat_fils: l.vatFils,
    // Issue 29: what the workshop makes, kept as it was at placement (decision 0042).
    ...(l.stitching
      ? {
          stitching: JSON.stringify(stitchingSnapshot(l.stitching, priced.readyBy ?? "")),
          work_step: "measured",
          work_step_at: values.created_at,
        }
      : {}),
  }));
  return { order, lineRows };
}
