/**
 * What a back-office screen says about a mail its change queued (issue 21, finding 5): "sent" when it was
 * handed to SMTP, "waiting" when mail is not configured and the mail is only stored, "none" when there was
 * no mail (no e-mail address, or an existing account given a role). No zod here: the screens import it.
 */
export type MailOutcome = "sent" | "waiting" | "none";

/** The sentence of a stored mail, on every screen that queued one. */
export const MAIL_WAITING_TEXT = "Saved; the e-mail will be sent once mail is configured (SMTP_URL).";

/** `done` followed by what happened to the mail: `sent` when it went, the waiting sentence when stored. */
export function withMailNotice(done: string, outcome: MailOutcome | undefined, sent: string): string {
  const notice = outcome === "sent" ? sent : outcome === "waiting" ? MAIL_WAITING_TEXT : "";
  return [done, notice].filter(Boolean).join(" ");
}

/** The order screen's notice after a status move (the shopper's mail: sent, waiting, or none). */
export const statusMovedText = (status: string, mail: MailOutcome | undefined): string =>
  withMailNotice(`Moved to ${status}.`, mail, "The shopper has been e-mailed.");

/** The request screen's notice after a reply by e-mail. */
export const replyText = (mail: MailOutcome | undefined): string =>
  mail === "waiting"
    ? "Reply saved; the e-mail will be sent once mail is configured (SMTP_URL)."
    : "Reply sent by e-mail.";

/** The staff screen's notice after adding someone (a new account is invited by e-mail). */
export const staffAddedText = (mail: MailOutcome | undefined): string =>
  withMailNotice(
    "Added to the staff.",
    mail,
    "The new account has been e-mailed a link to choose its password.",
  );

/** The owner's mail screen's notice after Resend. */
export const resentText = (mail: MailOutcome | undefined): string =>
  mail === "waiting"
    ? `Printed to the server's log again. ${MAIL_WAITING_TEXT}`
    : "Queued again: it is being sent.";

/** The kinds of mail the store sends, as the owner's mail screen names them. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  "verify-email": "Verification code",
  "reset-password": "Password reset code",
  "order-confirmation": "Order confirmation",
  "order-new": "New order (to the shop)",
  "order-status": "Order status",
  "staff-invite": "Staff invitation",
  "contact-message": "Contact message (to the shop)",
  "contact-ack": "Contact acknowledgement",
  "stitching-request": "Stitching request (to the shop)",
  "stitching-ack": "Stitching acknowledgement",
  "contact-reply": "Reply to a message",
  "stitching-reply": "Reply to a stitching request",
};

export const mailKindLabel = (kind: string): string => MAIL_KIND_LABELS[kind] ?? kind;
