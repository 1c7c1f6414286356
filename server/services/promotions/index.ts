import type { Kysely, Transaction } from "kysely";
import type { ShopSettings } from "#core/admin.ts";
import { quoteCart } from "#core/cart-quote.ts";
import { promoRefusalMessage } from "#core/i18n/promotions.ts";
import type { Locale } from "#core/locale.ts";
import { includedVat } from "#core/order.ts";
import {
  deliveryFee,
  dubaiLocalToUtc,
  type PromoLine,
  type PromotionRule,
  priceRule,
  remainingForFree,
  utcToDubaiLocal,
} from "#core/promotions.ts";
import type {
  DeliveryFees,
  PromoQuoteRequest,
  PromoRefusalReason,
  Promotion,
  PromotionCreate,
  PromotionUpdate,
  QuotePromotion,
} from "#core/schemas/promotions.ts";
import { uniqueViolationOn } from "../../db/repositories/admin-products.ts";
import { listProductsByIds } from "../../db/repositories/products.ts";
import {
  customerUses,
  findPromotion,
  findPromotionByCode,
  insertPromotion,
  listPromotionsWithFigures,
  type PromotionWithFigures,
  updatePromotion,
} from "../../db/repositories/promotions.ts";
import type { PromotionTable } from "../../db/schema/promotions.ts";
import type { Database } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { AuditRecorder } from "../admin-audit.ts";
import { diff } from "../admin-audit.ts";
import { AdminError, notFound } from "../admin-errors.ts";
import { DomainError } from "../errors.ts";
import { stitchQuote } from "../stitched-quote.ts";
import { createCodeAttemptLimiter } from "./limits.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A code the server took, ready to be stored with an order. */
export interface DecidedPromotion {
  promotionId: string;
  code: string;
  perCustomerLimit: number | null;
  discountFils: number;
  /** Per line, in the lines' order. */
  allocation: number[];
}

export type Decision =
  | { ok: true; promotion: DecidedPromotion }
  | { ok: false; reason: PromoRefusalReason; minSpendFils?: number };

export function ruleOf(row: PromotionTable): PromotionRule {
  return {
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    scope: row.scope,
    collections: JSON.parse(row.collections) as string[],
    productIds: JSON.parse(row.product_ids) as string[],
    minSpendFils: Number(row.min_spend_fils),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    includeSaleItems: Boolean(row.include_sale_items),
    active: Boolean(row.active),
  };
}

function toPromotion(row: PromotionWithFigures, now = new Date()): Promotion {
  const rule = ruleOf(row);
  const at = now.toISOString();
  return {
    id: row.id,
    code: row.code,
    kind: rule.kind,
    value: rule.value,
    scope: rule.scope,
    collections: [...rule.collections],
    productIds: [...rule.productIds],
    minSpendFils: rule.minSpendFils,
    startsAt: row.starts_at ? utcToDubaiLocal(row.starts_at) : null,
    endsAt: row.ends_at ? utcToDubaiLocal(row.ends_at) : null,
    usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
    perCustomerLimit: row.per_customer_limit === null ? null : Number(row.per_customer_limit),
    includeSaleItems: rule.includeSaleItems,
    active: rule.active,
    live: rule.active && (!row.starts_at || row.starts_at <= at) && (!row.ends_at || at < row.ends_at),
    uses: row.uses,
    reserved: row.reserved,
    discountGivenFils: row.discount_given_fils,
    overshoot: row.overshoot,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The delivery fees of the shop's settings (issue 28). */
export function feesOf(settings: ShopSettings): DeliveryFees {
  return {
    feeFils: settings.deliveryFeeFils,
    freeThresholdFils: settings.freeDeliveryThresholdFils,
    emirateFeesFils: settings.emirateDeliveryFeesFils,
    sameDayFeeFils: settings.sameDayDeliveryFeeFils,
  };
}

const rowValues = (input: Partial<PromotionCreate>): Partial<PromotionTable> => ({
  ...(input.kind !== undefined ? { kind: input.kind } : {}),
  ...(input.value !== undefined ? { value: input.value } : {}),
  ...(input.scope !== undefined ? { scope: input.scope } : {}),
  ...(input.collections !== undefined ? { collections: JSON.stringify(input.collections) } : {}),
  ...(input.productIds !== undefined ? { product_ids: JSON.stringify(input.productIds) } : {}),
  ...(input.minSpendFils !== undefined ? { min_spend_fils: input.minSpendFils } : {}),
  ...(input.startsAt !== undefined
    ? { starts_at: input.startsAt ? dubaiLocalToUtc(input.startsAt) : null }
    : {}),
  ...(input.endsAt !== undefined ? { ends_at: input.endsAt ? dubaiLocalToUtc(input.endsAt) : null } : {}),
  ...(input.usageLimit !== undefined ? { usage_limit: input.usageLimit } : {}),
  ...(input.perCustomerLimit !== undefined ? { per_customer_limit: input.perCustomerLimit } : {}),
  ...(input.includeSaleItems !== undefined ? { include_sale_items: input.includeSaleItems } : {}),
  ...(input.active !== undefined ? { active: input.active } : {}),
});

/**
 * Discount codes (issue 28; decision 0038): the owner's list and changes, the decision on a code for a
 * cart or an order, and the cart's quote with the code's discount and the delivery fee.
 */
export function createPromotionsService(options: {
  db: Kysely<Database>;
  settings: { current(executor?: Db): Promise<ShopSettings> };
}) {
  const { db, settings } = options;
  const limiter = createCodeAttemptLimiter(db);

  /** A code for collections names the catalog's own (the back office's 400 `unknown_category`). */
  async function checkCollections(collections: readonly string[] | undefined): Promise<void> {
    if (!collections?.length) return;
    const known = new Set(
      (
        await db
          .selectFrom("categories")
          .select("slug")
          .where("slug", "in", [...collections])
          .execute()
      ).map((r) => r.slug),
    );
    const unknown = collections.find((c) => !known.has(c));
    if (unknown) throw new AdminError("invalid", "unknown_category", `There is no collection '${unknown}'`);
  }

  /**
   * Whether the code applies to these lines and what it takes off; usage is counted as it is now (the
   * order's transaction takes the use for real). `userId` counts the per-customer limit when known.
   */
  async function decide(
    executor: Db,
    code: string,
    lines: readonly PromoLine[],
    userId: string | null,
    now = new Date(),
  ): Promise<Decision> {
    const row = await findPromotionByCode(executor, code);
    if (!row) return { ok: false, reason: "unknown" };
    const rule = ruleOf(row);
    const outcome = priceRule(rule, lines, now);
    if (!outcome.ok) return { ok: false, reason: outcome.reason, minSpendFils: rule.minSpendFils };
    if (row.usage_limit !== null && Number(row.taken) >= Number(row.usage_limit))
      return { ok: false, reason: "used_up" };
    const perCustomerLimit = row.per_customer_limit === null ? null : Number(row.per_customer_limit);
    if (
      perCustomerLimit !== null &&
      userId &&
      (await customerUses(executor, row.id, userId)) >= perCustomerLimit
    )
      return { ok: false, reason: "per_customer" };
    return {
      ok: true,
      promotion: {
        promotionId: row.id,
        code: row.code,
        perCustomerLimit,
        discountFils: outcome.discountFils,
        allocation: outcome.allocation,
      },
    };
  }

  /**
   * A code sent with an order: rate-limited per client and per account, then decided; a refusal is the
   * 422 `discount_refused` with its reason, worded in the order's language.
   */
  async function decideForOrder(
    code: string,
    lines: readonly PromoLine[],
    who: { userId: string; ip: string | undefined; locale: Locale },
  ): Promise<DecidedPromotion> {
    await limiter.before(who.ip, who.userId);
    const decision = await decide(db, code, lines, who.userId);
    if (decision.ok) return decision.promotion;
    if (decision.reason === "unknown") await limiter.failed(who.ip, who.userId);
    throw refusal(code, decision.reason, who.locale, decision.minSpendFils);
  }

  function refusal(code: string, reason: PromoRefusalReason, locale: Locale, minSpendFils?: number) {
    return new DomainError(
      "unprocessable",
      "discount_refused",
      promoRefusalMessage(reason, locale, { code, minSpendFils }),
      { details: { reason } },
    );
  }

  async function deliveryFees(executor: Db = db): Promise<DeliveryFees> {
    return feesOf(await settings.current(executor));
  }

  return {
    decide,
    decideForOrder,
    refusal,
    deliveryFees,

    /** POST /api/cart/quote (issue 10), with the code's discount and the delivery fee (issue 28). */
    async quote(
      request: PromoQuoteRequest,
      who: { locale: Locale; ip: string | undefined; userId: string | null },
    ) {
      const products = await listProductsByIds(
        db,
        request.lines.map((l) => l.productId),
        who.locale,
      );
      const shop = await settings.current();
      // Issue 29: stitched lines priced by the server, with the ready date (decision 0042).
      const base = await stitchQuote(db, quoteCart(request.lines, products), request.lines, {
        userId: who.userId,
        locale: who.locale,
        holidays: shop.workshopHolidays,
        workingWeekdays: shop.workshopWorkingDays,
      });
      const fees = feesOf(shop);
      const lines: PromoLine[] = base.lines.map((l) => ({
        productId: l.productId,
        category: products.get(l.productId)?.category ?? "",
        lineTotalFils: l.lineTotalFils,
        onSale: l.salePrice !== undefined,
      }));
      const code = request.code ?? "";
      let promotion: QuotePromotion | null = null;
      let allocation = lines.map(() => 0);
      if (code) {
        await limiter.before(who.ip, who.userId ?? undefined);
        const decision = await decide(db, code, lines, who.userId);
        if (decision.ok) {
          allocation = decision.promotion.allocation;
          promotion = {
            applied: true,
            code: decision.promotion.code,
            discountFils: decision.promotion.discountFils,
            lines: allocation.map((discountFils, index) => ({ index, discountFils })),
          };
        } else {
          if (decision.reason === "unknown") await limiter.failed(who.ip, who.userId ?? undefined);
          promotion = {
            applied: false,
            code,
            reason: decision.reason,
            message: promoRefusalMessage(decision.reason, who.locale, {
              code,
              minSpendFils: decision.minSpendFils,
            }),
          };
        }
      }
      const discountFils = allocation.reduce((a, b) => a + b, 0);
      const goods = base.subtotalFils - discountFils;
      const shippingFils = deliveryFee(fees, goods, {
        emirate: request.emirate,
        sameDay: request.deliveryType === "same day delivery",
      });
      const vatFils =
        base.lines.reduce(
          (sum, l, i) => sum + includedVat(l.lineTotalFils - (allocation[i] ?? 0), shop.vatRate),
          0,
        ) + includedVat(shippingFils, shop.vatRate);
      return {
        ...base,
        shippingFils,
        totalFils: goods + shippingFils,
        discountFils,
        vatFils,
        delivery: {
          feeFils: shippingFils,
          freeThresholdFils: fees.freeThresholdFils,
          remainingForFreeFils: remainingForFree(fees, goods),
        },
        promotion,
      };
    },

    /** GET /api/admin/promotions. */
    async list(): Promise<Promotion[]> {
      return (await listPromotionsWithFigures(db)).map((r) => toPromotion(r));
    },

    async get(id: string): Promise<Promotion> {
      const found = (await listPromotionsWithFigures(db)).find((r) => r.id === id);
      if (!found) throw notFound("Discount code");
      return toPromotion(found);
    },

    /** POST /api/admin/promotions: audited in the same transaction. */
    async create(input: PromotionCreate, audit: AuditRecorder): Promise<Promotion> {
      await checkCollections(input.collections);
      const at = new Date().toISOString();
      const id = newId();
      const row: PromotionTable = {
        id,
        code: input.code,
        kind: input.kind,
        value: input.value,
        scope: input.scope,
        collections: "[]",
        product_ids: "[]",
        min_spend_fils: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        per_customer_limit: null,
        include_sale_items: true,
        active: true,
        taken: 0,
        created_at: at,
        updated_at: at,
        ...rowValues(input),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await insertPromotion(trx, row);
          await audit(trx, {
            action: "promotion.create",
            entity: "promotion",
            entityId: id,
            label: input.code,
            changes: diff({}, { ...input }),
          });
        });
      } catch (error) {
        if (uniqueViolationOn(error, "code"))
          throw new AdminError("conflict", "code_taken", `There is already a code ${input.code}`);
        throw error;
      }
      return this.get(id);
    },

    /** PATCH /api/admin/promotions/:id: any subset; `active: false` pauses the code. Audited. */
    async update(id: string, input: PromotionUpdate, audit: AuditRecorder): Promise<Promotion> {
      const before = await findPromotion(db, id);
      if (!before) throw notFound("Discount code");
      await checkCollections(input.collections);
      const current = toPromotion({ ...before, uses: 0, reserved: 0, discount_given_fils: 0, overshoot: 0 });
      // The combined record must still hold together (a percent over 100, an end before the start).
      const merged = { ...current, ...input };
      if (merged.kind === "percent" && merged.value > 100)
        throw new AdminError("invalid", "validation", "A percentage is at most 100");
      if (merged.startsAt && merged.endsAt && merged.endsAt <= merged.startsAt)
        throw new AdminError("invalid", "validation", "The end is after the start");
      const at = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await updatePromotion(trx, id, { ...rowValues(input), updated_at: at });
        await audit(trx, {
          action: "promotion.update",
          entity: "promotion",
          entityId: id,
          label: before.code,
          changes: diff(current as unknown as Record<string, unknown>, { ...input }),
        });
      });
      return this.get(id);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
