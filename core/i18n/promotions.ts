import type { PromoRefusalReason } from "../schemas/promotions.ts";
import { formatMoney } from "./format.ts";
import type { Locale } from "./locale.ts";

/**
 * What a refused discount code says (issue 28), in the request's language: the quote answers with the
 * shopper's page language, an order with the order's. Server-only, like en-orders.ts: the storefront
 * shows the message it is answered with. `{min}` is the minimum spend, `{code}` the code as typed.
 */
const en: Record<PromoRefusalReason, string> = {
  unknown: "The code {code} is not valid.",
  paused: "The code {code} is not available at the moment.",
  not_started: "The code {code} is not active yet.",
  expired: "The code {code} has expired.",
  min_spend: "The code {code} needs an order of at least {min} after the discount.",
  used_up: "The code {code} has been fully used.",
  per_customer: "You have already used the code {code}.",
  not_applicable: "The code {code} does not apply to the items in your cart.",
};

const ar: Record<PromoRefusalReason, string> = {
  unknown: "الرمز {code} غير صالح.",
  paused: "الرمز {code} غير متاح حاليًا.",
  not_started: "الرمز {code} لم يبدأ بعد.",
  expired: "انتهت صلاحية الرمز {code}.",
  min_spend: "يتطلب الرمز {code} طلبًا لا تقل قيمته بعد الخصم عن {min}.",
  used_up: "استُنفد الرمز {code} بالكامل.",
  per_customer: "لقد استخدمتِ الرمز {code} من قبل.",
  not_applicable: "الرمز {code} لا ينطبق على المنتجات في سلتك.",
};

/** The code is isolated left-to-right inside an Arabic sentence (decision 0024). */
export function promoRefusalMessage(
  reason: PromoRefusalReason,
  locale: Locale,
  values: { code: string; minSpendFils?: number },
): string {
  const code = locale === "ar" ? `\u2066${values.code}\u2069` : values.code;
  const min = formatMoney(values.minSpendFils ?? 0, locale);
  return (locale === "ar" ? ar : en)[reason].replace("{code}", code).replace("{min}", min);
}
