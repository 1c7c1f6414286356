import type { enRequests } from "./en-requests.ts";

/** Arabic twin of en-requests.ts. */
export const arRequests = {
  "requests.toast": "تم إرسال الطلب",
  "requests.reference": "رقمك المرجعي هو \u2066{reference}\u2069.",
  "contactForm.failed": "تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى.",
  "stitching.failed": "تعذّر إرسال الطلب",
} as const satisfies Record<keyof typeof enRequests, string>;
