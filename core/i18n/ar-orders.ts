import type { Locale } from "../locale.ts";
import { enOrders, type OrderMessageKey } from "./en-orders.ts";

/**
 * The Arabic twin of en-orders.ts (issue 14): the order and payment calls' messages (for Arabic screens;
 * the answers themselves stay English beside a `code`), the order mails and the test payment page.
 * Server-only, like its English original. Western digits; same placeholders.
 */
export const arOrders: Record<OrderMessageKey, string> = {
  "orderApi.loginRequired": "يجب تسجيل الدخول لإتمام الطلب.",
  "orderApi.addressRequired": "يرجى اختيار عنوان التوصيل.",
  "orderApi.cartEmpty": "سلة التسوق فارغة.",
  "orderApi.tooManyLines": "يمكن أن يضم الطلب {max} منتجًا مختلفًا كحد أقصى.",
  "orderApi.quantityInvalid": "يرجى اختيار كمية بين 1 و{max} لكل منتج.",
  "orderApi.deliveryTypeInvalid": "يرجى اختيار التوصيل في اليوم التالي أو في اليوم نفسه.",
  "orderApi.lineInvalid": "تعذرت قراءة أحد المنتجات في سلتك. يرجى حذفه وإضافته مرة أخرى.",
  "orderApi.productGone": "هذا المنتج لم يعد متوفرًا.",
  "orderApi.skuMismatch": "{item} غير متوفر بالمقاس {size}. يرجى اختيار المقاس مرة أخرى.",
  "orderApi.stockShort": "خطأ في المخزون: يتوفر {n} فقط من {item} ({size})",
  "orderApi.outOfStock": "{item} ({size}) نفد من المخزون",
  "orderApi.methodUnavailable": "طريقة الدفع هذه غير متاحة.",
  "orderApi.initiateFailed": "تعذر بدء عملية الدفع.",
  "orderApi.cardUnavailable": "الدفع بالبطاقة غير متاح على هذا الموقع حاليًا.",
  "orderApi.redirecting": "جارٍ تحويلك إلى صفحة الدفع...",
  "orderApi.paymentIdMissing": "لم يُعثر على رقم عملية الدفع في الرابط.",
  "orderApi.orderNotFound": "لم يُعثر على بيانات الطلب. يرجى محاولة إتمام الطلب مرة أخرى.",
  "orderApi.paid": "تم الدفع بنجاح",
  "orderApi.verifyFailed": "تعذر التحقق من الدفع.",
  "orderApi.declined": "تم رفض عملية الدفع.",
  "orderApi.cancelled": "تم إلغاء عملية الدفع.",
  "orderApi.expired": "انتهت مهلة الدفع. يرجى إتمام الطلب مرة أخرى.",
  "orderApi.pending": "لم يتم تأكيد الدفع بعد. يرجى التحقق مرة أخرى بعد قليل.",
  "orderApi.placed": "تم تقديم الطلب",
  "orderApi.busy": "يقوم كثير من المتسوقين بالطلب الآن. يرجى المحاولة مرة أخرى.",
  "orderApi.keyInProgress": "ما زال طلبك قيد الإتمام. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "orderApi.keyReused": "استُخدم مفتاح Idempotency-Key هذا لطلب مختلف من قبل.",
  "orderApi.keyInvalid": "يجب أن يتكون ترويسة Idempotency-Key من 8 إلى 200 حرف ASCII قابل للطباعة.",
  "orderApi.cancelNotFound": "لم نعثر على هذا الطلب ضمن طلباتك.",
  "orderApi.cancelStatus":
    "بدأنا تجهيز هذا الطلب، فلم يعد بالإمكان إلغاؤه من هنا. تواصلي معنا إن احتجتِ إلى تغييره.",
  "orderApi.cancelWindow": "انتهت مهلة إلغاء هذا الطلب. تواصلي معنا إن احتجتِ إلى تغييره.",
  "orderApi.orderCancelled": "أُلغي طلبك.",

  "orderMail.confirmSubject": "طلبك \u2066{number}\u2069 من {shop}",
  "orderMail.confirmIntro": "شكرًا لطلبك. سنخبرك عندما يكون في طريقه إليك.",
  "orderMail.shopSubject": "طلب جديد \u2066{number}\u2069: {total}",
  "orderMail.shopIntro": "تم تقديم طلب جديد.",
  "orderMail.order": "الطلب",
  "orderMail.items": "المنتجات",
  "orderMail.subtotal": "المجموع الفرعي",
  "orderMail.shipping": "الشحن",
  "orderMail.free": "مجاني",
  "orderMail.discount": "الخصم (الرمز {code})",
  "orderMail.total": "الإجمالي",
  "orderMail.vatIncluded": "شاملًا ضريبة القيمة المضافة ({rate}%)",
  "orderMail.deliverTo": "التوصيل إلى",
  "orderMail.delivery": "التوصيل",
  "orderMail.payment": "الدفع",
  "orderMail.paymentOnline": "مدفوع إلكترونيًا بالبطاقة",
  "orderMail.paymentCod": "الدفع عند الاستلام",
  "orderMail.attention": "يحتاج إلى متابعة: {reason}",

  "sandbox.title": "دفع تجريبي",
  "sandbox.notice": "هذه صفحة دفع تجريبية: لا تأخذ أي أموال. لن تُخصم أي مبالغ من البطاقة ولن يُدفع أي شيء.",
  "sandbox.localOnly":
    "صفحة الدفع التجريبية هذه تعمل على جهاز المتجر فقط. يستقبل المتجر المدفوعات بالبطاقة عبر مزوّد الدفع.",
  "sandbox.cancelIsPost": "ألغِ عملية الدفع بزر الإلغاء في صفحة الدفع.",
  "sandbox.payTo": "الدفع إلى {shop}",
  "sandbox.amount": "المبلغ",
  "sandbox.order": "الطلب",
  "sandbox.cardNumber": "رقم البطاقة",
  "sandbox.expiry": "تاريخ الانتهاء (MM/YY)",
  "sandbox.cvc": "رمز التحقق (CVC)",
  "sandbox.name": "الاسم على البطاقة",
  "sandbox.pay": "ادفع {amount}",
  "sandbox.cancel": "إلغاء",
  "sandbox.testCards":
    "بطاقات تجريبية: \u20664242 4242 4242 4242\u2069 تدفع بنجاح؛ و\u20664000 0000 0000 0002\u2069 تُرفض.",
  "sandbox.declined": "تم رفض بطاقتك.",
  "sandbox.cardInvalid":
    "استخدم بطاقة تجريبية: \u20664242 4242 4242 4242\u2069 تدفع بنجاح، و\u20664000 0000 0000 0002\u2069 تُرفض.",
  "sandbox.expiryInvalid": "أدخل تاريخ الانتهاء بصيغة MM/YY، على أن يكون في المستقبل.",
  "sandbox.cvcInvalid": "أدخل رمز التحقق المكون من 3 أو 4 أرقام.",
  "sandbox.nameRequired": "أدخل الاسم المكتوب على البطاقة.",
  "sandbox.errorSummary": "يرجى تصحيح الحقول المحددة.",
  "sandbox.paid": "تم استلام الدفعة. جارٍ إعادتك إلى المتجر…",
  "sandbox.returnLink": "العودة إلى المتجر",
  "sandbox.notFound": "تعذر العثور على عملية الدفع هذه.",
  "sandbox.done": "انتهت عملية الدفع هذه ({status}).",
};

/** The delivery types (core/constants DELIVERY_TYPES) as Arabic order mails name them. */
export const DELIVERY_TYPES_AR: Record<string, string> = {
  "next day delivery": "التوصيل في اليوم التالي",
  "same day delivery": "التوصيل في اليوم نفسه",
};

/** An order message in `locale`, its `{name}` placeholders filled, as `tOrder()` does in English. */
export function tOrderIn(
  locale: Locale,
  key: OrderMessageKey,
  values?: Record<string, string | number>,
): string {
  const template: string = locale === "ar" ? arOrders[key] : enOrders[key];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
