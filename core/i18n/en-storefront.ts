/**
 * Messages added with the storefront and probe fixes (issue 8): the shop's phone filter sheet, the size
 * guide's figures, the loading and announcement texts, and the answers to requests Node refuses before
 * they reach a route.
 */
export const enStorefront = {
  "meta.defaultImageAlt": "Two embroidered abayas, one ivory and one black, on dress forms",
  "home.h1": "{shop}: abayas, jalabiyas and Pakistani dresses in the UAE",
  "announcement.label": "Announcement",
  "shop.closeFilters": "Close filters",
  "sizeGuide.units": "Body measurements in centimetres and inches.",
  "sizeGuide.cm": "{value} cm",
  "sizeGuide.in": "{value} in",
  "sizeGuide.cmRange": "{from}–{to} cm",
  "sizeGuide.howTo": "How to measure",
  "sizeGuide.diagram":
    "A figure showing where to measure: 1 height from the top of the head to the floor, 2 bust, 3 waist and 4 hip around the body.",
  "sizeGuide.heightLabel": "Height",
  "sizeGuide.height": "stand straight without shoes and measure from the top of your head to the floor.",
  "sizeGuide.bustLabel": "Bust",
  "sizeGuide.bust": "around the fullest part of your chest, keeping the tape level under your arms.",
  "sizeGuide.waistLabel": "Waist",
  "sizeGuide.waist": "around your natural waistline, the narrowest part of your torso.",
  "sizeGuide.hipLabel": "Hip",
  "sizeGuide.hip": "around the fullest part of your hips, with your feet together.",
  "sizeGuide.between":
    "Between two sizes? Choose the one that fits your bust and hips and the length that suits your height, or ask for our stitching service for a made-to-measure abaya.",
  "sizeGuide.loading": "Loading the size guide…",
  "shop.showCount": "Show {count} products",
  "shop.showOne": "Show 1 product",
  "shop.showUpdating": "Updating results…",
  "shop.results": "Products",
  "http.headersTooLarge":
    "The request headers are too large. Please clear this site's cookies and try again.",
  "http.requestTimeout": "The request took too long to arrive. Please try again.",
  "http.badRequest": "The request could not be read. Please try again.",
} as const;
