import "./zod-setup.ts";
import { z } from "zod";
import { t } from "#core/i18n/index.ts";
import { PIN_CODE_LENGTH } from "../constants.ts";
import { requestMessage } from "../i18n/request-messages.en.ts";
import { LanguageSchema } from "../locale.ts";
import { ADDRESS_TYPES, REQUEST_LIMITS, SERVICE_TYPES } from "../requests.ts";
import { normalizeUaeMobile } from "./account.schema.ts";
import { honeypot, say, singleLine } from "./contact.schema.ts";

/**
 * SPEC §3 Stitching request / §5 Stitching form: name, phone, address type, city, full address, pin code,
 * service type and item count required; pin code exactly 6 digits (§9); item count at least 1; landmark
 * and message optional. Beyond SPEC: the phone is a UAE mobile number (as sign-up checks it), the item
 * count at most STITCHING_ITEMS_MAX, and every text bounded. Used by the form and by
 * POST /api/stitching/request.
 */

const STITCHING_ITEMS_MAX = REQUEST_LIMITS.itemsMax;
const STITCHING_MESSAGE_MAX = REQUEST_LIMITS.stitchingMessage;

/** "" and null count as absent, as an empty optional field sends them. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A number, or the digits a number field sends as text. */
const toNumber = (value: unknown) => {
  const present = blankToUndefined(value);
  if (typeof present !== "string") return present;
  const text = present.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

export const StitchingRequestSchema = z.object(
  {
    name: singleLine(REQUEST_LIMITS.name, "nameRequired", "nameTooLong"),
    phoneNumber: z
      .string(say("field.phoneRequired"))
      .trim()
      .min(1, say("field.phoneRequired"))
      .max(REQUEST_LIMITS.phone, say("field.phoneInvalid"))
      .transform((value, ctx) => {
        const phone = normalizeUaeMobile(value);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: t("field.phoneInvalid") });
          return z.NEVER;
        }
        return phone;
      }),
    addressType: z.enum(ADDRESS_TYPES, say("addressTypeInvalid")),
    fullAddress: z
      .string(say("fullAddressRequired"))
      .trim()
      .min(1, say("fullAddressRequired"))
      .max(REQUEST_LIMITS.fullAddress, say("fullAddressTooLong")),
    landmark: z.preprocess(
      blankToUndefined,
      singleLine(REQUEST_LIMITS.landmark, "landmarkTooLong", "landmarkTooLong").optional(),
    ),
    city: singleLine(REQUEST_LIMITS.city, "cityRequired", "cityTooLong"),
    pinCode: z
      .string(say("pinCodeRequired"))
      .trim()
      .min(1, say("pinCodeRequired"))
      .regex(new RegExp(`^\\d{${PIN_CODE_LENGTH}}$`), say("pinCodeInvalid")),
    serviceType: z.enum(SERVICE_TYPES, say("serviceTypeInvalid")),
    itemCount: z.preprocess(
      toNumber,
      z
        .number({
          error: (issue) =>
            requestMessage(issue.input === undefined ? "itemCountRequired" : "itemCountInvalid"),
        })
        .int(say("itemCountInvalid"))
        .min(1, say("itemCountInvalid"))
        .max(STITCHING_ITEMS_MAX, say("itemCountTooMany", { max: STITCHING_ITEMS_MAX })),
    ),
    message: z.preprocess(
      blankToUndefined,
      z
        .string(say("messageTooLong", { max: STITCHING_MESSAGE_MAX }))
        .trim()
        .max(STITCHING_MESSAGE_MAX, say("messageTooLong", { max: STITCHING_MESSAGE_MAX }))
        .optional(),
    ),
    website: honeypot,
    /** Issue 14: the page's language, for the acknowledgement mail (else the account's, else English). */
    language: LanguageSchema.optional(),
  },
  say("field.body"),
);
export type StitchingRequestInput = z.output<typeof StitchingRequestSchema>;
