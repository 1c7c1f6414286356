import { z } from "zod";
import { type MessageKey, t } from "../i18n/index.ts";

/**
 * SPEC §3 Contact message / §5 Contact form: name, email, subject and message required. The form checks
 * it before sending and the server checks what arrives (POST /api/contact/send), with the same sentences.
 * It imports no phone rules, so the contact page's lazily loaded check stays small.
 */

const say = (key: MessageKey, values?: Record<string, string | number>) => ({
  error: () => t(key, values),
});

/** RFC 5321's longest usable address (as account.schema.ts). */
const EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 3000;

/** One line of text: trimmed, inner runs of white space (line breaks included) made one space. */
export const singleLine = (max: number, required: MessageKey, tooLong: MessageKey) =>
  z
    .string(say(required))
    .trim()
    .min(1, say(required))
    .max(max, say(tooLong))
    .transform((value) => value.replace(/\s+/g, " "));

/**
 * The spam trap: a field people never see (hidden from sight and from assistive technology) that form
 * robots fill in. Anything else than a string is ignored rather than refused, so a robot learns nothing.
 */
export const honeypot = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

export const ContactMessageSchema = z.object(
  {
    name: singleLine(100, "requestField.nameRequired", "requestField.nameTooLong"),
    email: z
      .string(say("field.emailRequired"))
      .trim()
      .min(1, say("field.emailRequired"))
      .max(EMAIL_MAX, say("field.emailInvalid"))
      .pipe(z.email(say("field.emailInvalid")))
      .transform((value) => value.toLowerCase()),
    subject: singleLine(150, "requestField.subjectRequired", "requestField.subjectTooLong"),
    message: z
      .string(say("requestField.messageRequired"))
      .trim()
      .min(1, say("requestField.messageRequired"))
      .max(CONTACT_MESSAGE_MAX, say("requestField.messageTooLong", { max: CONTACT_MESSAGE_MAX })),
    website: honeypot,
  },
  say("field.body"),
);
export type ContactMessageInput = z.output<typeof ContactMessageSchema>;
