/**
 * 'Stitch it for me' (issue 29; decision 0042): the words of stitched cart lines, refusals, checkout and
 * the order page, in English and Arabic. Kept apart from the shared dictionaries.
 */
const en = {
  styleUnavailable: "This stitching style is not available for this fabric. Choose another style.",
  notUnstitched: "Stitching is offered on unstitched fabrics only.",
  profileNotFound: "We could not find this measurement profile. Choose another or enter your measurements.",
  measurementsNeeded: "Choose a measurement profile or enter your measurements.",
  stitchItForMe: "Stitch it for me",
  chooseStyle: "Stitching style",
  chooseProfile: "Measurement profile",
  typeMeasurements: "Enter measurements for this item",
  note: "Note for the tailor (optional)",
  addStitched: "Add to cart with stitching",
  stitching: "Stitching",
  plusStitching: "+ stitching: {style}",
  forProfile: "Measurements: {name}",
  typedMeasurements: "Measurements typed for this item",
  readyBy: "Ready by {date}",
  readyByNote: "Stitched items are ready by {date} (counted in the workshop's working days).",
  stitchAgain: "Stitch again",
  workStep: "Workshop: {step}",
  loading: "Loading the stitching options…",
  step_measured: "measured",
  step_cutting: "cutting",
  step_stitching: "stitching",
  step_finishing: "finishing",
  step_ready: "ready",
} as const;

export type StitchKey = keyof typeof en;

const ar: Record<StitchKey, string> = {
  styleUnavailable: "طراز الخياطة هذا غير متاح لهذا القماش. اختاري طرازًا آخر.",
  notUnstitched: "الخياطة متاحة للأقمشة غير المخيطة فقط.",
  profileNotFound: "لم نجد ملف المقاسات هذا. اختاري ملفًا آخر أو أدخلي مقاساتك.",
  measurementsNeeded: "اختاري ملف مقاسات أو أدخلي مقاساتك.",
  stitchItForMe: "خيطيه لي",
  chooseStyle: "طراز الخياطة",
  chooseProfile: "ملف المقاسات",
  typeMeasurements: "أدخلي المقاسات لهذه القطعة",
  note: "ملاحظة للخياط (اختياري)",
  addStitched: "أضيفي إلى السلة مع الخياطة",
  stitching: "الخياطة",
  plusStitching: "+ خياطة: {style}",
  forProfile: "المقاسات: {name}",
  typedMeasurements: "مقاسات مدخلة لهذه القطعة",
  readyBy: "جاهز بحلول {date}",
  readyByNote: "القطع المخيطة جاهزة بحلول {date} (بحسب أيام عمل المشغل).",
  stitchAgain: "خيطي مرة أخرى",
  workStep: "الورشة: {step}",
  loading: "جارٍ تحميل خيارات الخياطة…",
  step_measured: "تم أخذ المقاسات",
  step_cutting: "القص",
  step_stitching: "الخياطة",
  step_finishing: "التشطيب",
  step_ready: "جاهز",
};

export function stitchText(
  key: StitchKey,
  language: "en" | "ar" = "en",
  values: Record<string, string | number> = {},
): string {
  const template = language === "ar" ? ar[key] : en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
