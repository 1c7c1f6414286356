/**
 * The size guide's figures and instructions (issue 8). They are filled in by the product page's loader
 * on the server and travel as the page's data, so this part of the catalog is not spread into `en`
 * and adds nothing to the product page's JavaScript.
 */
export const enSizeGuide = {
  "sizeGuide.units": "Body measurements in centimetres and inches.",
  "sizeGuide.cm": "{value} cm",
  "sizeGuide.in": "{value} in",
  "sizeGuide.cmRange": "{from}–{to} cm",
  "sizeGuide.howTo": "How to measure",
  "sizeGuide.diagram":
    "A figure showing where to measure: 1 height from the top of the head to the floor, 2 bust, 3 waist and 4 hip around the body.",
  "sizeGuide.height":
    "Height: stand straight without shoes and measure from the top of your head to the floor.",
  "sizeGuide.bust": "Bust: around the fullest part of your chest, keeping the tape level under your arms.",
  "sizeGuide.waist": "Waist: around your natural waistline, the narrowest part of your torso.",
  "sizeGuide.hip": "Hip: around the fullest part of your hips, with your feet together.",
  "sizeGuide.between":
    "Between two sizes? Choose the one that fits your bust and hips and the length that suits your height, or ask for our stitching service for a made-to-measure abaya.",
} as const;

export type SizeGuideMessageKey = keyof typeof enSizeGuide;
