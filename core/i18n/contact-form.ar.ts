import type { contactFormEn } from "./contact-form.en.ts";

/** Arabic twin of contact-form.en.ts: the /ar/contact message form's copy. */
export const contactFormAr = {
  title: "أرسلي لنا رسالة",
  jump: "راسلينا",
  intro: "نرد خلال 24 ساعة، وغالبًا خلال 4 إلى 6 ساعات في أوقات العمل.",
  name: "اسمك",
  email: "البريد الإلكتروني",
  subject: "الموضوع",
  message: "الرسالة",
  submit: "إرسال الرسالة",
  busy: "جارٍ الإرسال...",
  unreachable: "تعذّر الوصول إلى خادمنا. يُرجى التواصل مع المتجر مباشرة:",
  honeypot: "اتركي هذا الحقل فارغًا",
} satisfies Record<keyof typeof contactFormEn, string>;
