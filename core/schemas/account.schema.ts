import "./zod-setup.ts";
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { type MessageKey, t } from "#core/i18n/index.ts";
import { EMIRATES, OTP_LENGTH } from "../constants.ts";
import { LanguageSchema, type Locale } from "../locale.ts";
import { isGoodText } from "../text.ts";
import { normalizeText } from "./text.ts";

/**
 * Accounts, sign-in and addresses (SPEC §3, §5, §7): one schema per form and payload, used by the screens
 * to check a form before sending it and by the server to check what arrives. Messages are sentences a
 * screen can show as they are (core/i18n/en-server.ts), looked up when a check fails.
 */

/** zod's `error` option, with the sentence looked up when it is needed. */
const say = (key: MessageKey) => ({ error: () => t(key) });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** RFC 5321's longest usable address. */
export const EMAIL_MAX = 254;
export const ADDRESSES_MAX = 20;

/**
 * A UAE mobile number in any usual spelling (050 123 4567, 0501234567, +971 50 123 4567, 971…, 00971…)
 * as E.164 (+971501234567); undefined when it is not a UAE mobile number. Landlines are refused: the
 * shop reaches shoppers about deliveries by phone and WhatsApp.
 */
export function normalizeUaeMobile(input: string): string | undefined {
  if (mobiles.has(input)) return mobiles.get(input);
  const mobile = parseUaeMobile(input);
  if (mobiles.size >= MOBILES_KEPT) mobiles.clear();
  mobiles.set(input, mobile);
  return mobile;
}

/**
 * Numbers already parsed, by what was typed: the server checks the same address's phone on every order
 * (decision 0014), and libphonenumber's parse and type check cost more than the rest of the payload's.
 */
const mobiles = new Map<string, string | undefined>();
const MOBILES_KEPT = 1000;

function parseUaeMobile(input: string): string | undefined {
  const compact = normalizeText(input).replace(/[\s().-]/g, "");
  if (!/^\+?\d{7,15}$/.test(compact)) return undefined;
  const candidate = compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
  const parsed = parsePhoneNumberFromString(candidate, "AE");
  if (parsed?.country !== "AE" || !parsed.isValid()) return undefined;
  const type = parsed.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return undefined;
  return parsed.number;
}

/** An e-mail address: trimmed and lower-cased, so one mailbox is one account. */
export function normalizeEmail(input: string): string {
  return normalizeText(input).toLowerCase();
}

const emailFormat = z.email(say("field.emailInvalid"));

export function isEmail(input: string): boolean {
  return emailFormat.safeParse(normalizeEmail(input)).success && input.length <= EMAIL_MAX;
}

/** SPEC §7 login identifier: an e-mail address or a phone number, told apart by the `@`. */
export type Identifier = { kind: "email"; email: string } | { kind: "phone"; phone: string };

export function parseIdentifier(input: string): Identifier | undefined {
  const value = normalizeText(input);
  if (value.includes("@"))
    return isEmail(value) ? { kind: "email", email: normalizeEmail(value) } : undefined;
  const phone = normalizeUaeMobile(value);
  return phone ? { kind: "phone", phone } : undefined;
}

/** "" and null count as absent, as an empty optional form field sends them. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && normalizeText(value) === "") ? undefined : value;

const email = z
  .string(say("field.emailRequired"))
  .overwrite(normalizeText)
  .min(1, say("field.emailRequired"))
  .max(EMAIL_MAX, say("field.emailInvalid"))
  .pipe(emailFormat)
  .transform(normalizeEmail);

const phone = z
  .string(say("field.phoneRequired"))
  .overwrite(normalizeText)
  .min(1, say("field.phoneRequired"))
  .max(30, say("field.phoneInvalid"))
  .transform((value, ctx) => {
    const normalized = normalizeUaeMobile(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: t("field.phoneInvalid") });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * A person's name, one rule at sign-up and at profile update (issue 21): NUL and unpaired surrogates are
 * refused (core/text.ts) before normalizeText would quietly drop a NUL; ZWNJ, ZWJ, LRM and RLM stay.
 */
const name = z
  .string(say("field.nameRequired"))
  .refine(isGoodText, say("field.nameInvalid"))
  .overwrite(normalizeText)
  .min(1, say("field.nameRequired"))
  .max(100, say("field.nameTooLong"));

/** A new password: 8 to 128 characters, kept exactly as typed (spaces included). */
const newPassword = (required: MessageKey) =>
  z
    .string(say(required))
    .min(1, say(required))
    .min(PASSWORD_MIN, say("field.passwordTooShort"))
    .max(PASSWORD_MAX, say("field.passwordTooLong"));

const otp = z
  .string(say("field.otpInvalid"))
  .overwrite(normalizeText)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), say("field.otpInvalid"));

/** The body of a JSON call must be an object; anything else is one clear message. */
const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, say("field.body"));

/** SPEC §7 POST /api/user/register; SPEC §5 Signup: full name, phone and password required, e-mail not. */
export const RegisterSchema = body({
  name,
  phone,
  email: z.preprocess(blankToUndefined, email.optional()),
  password: newPassword("field.passwordRequired"),
  language: LanguageSchema.optional().default("en"),
});
export type RegisterInput = z.output<typeof RegisterSchema>;

/** SPEC §7 POST /api/user/login; SPEC §5 Login: e-mail (or phone) and password required. */
export const LoginSchema = body({
  identifier: z
    .string(say("field.identifierRequired"))
    .overwrite(normalizeText)
    .min(1, say("field.identifierRequired"))
    .max(EMAIL_MAX, say("field.identifierInvalid"))
    .refine((value) => parseIdentifier(value) !== undefined, say("field.identifierInvalid")),
  password: z
    .string(say("field.passwordRequired"))
    .min(1, say("field.passwordRequired"))
    .max(PASSWORD_MAX, say("field.passwordTooLong")),
  /** The page's language, for a verification code this log-in sends; else the account's. */
  language: LanguageSchema.optional(),
});
export type LoginInput = z.output<typeof LoginSchema>;

/** SPEC §5 Login: the code step works only for an e-mail identifier. */
const otpEmail = z
  .string(say("field.otpEmailOnly"))
  .overwrite(normalizeText)
  .refine((value) => isEmail(value), say("field.otpEmailOnly"))
  .transform(normalizeEmail);

/** SPEC §7 POST /api/user/verify-email-otp. */
export const VerifyEmailOtpSchema = body({ email: otpEmail, otp });
export type VerifyEmailOtpInput = z.output<typeof VerifyEmailOtpSchema>;

/** SPEC §7 POST /api/user/forgot-password; SPEC §5: e-mail required. */
export const ForgotPasswordSchema = body({ email, language: LanguageSchema.optional() });
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

/** SPEC §7 POST /api/user/reset-password. The screen checks that the two passwords match. */
export const ResetPasswordSchema = body({
  email,
  otp,
  newPassword: newPassword("field.newPasswordRequired"),
});
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

/** SPEC §7 POST /api/user/google-login: Google's ID token, signupAllowed, and the phone for a new account. */
export const GoogleLoginSchema = body({
  credential: z
    .string(say("field.credentialRequired"))
    .overwrite(normalizeText)
    .min(1, say("field.credentialRequired"))
    .max(8192, say("field.credentialRequired")),
  signupAllowed: z.boolean(say("field.signupAllowed")).optional().default(false),
  phone: z.preprocess(blankToUndefined, phone.optional()),
  /** The language of an account this call creates. */
  language: LanguageSchema.optional().default("en"),
});
export type GoogleLoginInput = z.output<typeof GoogleLoginSchema>;

/** SPEC §7 POST /api/user/update; SPEC §5 Profile: name, e-mail and phone required. */
/** `language` absent keeps the account's; present, mails go out in it from now on. */
export const UpdateProfileSchema = body({ name, email, phone, language: LanguageSchema.optional() });
export type UpdateProfileInput = z.output<typeof UpdateProfileSchema>;

/** SPEC §7 POST /api/user/change-password; SPEC §5: current and new password required. */
export const ChangePasswordSchema = body({
  currentPassword: z
    .string(say("field.currentPasswordRequired"))
    .min(1, say("field.currentPasswordRequired"))
    .max(PASSWORD_MAX, say("field.passwordTooLong")),
  newPassword: newPassword("field.newPasswordRequired"),
});
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** SPEC §5 Address form: the only country. */
export const ADDRESS_COUNTRY = "UAE";
const COUNTRY_SPELLINGS = new Set(["uae", "united arab emirates", "ae", "u.a.e."]);

const optionalText = (max: number, tooLong: MessageKey) =>
  z.preprocess(
    blankToUndefined,
    z.string(say(tooLong)).overwrite(normalizeText).max(max, say(tooLong)).optional(),
  );

const requiredText = (max: number, required: MessageKey, tooLong: MessageKey) =>
  z.string(say(required)).overwrite(normalizeText).min(1, say(required)).max(max, say(tooLong));

/**
 * SPEC §3 Address / §5 Address form: first name, address, city, state, postcode and country required;
 * last name, landmark and phone optional; the state one of the seven emirates (any letter case, stored
 * as spelled in EMIRATES); the country only the UAE ("United Arab Emirates" is read as "UAE"). The
 * e-mail is not part of the input: it is read-only, filled from the account by the server, so an
 * `email` sent along is dropped.
 */
export const AddressSchema = z.object(
  {
    first_name: requiredText(60, "field.firstNameRequired", "field.firstNameTooLong"),
    last_name: optionalText(60, "field.lastNameTooLong"),
    address: requiredText(200, "field.addressRequired", "field.addressTooLong"),
    landmark: optionalText(100, "field.landmarkTooLong"),
    city: requiredText(60, "field.cityRequired", "field.cityTooLong"),
    state: z
      .string(say("field.stateInvalid"))
      .overwrite(normalizeText)
      .transform((value, ctx) => {
        const found = EMIRATES.find((e) => e.toLowerCase() === value.toLowerCase().replace(/\s+/g, " "));
        if (!found) {
          ctx.addIssue({ code: "custom", message: t("field.stateInvalid") });
          return z.NEVER;
        }
        return found;
      }),
    postcode: z
      .string(say("field.postcodeRequired"))
      .overwrite(normalizeText)
      .min(1, say("field.postcodeRequired"))
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/, say("field.postcodeInvalid")),
    country: z
      .string(say("field.countryInvalid"))
      .overwrite(normalizeText)
      .refine((value) => COUNTRY_SPELLINGS.has(value.toLowerCase()), say("field.countryInvalid"))
      .transform(() => ADDRESS_COUNTRY),
    phone: z.preprocess(blankToUndefined, phone.optional()),
  },
  say("field.addressMissing"),
);
export type AddressInput = z.output<typeof AddressSchema>;

/** An address as the server returns it (SPEC §3): every field present, "" when not given. */
export interface AddressDto {
  _id: string;
  first_name: string;
  last_name: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email: string;
  phone: string;
}

const addressIndex = z
  .union(
    [z.number(), z.string().overwrite(normalizeText).regex(/^\d+$/).transform(Number)],
    say("field.addressIndex"),
  )
  .pipe(z.number().int(say("field.addressIndex")).min(0, say("field.addressIndex")).max(10_000));

/** SPEC §7 POST /api/address/remove and /set-primary: the address's place in the list. */
export const AddressIndexSchema = body({ addressIndex });

/** SPEC §7 POST /api/address/save: `{ address }`. */
export const SaveAddressSchema = body({ address: AddressSchema });

/** SPEC §7 POST /api/address/edit: `{ addressIndex, address }`. */
export const EditAddressSchema = body({ addressIndex, address: AddressSchema });

/** SPEC §3 User as GET /api/user/profile returns it. */
export interface UserDto {
  _id: string;
  name: string;
  email: string | null;
  phone: string;
  emailVerified: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  /** The language the shopper's mails go out in (issue 14). */
  language: Locale;
  createdAt: string;
}
