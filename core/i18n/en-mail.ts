/**
 * The code mails' texts. Only the server writes mails, so this part of the catalog is not spread into
 * `en` and stays out of the browser's JavaScript (issue 8 kept the product page within its budget so).
 */
export const enMail = {
  "mail.verify.subject": "{code} is your {shop} verification code",
  "mail.verify.intro": "Welcome to {shop}! Use this code to verify your email address:",
  "mail.reset.subject": "{code} is your {shop} password reset code",
  "mail.reset.intro": "We received a request to reset the password of your {shop} account. Use this code:",
  "mail.validity": "The code is valid for 10 minutes. If you did not ask for it, you can ignore this email.",
  "mail.signature": "{shop}",
} as const;

export type MailMessageKey = keyof typeof enMail;

/** Looks up a mail text and fills its `{name}` placeholders, as t() does for the main catalog. */
export function mailText(key: MailMessageKey, values: Record<string, string> = {}): string {
  return enMail[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
