import type { Locale } from "../locale.ts";
import { enMail, type MailMessageKey } from "./en-mail.ts";

/** The Arabic twin of en-mail.ts (issue 14): the code mails. Western digits; same placeholders. */
export const arMail: Record<MailMessageKey, string> = {
  "mail.verify.subject": "{code} هو رمز التحقق الخاص بك في {shop}",
  "mail.verify.intro": "أهلًا بك في {shop}! يرجى استخدام هذا الرمز لتأكيد بريدك الإلكتروني:",
  "mail.reset.subject": "{code} هو رمز إعادة تعيين كلمة المرور في {shop}",
  "mail.reset.intro": "تلقينا طلبًا لإعادة تعيين كلمة المرور لحسابك في {shop}. يرجى استخدام هذا الرمز:",
  "mail.validity": "الرمز صالح لمدة 10 دقائق. إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.",
  "mail.signature": "{shop}",
};

/** A code mail's text in `locale`, its `{name}` placeholders filled. */
export function mailTextIn(locale: Locale, key: MailMessageKey, values: Record<string, string> = {}): string {
  const template = locale === "ar" ? arMail[key] : enMail[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
