/**
 * Contact messages and stitching requests (SPEC §5, §8): what the server answers and the validation
 * sentences of core/schemas/contact.schema.ts and stitching.schema.ts (sent by the server, shown beside
 * the fields by the screens). Spread into `en` in en.ts. The screens' own copy and the mails are in
 * requests.en.ts, which only the two pages and the server import, so they add nothing to other pages.
 * Texts SPEC §8 quotes exactly: `requests.toast`, `contactForm.failed`, `stitching.failed`,
 * `stitching.success`.
 */
export const enRequests = {
  "requests.toast": "Request submitted",
  "requests.reference": "Your reference number is {reference}.",
  "requests.tooMany":
    "You have sent several requests in a short time. Please wait {minutes} minutes and try again, or call us at {phone}.",
  "requests.tooManyMinute":
    "You have sent several requests in a short time. Please wait a minute and try again, or call us at {phone}.",

  "requestField.nameRequired": "Please enter your name.",
  "requestField.nameTooLong": "Your name can be at most 100 characters.",
  "requestField.subjectRequired": "Please enter a subject.",
  "requestField.subjectTooLong": "The subject can be at most 150 characters.",
  "requestField.messageRequired": "Please write your message.",
  "requestField.messageTooLong": "Your message can be at most {max} characters.",
  "requestField.addressTypeInvalid": "Please choose Home, Office or Other.",
  "requestField.fullAddressRequired": "Please enter your full address.",
  "requestField.fullAddressTooLong": "The address can be at most 300 characters.",
  "requestField.cityRequired": "Please enter your city.",
  "requestField.cityTooLong": "The city can be at most 60 characters.",
  "requestField.landmarkTooLong": "The landmark can be at most 100 characters.",
  "requestField.pinCodeRequired": "Please enter your 6-digit pin code.",
  "requestField.pinCodeInvalid": "The pin code must be exactly 6 digits.",
  "requestField.serviceTypeInvalid": "Please choose Ethnic Elegance, Graceful Abayas or Designer Jalabiya.",
  "requestField.itemCountRequired": "Please enter how many items you would like stitched.",
  "requestField.itemCountInvalid": "Please enter a whole number of items, at least 1.",
  "requestField.itemCountTooMany":
    "We take up to {max} items through this form. For a larger order, please contact us directly so we can plan it with you.",

  "contactForm.sent": "Thank you, your message has been sent.",
  "contactForm.failed": "Failed to send message. Please try again.",
  "stitching.success": "Stitching Service Request Submitted Successfully",
  "stitching.failed": "Failed to submit request",
} as const;
