import type { enStorefront } from "./en-storefront.ts";
import type { TwinCatalog } from "./locale.ts";

/** Arabic twin of en-storefront.ts. */
export const arStorefront = {
  "meta.defaultImageAlt": "عباءتان مطرزتان، واحدة عاجية وأخرى سوداء، على مجسّمي عرض",
  "home.h1": "{shop}: عبايات وجلابيات وأزياء باكستانية في الإمارات",
  "announcement.label": "إعلان",
  "shop.closeFilters": "إغلاق خيارات التصفية",
  "shop.show.zero": "لا منتجات للعرض",
  "shop.show.one": "عرض منتج واحد",
  "shop.show.two": "عرض منتجين",
  "shop.show.few": "عرض {count} منتجات",
  "shop.show.many": "عرض {count} منتجًا",
  "shop.show.other": "عرض {count} منتج",
  "shop.showUpdating": "جارٍ تحديث النتائج…",
  "shop.results": "المنتجات",
  "form.optional": "(اختياري)",
  "form.cancel": "إلغاء",
  "form.close": "إغلاق",
} as const satisfies TwinCatalog<keyof typeof enStorefront>;
