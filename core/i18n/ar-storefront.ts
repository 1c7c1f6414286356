import type { enStorefront } from "./en-storefront.ts";

/** Arabic twin of en-storefront.ts. */
export const arStorefront = {
  "meta.defaultImageAlt": "عباءتان مطرزتان، واحدة عاجية وأخرى سوداء، على مجسّمي عرض",
  "home.h1": "{shop}: عبايات وجلابيات وأزياء باكستانية في الإمارات",
  "announcement.label": "إعلان",
  "shop.closeFilters": "إغلاق خيارات التصفية",
  "shop.showCount": "عرض {count} منتج",
  "shop.showOne": "عرض منتج واحد",
  "shop.showUpdating": "جارٍ تحديث النتائج…",
  "shop.results": "المنتجات",
  "form.optional": "(اختياري)",
  "form.cancel": "إلغاء",
} as const satisfies Record<keyof typeof enStorefront, string>;
