/** The product page's 'Stitch it for me' button (issue 29; decision 0042). The panel's words are in stitch-panel.ts. */
export const enStitchPanel = {
  "pdp.stitchItForMe": "Stitch it for me",
} as const;
