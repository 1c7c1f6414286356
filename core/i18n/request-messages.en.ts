import { fill } from "./index.ts";

/**
 * What the server answers to the contact and stitching forms and the validation sentences of
 * core/schemas/contact.schema.ts and stitching.schema.ts (issue 12; SPEC §5, §8), per locale. Only the
 * schemas and the server import it, and the screens load the schemas on first use, so no page carries it
 * on first load. SPEC §8 quotes `stitchingSent` exactly.
 */
export const requestMessagesEn = {
  contactSent: "Thank you, your message has been sent.",
  stitchingSent: "Stitching Service Request Submitted Successfully",
  // Counted (decision 0024): one key per plural category of the minutes to wait.
  "tooMany.one":
    "You have sent several requests in a short time. Please wait a minute and try again, or call us at {phone}.",
  "tooMany.other":
    "You have sent several requests in a short time. Please wait {count} minutes and try again, or call us at {phone}.",

  nameRequired: "Please enter your name.",
  nameTooLong: "Your name can be at most 100 characters.",
  subjectRequired: "Please enter a subject.",
  subjectTooLong: "The subject can be at most 150 characters.",
  messageRequired: "Please write your message.",
  messageTooLong: "Your message can be at most {max} characters.",
  addressTypeInvalid: "Please choose Home, Office or Other.",
  fullAddressRequired: "Please enter your full address.",
  fullAddressTooLong: "The address can be at most 300 characters.",
  cityRequired: "Please enter your city.",
  cityTooLong: "The city can be at most 60 characters.",
  landmarkTooLong: "The landmark can be at most 100 characters.",
  pinCodeRequired: "Please enter your 6-digit pin code.",
  pinCodeInvalid: "The pin code must be exactly 6 digits.",
  serviceTypeInvalid: "Please choose Ethnic Elegance, Graceful Abayas or Designer Jalabiya.",
  itemCountRequired: "Please enter how many items you would like stitched.",
  itemCountInvalid: "Please enter a whole number of items, at least 1.",
  itemCountTooMany:
    "We take up to {max} items through this form. For a larger order, please contact us directly so we can plan it with you.",
};

export type RequestMessageKey = keyof typeof requestMessagesEn;

/** One of these messages, with its `{name}` placeholders filled. */
export function requestMessage(key: RequestMessageKey, values?: Record<string, string | number>): string {
  const text = requestMessagesEn[key];
  return values ? fill(text, values) : text;
}
