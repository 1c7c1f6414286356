/**
 * Contact messages and stitching requests (SPEC §8): the few texts the two forms show before anything is
 * sent. Spread into `en` in en.ts. The validation sentences and the server's answers are in
 * request-messages.en.ts (loaded with the schemas, never with a page), the pages' copy in
 * contact-form.en.ts and stitching-page.en.ts, so this is all other pages carry. SPEC §8's exact texts:
 * 'Request submitted', 'Failed to send message. Please try again.', 'Failed to submit request'.
 */
export const enRequests = {
  "requests.toast": "Request submitted",
  "requests.reference": "Your reference number is {reference}.",
  "contactForm.failed": "Failed to send message. Please try again.",
  "stitching.failed": "Failed to submit request",
} as const;
