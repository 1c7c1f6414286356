import type { TwinCatalog } from "./locale.ts";
import type { RequestMessageKey } from "./request-messages.en.ts";

/**
 * The Arabic twin of request-messages.en.ts (issue 14): what the contact and stitching forms are told
 * and their validation sentences, for Arabic screens. Same keys, same placeholders; Western digits.
 */
export const requestMessagesAr: TwinCatalog<RequestMessageKey> = {
  contactSent: "شكرًا لك، تم إرسال رسالتك.",
  stitchingSent: "تم إرسال طلب خدمة الخياطة بنجاح",
  "tooMany.zero":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",
  "tooMany.one":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",
  "tooMany.two":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار دقيقتين ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",
  "tooMany.few":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار {count} دقائق ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",
  "tooMany.many":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار {count} دقيقة ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",
  "tooMany.other":
    "أرسلت عدة طلبات خلال وقت قصير. يرجى الانتظار {count} دقيقة ثم المحاولة مرة أخرى، أو الاتصال بنا على \u2066{phone}\u2069.",

  nameRequired: "يرجى إدخال اسمك.",
  nameTooLong: "يمكن أن يتكون اسمك من 100 حرف كحد أقصى.",
  subjectRequired: "يرجى إدخال الموضوع.",
  subjectTooLong: "يمكن أن يتكون الموضوع من 150 حرفًا كحد أقصى.",
  messageRequired: "يرجى كتابة رسالتك.",
  messageTooLong: "يمكن أن تتكون رسالتك من {max} حرف كحد أقصى.",
  addressTypeInvalid: "يرجى اختيار المنزل أو المكتب أو غير ذلك.",
  fullAddressRequired: "يرجى إدخال عنوانك الكامل.",
  fullAddressTooLong: "يمكن أن يتكون العنوان من 300 حرف كحد أقصى.",
  cityRequired: "يرجى إدخال مدينتك.",
  cityTooLong: "يمكن أن يتكون اسم المدينة من 60 حرفًا كحد أقصى.",
  landmarkTooLong: "يمكن أن يتكون المعلم القريب من 100 حرف كحد أقصى.",
  pinCodeRequired: "يرجى إدخال الرمز البريدي المكون من 6 أرقام.",
  pinCodeInvalid: "يجب أن يتكون الرمز البريدي من 6 أرقام بالضبط.",
  serviceTypeInvalid: "يرجى اختيار أناقة تراثية أو عبايات راقية أو جلابيات مصمّمة.",
  itemCountRequired: "يرجى إدخال عدد القطع التي تود خياطتها.",
  itemCountInvalid: "يرجى إدخال عدد صحيح من القطع، 1 على الأقل.",
  itemCountTooMany:
    "نستقبل عبر هذا النموذج حتى {max} قطعة. للطلبات الأكبر، يرجى التواصل معنا مباشرة لنخطط لها معك.",
};
