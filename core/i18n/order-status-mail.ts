import type { Locale } from "../locale.ts";

/**
 * The order status mail (issue 14: status changes go out in the shopper's language) and the Arabic
 * names of order statuses and delivery types the order mails show. Server-only. A status without its
 * own sentence gets `other`.
 */
export const orderStatusMailCopy = {
  en: {
    subject: "Your order {number}: {status}",
    intros: {
      "Order Placed": "We have received your order {number}.",
      Packing: "We are packing your order {number}.",
      Shipped: "Your order {number} is on its way.",
      "Out for Delivery": "Your order {number} is out for delivery today.",
      Delivered: "Your order {number} has been delivered. We hope you love it.",
      Cancelled: "Your order {number} has been cancelled.",
    } as Record<string, string>,
    other: "The status of your order {number} is now: {status}.",
    questions: "Questions about your order? Call us at {phone} or write to {email}.",
    note: "Note from the shop: {note}",
    tracking: "Courier: {courier}. Tracking number: {tracking}",
    ownDelivery: "Our own driver is bringing it to you.",
    /** What happens to the money of a cancelled order (issue 24). */
    cancelledMoney: {
      card: "You paid {amount} by card: it will be refunded to the same card, and we will e-mail you when it is. Banks take 1 to 5 working days to show a refund.",
      cash: "You paid {amount} on delivery: we will contact you to return it, and e-mail you when it is refunded.",
      unpaid: "Nothing was charged for this order, so there is nothing to refund.",
      refunded: "The {amount} you paid has been refunded.",
    },
    statuses: {} as Record<string, string>,
  },
  ar: {
    subject: "طلبك \u2066{number}\u2069: {status}",
    intros: {
      "Order Placed": "استلمنا طلبك \u2066{number}\u2069.",
      Packing: "نقوم الآن بتجهيز طلبك \u2066{number}\u2069.",
      Shipped: "طلبك \u2066{number}\u2069 في الطريق إليك.",
      "Out for Delivery": "طلبك \u2066{number}\u2069 خرج للتوصيل اليوم.",
      Delivered: "تم توصيل طلبك \u2066{number}\u2069. نتمنى أن ينال إعجابك.",
      Cancelled: "تم إلغاء طلبك \u2066{number}\u2069.",
    } as Record<string, string>,
    other: "أصبحت حالة طلبك \u2066{number}\u2069 الآن: {status}.",
    questions: "لديك سؤال عن طلبك؟ اتصل بنا على \u2066{phone}\u2069 أو راسلنا على \u2066{email}\u2069.",
    note: "ملاحظة من المتجر: {note}",
    tracking: "شركة الشحن: {courier}. رقم التتبع: \u2066{tracking}\u2069",
    ownDelivery: "يوصله إليك مندوب المتجر.",
    cancelledMoney: {
      card: "دُفع مبلغ {amount} بالبطاقة، وسيُعاد إلى البطاقة نفسها، وسنراسلك بالبريد الإلكتروني عند إعادته. تحتاج البنوك من يوم إلى 5 أيام عمل لإظهار المبلغ المسترد.",
      cash: "دُفع مبلغ {amount} عند الاستلام، وسنتواصل معك لإعادته ونراسلك بالبريد الإلكتروني عند استرداده.",
      unpaid: "لم يُحصَّل أي مبلغ عن هذا الطلب، فلا يوجد ما يُسترد.",
      refunded: "أُعيد إليك مبلغ {amount} الذي دفعته.",
    },
    statuses: {
      "Order Placed": "تم تقديم الطلب",
      Packing: "قيد التجهيز",
      Shipped: "تم الشحن",
      "Out for Delivery": "خرج للتوصيل",
      Delivered: "تم التوصيل",
      Cancelled: "ملغي",
    } as Record<string, string>,
  },
} satisfies Record<Locale, unknown>;

/** The delivery types (core/constants DELIVERY_TYPES) as Arabic order mails name them. */
export const DELIVERY_TYPES_AR: Record<string, string> = {
  "next day delivery": "التوصيل في اليوم التالي",
  "same day delivery": "التوصيل في اليوم نفسه",
};

/** An order status as a shopper reads it in `locale` (English: the status itself). */
export function orderStatusName(locale: Locale, status: string): string {
  return orderStatusMailCopy[locale].statuses[status] ?? status;
}
