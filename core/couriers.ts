import type { Locale } from "./locale.ts";

/**
 * The couriers an order can be shipped with (issue 26). The shop's own delivery (same day, by its
 * driver) has no tracking number; every other courier's is required when an order is marked Shipped.
 */
export const SHOP_DELIVERY = "Shop delivery";
export const COURIERS = ["Aramex", "DHL", "SMSA Express", "Emirates Post", "Fetchr", SHOP_DELIVERY] as const;
export type Courier = (typeof COURIERS)[number];

const COURIER_NAMES_AR: Record<string, string> = {
  Aramex: "أرامكس",
  DHL: "دي إتش إل",
  "SMSA Express": "سمسا إكسبرس",
  "Emirates Post": "بريد الإمارات",
  Fetchr: "فيتشر",
  [SHOP_DELIVERY]: "مندوب المتجر",
};

/** A courier as a shopper reads it in `locale`. */
export function courierName(locale: Locale, courier: string): string {
  return locale === "ar"
    ? (COURIER_NAMES_AR[courier] ?? courier)
    : courier === SHOP_DELIVERY
      ? "Our own driver"
      : courier;
}
