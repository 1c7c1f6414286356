/**
 * Messages added with the storefront and probe fixes (issue 8): the shop's phone filter sheet, the size
 * guide's figures, the loading and announcement texts, and the answers to requests Node refuses before
 * they reach a route.
 */
export const enStorefront = {
  "http.headersTooLarge":
    "The request headers are too large. Please clear this site's cookies and try again.",
  "http.requestTimeout": "The request took too long to arrive. Please try again.",
  "http.badRequest": "The request could not be read. Please try again.",
} as const;
