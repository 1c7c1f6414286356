import type { AddressType, ServiceType } from "../requests.ts";
import type { requestMailEn } from "./request-mail.en.ts";

/**
 * The Arabic twin of request-mail.en.ts (issue 14): the shopper's acknowledgements of a contact message
 * or a stitching request (the shop's own copies stay English). Only the server imports it.
 */
export const requestMailAr: typeof requestMailEn = {
  reference: "رقم المرجع: \u2066{reference}\u2069",
  account: "الحساب المسجل: \u2066{account}\u2069",
  guest: "أُرسل دون تسجيل الدخول.",
  contactShopSubject: "رسالة \u2066{reference}\u2069: {subject}",
  contactShopIntro: "وصلت رسالة جديدة عبر نموذج التواصل.",
  contactAckSubject: "استلمنا رسالتك (\u2066{reference}\u2069)",
  contactAckIntro: "مرحبًا {name}، شكرًا لتواصلك مع {shop}. استلمنا رسالتك وسنرد عليك خلال 24 ساعة.",
  stitchingShopSubject: "طلب خياطة \u2066{reference}\u2069: {service}، {count} قطع، {name}",
  stitchingShopIntro: "وصل طلب خياطة جديد. يرجى الاتصال بالعميل خلال 24 ساعة.",
  stitchingAckSubject: "طلب الخياطة الخاص بك \u2066{reference}\u2069",
  stitchingAckIntro:
    "مرحبًا {name}، شكرًا لطلبك خدمة الخياطة لـ{service}. سنتواصل معك خلال 24 ساعة لترتيب موعد أخذ المقاسات.",
  labels: {
    name: "الاسم",
    email: "البريد الإلكتروني",
    subject: "الموضوع",
    message: "الرسالة",
    phone: "الهاتف",
    addressType: "نوع العنوان",
    fullAddress: "العنوان الكامل",
    landmark: "معلم قريب",
    city: "المدينة",
    pinCode: "الرمز البريدي",
    serviceType: "نوع الخدمة",
    itemCount: "عدد القطع",
  },
  signature: "{shop}",
};

/** The stitching form's choices as Arabic mails name them. */
export const SERVICE_TYPES_AR: Record<ServiceType, string> = {
  "Ethnic Elegance": "أناقة تراثية",
  "Graceful Abayas": "عبايات راقية",
  "Designer Jalabiya": "جلابيات مصمّمة",
};

export const ADDRESS_TYPES_AR: Record<AddressType, string> = {
  Home: "المنزل",
  Office: "المكتب",
  Other: "غير ذلك",
};
