import { z } from "zod";
import { PIN_CODE_LENGTH } from "../constants.ts";
import { type MessageKey, t } from "../i18n/index.ts";
import { normalizeUaeMobile } from "./account.schema.ts";
import { honeypot, singleLine } from "./contact.schema.ts";

/**
 * SPEC §3 Stitching request / §5 Stitching form: name, phone, address type, city, full address, pin code,
 * service type and item count required; pin code exactly 6 digits (§9); item count at least 1; landmark
 * and message optional. Beyond SPEC: the phone is a UAE mobile number (as sign-up checks it), the item
 * count at most STITCHING_ITEMS_MAX, and every text bounded. Used by the form and by
 * POST /api/stitching/request.
 */

const say = (key: MessageKey, values?: Record<string, string | number>) => ({
  error: () => t(key, values),
});

export const ADDRESS_TYPES = ["Home", "Office", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const SERVICE_TYPES = ["Ethnic Elegance", "Graceful Abayas", "Designer Jalabiya"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** A larger order is a conversation with the shop, not a form (issue 12). */
export const STITCHING_ITEMS_MAX = 20;
export const STITCHING_MESSAGE_MAX = 1000;

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
    name: singleLine(100, "requestField.nameRequired", "requestField.nameTooLong"),
    phoneNumber: z
      .string(say("field.phoneRequired"))
      .trim()
      .min(1, say("field.phoneRequired"))
      .max(30, say("field.phoneInvalid"))
      .transform((value, ctx) => {
        const phone = normalizeUaeMobile(value);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: t("field.phoneInvalid") });
          return z.NEVER;
        }
        return phone;
      }),
    addressType: z.enum(ADDRESS_TYPES, say("requestField.addressTypeInvalid")),
    fullAddress: z
      .string(say("requestField.fullAddressRequired"))
      .trim()
      .min(1, say("requestField.fullAddressRequired"))
      .max(300, say("requestField.fullAddressTooLong")),
    landmark: z.preprocess(
      blankToUndefined,
      singleLine(100, "requestField.landmarkTooLong", "requestField.landmarkTooLong").optional(),
    ),
    city: singleLine(60, "requestField.cityRequired", "requestField.cityTooLong"),
    pinCode: z
      .string(say("requestField.pinCodeRequired"))
      .trim()
      .min(1, say("requestField.pinCodeRequired"))
      .regex(new RegExp(`^\\d{${PIN_CODE_LENGTH}}$`), say("requestField.pinCodeInvalid")),
    serviceType: z.enum(SERVICE_TYPES, say("requestField.serviceTypeInvalid")),
    itemCount: z.preprocess(
      toNumber,
      z
        .number({
          error: (issue) =>
            t(issue.input === undefined ? "requestField.itemCountRequired" : "requestField.itemCountInvalid"),
        })
        .int(say("requestField.itemCountInvalid"))
        .min(1, say("requestField.itemCountInvalid"))
        .max(STITCHING_ITEMS_MAX, say("requestField.itemCountTooMany", { max: STITCHING_ITEMS_MAX })),
    ),
    message: z.preprocess(
      blankToUndefined,
      z
        .string(say("requestField.messageTooLong", { max: STITCHING_MESSAGE_MAX }))
        .trim()
        .max(STITCHING_MESSAGE_MAX, say("requestField.messageTooLong", { max: STITCHING_MESSAGE_MAX }))
        .optional(),
    ),
    website: honeypot,
  },
  say("field.body"),
);
export type StitchingRequestInput = z.output<typeof StitchingRequestSchema>;
