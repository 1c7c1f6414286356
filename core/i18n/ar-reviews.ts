import type { enReviews } from "./en-reviews.ts";

/** Arabic twin of en-reviews.ts. */
export const arReviews = {
  "review.write": "اكتبي تقييمًا",
  "review.loginRequired": "يُرجى تسجيل الدخول لإرسال تقييم",
  "review.loginLink": "سجّلي الدخول لكتابة تقييم",
  "review.rating": "تقييمك",
  "review.comment": "رأيك",
  "review.counter": "{n}/{max}",
  "review.submit": "إرسال التقييم",
  "review.submitting": "جارٍ الإرسال...",
  "review.failed": "تعذّر إرسال التقييم",
  "review.error": "حدث خطأ أثناء إرسال التقييم",
  "review.tryLater": "يُرجى المحاولة لاحقًا.",
  "review.submitted": "تم إرسال التقييم",
  "review.awaiting": "تقييمك بانتظار الموافقة",

  "review.productRequired": "يُرجى اختيار منتج لتقييمه.",
  "review.ratingRequired": "يُرجى اختيار التقييم",
  "review.ratingRange": "يجب أن يكون التقييم عددًا صحيحًا من 1 إلى 5.",
  "review.commentTooShort": "يُرجى كتابة تقييم لا يقل عن 10 أحرف",
  "review.commentTooLong": "يمكن أن يصل تقييمك إلى {max} حرف كحد أقصى.",
  "review.duplicate": "لقد قيّمتِ هذا المنتج من قبل.",
  "review.published": "شكرًا لك! تقييمك منشور الآن.",
  "review.pending": "شكرًا لك! سيظهر تقييمك بعد موافقة المتجر عليه.",
} as const satisfies Record<keyof typeof enReviews, string>;
