import type { DeliveryFees, PromoRefusalReason } from "./schemas/promotions.ts";

/**
 * The rules of a discount code and of the delivery fee (issue 28 "Precisely"; decision 0038), pure so
 * the cart's quote and the order's pricing are the same arithmetic. Money is integer fils.
 */

export interface PromotionRule {
  code: string;
  kind: "percent" | "fixed";
  /** percent: 1..100; fixed: fils. */
  value: number;
  scope: "all" | "collections" | "products";
  collections: readonly string[];
  productIds: readonly string[];
  minSpendFils: number;
  /** UTC instants; null: open. */
  startsAt: string | null;
  endsAt: string | null;
  includeSaleItems: boolean;
  active: boolean;
}

export interface PromoLine {
  productId: string;
  /** The product's collection (category slug). */
  category: string;
  /** Unit price × quantity, after the variant's own sale discount. */
  lineTotalFils: number;
  /** The variant is on sale (its own percent discount). */
  onSale: boolean;
}

export type PromotionOutcome =
  | { ok: true; discountFils: number; allocation: number[] }
  | { ok: false; reason: PromoRefusalReason };

/** Whether a line is one the code is for. */
export function lineEligible(rule: PromotionRule, line: PromoLine): boolean {
  if (line.onSale && !rule.includeSaleItems) return false;
  if (rule.scope === "collections") return rule.collections.includes(line.category);
  if (rule.scope === "products") return rule.productIds.includes(line.productId);
  return true;
}

/**
 * What the code takes off these lines, or why not, ignoring usage limits (the caller counts those): the
 * dates and pause first, then the lines it is for, then the minimum spend measured after the discount.
 */
export function priceRule(rule: PromotionRule, lines: readonly PromoLine[], now: Date): PromotionOutcome {
  if (!rule.active) return { ok: false, reason: "paused" };
  const at = now.toISOString();
  if (rule.startsAt && at < rule.startsAt) return { ok: false, reason: "not_started" };
  if (rule.endsAt && at >= rule.endsAt) return { ok: false, reason: "expired" };
  const eligible = lines.map((l) => lineEligible(rule, l) && l.lineTotalFils > 0);
  const eligibleTotal = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.lineTotalFils : 0), 0);
  if (eligibleTotal <= 0) return { ok: false, reason: "not_applicable" };
  const wanted =
    rule.kind === "percent" ? Math.round((eligibleTotal * Math.min(rule.value, 100)) / 100) : rule.value;
  // Capped at the eligible total: a code never pays the shopper.
  const discountFils = Math.min(wanted, eligibleTotal);
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
  if (subtotal - discountFils < rule.minSpendFils) return { ok: false, reason: "min_spend" };
  return { ok: true, discountFils, allocation: allocate(discountFils, lines, eligible) };
}

/**
 * The discount spread over the eligible lines pro rata in whole fils (rounded down), the remainder on the
 * largest line (the first of equals); never more on a line than the line costs.
 */
export function allocate(
  discountFils: number,
  lines: readonly PromoLine[],
  eligible: readonly boolean[],
): number[] {
  const total = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.lineTotalFils : 0), 0);
  const shares = lines.map((l, i) =>
    eligible[i] && total > 0 ? Math.floor((discountFils * l.lineTotalFils) / total) : 0,
  );
  let rest = discountFils - shares.reduce((a, b) => a + b, 0);
  const bySize = lines
    .map((l, i) => ({ i, size: eligible[i] ? l.lineTotalFils : -1 }))
    .filter((x) => x.size > 0)
    .sort((a, b) => b.size - a.size || a.i - b.i);
  for (const { i } of bySize) {
    if (rest <= 0) break;
    const room = lines[i]!.lineTotalFils - shares[i]!;
    const put = Math.min(room, rest);
    shares[i]! += put;
    rest -= put;
  }
  return shares;
}

/**
 * The delivery fee (VAT-inclusive) for goods worth `goodsFils` after the discount: free from the
 * threshold, else same-day's fee, an emirate's own fee, or the flat one.
 */
export function deliveryFee(
  fees: DeliveryFees,
  goodsFils: number,
  where: { emirate?: string | null | undefined; sameDay?: boolean },
): number {
  if (fees.freeThresholdFils !== null && goodsFils >= fees.freeThresholdFils) return 0;
  if (where.sameDay) return fees.sameDayFeeFils;
  const own = where.emirate
    ? fees.emirateFeesFils[where.emirate as keyof DeliveryFees["emirateFeesFils"]]
    : undefined;
  return own ?? fees.feeFils;
}

/** What is still missing to reach free delivery; 0 when reached, null without a threshold. */
export function remainingForFree(fees: DeliveryFees, goodsFils: number): number | null {
  if (fees.freeThresholdFils === null) return null;
  return Math.max(0, fees.freeThresholdFils - goodsFils);
}

/** Dubai wall-clock time (`YYYY-MM-DDTHH:MM`, UTC+4 all year) as a UTC instant, and back. */
const DUBAI_OFFSET_MS = 4 * 3600_000;
export function dubaiLocalToUtc(local: string): string {
  return new Date(Date.parse(`${local}:00Z`) - DUBAI_OFFSET_MS).toISOString();
}
export function utcToDubaiLocal(iso: string): string {
  return new Date(Date.parse(iso) + DUBAI_OFFSET_MS).toISOString().slice(0, 16);
}
