/**
 * The product page's 'Stitch it for me' panel (issue 29; decision 0042), in English and Arabic. Only the
 * lazily loaded panel reads these, so they add nothing to the page's first load; the button's own label
 * travels with the page's messages (en-stitch-panel.ts).
 */
const en = {
  title: "Stitch it for me",
  intro: "Choose a style and your measurements; our tailors stitch this fabric for you.",
  close: "Close",
  leadDays: "{n} working days",
  noStyles: "No stitching style suits this fabric yet. Ask us through the stitching service.",
  loadFailed: "The stitching options could not be loaded. Please try again.",
  retry: "Try again",
  chooseStyleFirst: "Choose a stitching style",
  unit: "Unit",
  cm: "Centimetres",
  in: "Inches",
  required: "required",
  requiredNote: "Fields marked * are required.",
  range: "{min}–{max} {unit}",
  fabric: "Fabric",
  stitching: "Stitching",
  total: "Total",
  quantity: "× {n}",
  readyBy: "Estimated ready date: {date}",
  readyNote: "Counted in the workshop's working days from the order's day; the cart shows the exact date.",
} as const;

export type PanelKey = keyof typeof en;

const ar: Record<PanelKey, string> = {
  title: "خيطيه لي",
  intro: "اختاري الطراز ومقاساتك، ويخيط خياطونا هذا القماش لكِ.",
  close: "إغلاق",
  leadDays: "{n} أيام عمل",
  noStyles: "لا يوجد طراز خياطة يناسب هذا القماش بعد. اطلبيه عبر خدمة الخياطة.",
  loadFailed: "تعذر تحميل خيارات الخياطة. يرجى المحاولة مرة أخرى.",
  retry: "أعيدي المحاولة",
  chooseStyleFirst: "اختاري طراز الخياطة",
  unit: "الوحدة",
  cm: "سنتيمتر",
  in: "إنش",
  required: "مطلوب",
  requiredNote: "الحقول المعلّمة بـ * مطلوبة.",
  range: "من {min} إلى {max} {unit}",
  fabric: "القماش",
  stitching: "الخياطة",
  total: "المجموع",
  quantity: "× {n}",
  readyBy: "تاريخ الجاهزية المتوقع: {date}",
  readyNote: "محسوب بأيام عمل الورشة بدءًا من يوم الطلب، وتعرض السلة التاريخ الدقيق.",
};

export function panelText(
  key: PanelKey,
  language: "en" | "ar",
  values: Record<string, string | number> = {},
) {
  const template = language === "ar" ? ar[key] : en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
