import "./zod-setup.ts";
import { z } from "zod";
import { type MessageKey, t } from "#core/i18n/index.ts";
import { type RequestMessageKey, requestMessage, requestMessagesEn } from "../i18n/request-messages.en.ts";
import { LanguageSchema } from "../locale.ts";
import { REQUEST_LIMITS } from "../requests.ts";

/**
 * SPEC §3 Contact message / §5 Contact form: name, email, subject and message required. The form checks
 * it before sending and the server checks what arrives (POST /api/contact/send), with the same sentences.
 * It imports no phone rules, so the contact page's lazily loaded check stays small.
 */

type Key = RequestMessageKey | MessageKey;
const isRequestKey = (key: Key): key is RequestMessageKey => key in requestMessagesEn;

/** zod's `error` option, the sentence looked up when a check fails (this or the shared catalog's). */
export const say = (key: Key, values?: Record<string, string | number>) => ({
  error: () => (isRequestKey(key) ? requestMessage(key, values) : t(key, values)),
});

const CONTACT_MESSAGE_MAX = REQUEST_LIMITS.contactMessage;

/** One line of text: trimmed, inner runs of white space (line breaks included) made one space. */
export const singleLine = (max: number, required: Key, tooLong: Key) =>
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
    name: singleLine(REQUEST_LIMITS.name, "nameRequired", "nameTooLong"),
    email: z
      .string(say("field.emailRequired"))
      .trim()
      .min(1, say("field.emailRequired"))
      .max(REQUEST_LIMITS.email, say("field.emailInvalid"))
      .pipe(z.email(say("field.emailInvalid")))
      .transform((value) => value.toLowerCase()),
    subject: singleLine(REQUEST_LIMITS.subject, "subjectRequired", "subjectTooLong"),
    message: z
      .string(say("messageRequired"))
      .trim()
      .min(1, say("messageRequired"))
      .max(CONTACT_MESSAGE_MAX, say("messageTooLong", { max: CONTACT_MESSAGE_MAX })),
    website: honeypot,
    /** Issue 14: the page's language, for the acknowledgement mail (else the account's, else English). */
    language: LanguageSchema.optional(),
  },
  say("field.body"),
);
export type ContactMessageInput = z.output<typeof ContactMessageSchema>;
