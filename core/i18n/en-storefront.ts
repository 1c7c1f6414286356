/**
 * Messages added with the storefront and probe fixes (issue 8): the shop's phone filter sheet, the home
 * page's heading, the announcement and preview-image texts. The size guide's figures are in
 * en-size-guide.ts and the answers to requests Node refuses in en-http.ts (both server-side only).
 */
export const enStorefront = {
  "meta.defaultImageAlt": "Two embroidered abayas, one ivory and one black, on dress forms",
  "home.h1": "{shop}: abayas, jalabiyas and Pakistani dresses in the UAE",
  "announcement.label": "Announcement",
  "shop.closeFilters": "Close filters",
  "shop.show.one": "Show 1 product",
  "shop.show.other": "Show {count} products",
  "shop.showUpdating": "Updating results…",
  "shop.results": "Products",
  // The shared form pieces every page may show (app/components/ui), in the shell's "form" area.
  "form.optional": "(optional)",
  "form.cancel": "Cancel",
  "form.close": "Close",
} as const;
