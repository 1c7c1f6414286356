import { type MailMessageKey, mailText } from "#core/i18n/en-mail.ts";
import type { Locale } from "#core/locale.ts";
import { escapeHtml, type MailMessage } from "../integrations/mail.ts";

/** The code mails (verification and password reset): plain text and a simple HTML version. */
export function codeMail(options: {
  kind: "verify-email" | "reset-password";
  to: string;
  code: string;
  shopName: string;
  locale?: Locale;
}): MailMessage {
  const { code, shopName } = options;
  const keys: { subject: MailMessageKey; intro: MailMessageKey } =
    options.kind === "verify-email"
      ? { subject: "mail.verify.subject", intro: "mail.verify.intro" }
      : { subject: "mail.reset.subject", intro: "mail.reset.intro" };
  const subject = mailText(keys.subject, { code, shop: shopName });
  const intro = mailText(keys.intro, { shop: shopName });
  const validity = mailText("mail.validity");
  const signature = mailText("mail.signature", { shop: shopName });
  const text = `${intro}\n\n    ${code}\n\n${validity}\n\n${signature}\n`;
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2420">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 8px;font-size:18px;font-weight:bold">${escapeHtml(shopName)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center">${escapeHtml(code)}</p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b625b">${escapeHtml(validity)}</p>
</div></body></html>`;
  return { kind: options.kind, to: options.to, subject, text, html };
}
