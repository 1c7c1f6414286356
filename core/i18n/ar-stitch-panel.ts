import type { enStitchPanel } from "./en-stitch-panel.ts";

/** زر «خيطيه لي» في صفحة المنتج (issue 29; decision 0042). */
export const arStitchPanel: Record<keyof typeof enStitchPanel, string> = {
  "pdp.stitchItForMe": "خيطيه لي",
};
