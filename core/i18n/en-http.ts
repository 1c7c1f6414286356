/**
 * Answers to requests Node refuses before they reach a route (issue 8). Only the server sends them, so
 * this part of the catalog is not spread into `en` and never reaches the browser.
 */
export const enHttp = {
  "http.headersTooLarge":
    "The request headers are too large. Please clear this site's cookies and try again.",
  "http.requestTimeout": "The request took too long to arrive. Please try again.",
  "http.badRequest": "The request could not be read. Please try again.",
  "http.busy": "The store is busy right now. Please try again in a moment.",
} as const;
