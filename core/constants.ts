// SPEC §9: business constants and limits. One place, imported by server and browser alike.

export const CURRENCY = "AED";
export const FILS_PER_AED = 100;

/** SPEC §9: the constant exists, but the cart's shipping cost is always 0. */
export const DELIVERY_FEE_AED = 10;
export const CART_SHIPPING_COST_AED = 0;

export const DEFAULT_STOCK_CAP = 9999;
export const HERO_AUTO_ADVANCE_MS = 5000;
export const FEATURED_PRODUCTS_COUNT = 6;
export const FEATURED_PRODUCTS_PER_ROW = 3;
export const BLOG_PREVIEW_COUNT = 3;
export const BLOG_SEARCH_DEBOUNCE_MS = 300;
export const COPY_LINK_CONFIRMATION_MS = 2000;
export const LOADING_OVERLAY_LINGER_MS = 300;
/**
 * SPEC §2 home: the Graceful Abayas section shows every bestseller of the collection (issue 8: it cut the
 * ninth off at 8); this ceiling only keeps a catalog that marks everything a bestseller from a huge page.
 */
export const HOME_BESTSELLERS_MAX = 24;
/** The overlay appears only for a load still running after this long (decision 0003). */
export const LOADING_OVERLAY_DELAY_MS = 400;

export const PRICE_SLIDER_MIN_AED = 100;
export const PRICE_SLIDER_MAX_AED = 2000;
export const PRICE_SLIDER_MIN_GAP_AED = 50;
/** SPEC §9: maxPrice read from the shop URL defaults to 25000 (the slider UI default is 100 to 2000). */
export const SHOP_URL_MAX_PRICE_DEFAULT_AED = 25000;

export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The shop's sort choices, in the order the select offers them (SPEC §2 /shop). */
export const SHOP_SORTS = ["newest", "price-low-high", "price-high-low", "popularity"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export const SHOP_SKELETON_COUNT = 9;
export const RELATED_SKELETON_COUNT = 4;
export const OTP_LENGTH = 6;
export const PIN_CODE_LENGTH = 6;

export const DELIVERY_TYPES = ["next day delivery", "same day delivery"] as const;
export const DEFAULT_DELIVERY_TYPE = DELIVERY_TYPES[0];

export const PAYMENT_REDIRECT_DELAY_MS = 1500;
export const PAYMENT_SUCCESS_REDIRECT_MS = 3000;
/** The payment's own status in POST /api/order/verifyPaymennt's answer (not the HTTP one). */
export const PAYMENT_VERIFY_STATUSES = ["paid", "failed", "cancelled", "expired", "pending"] as const;

/** SPEC §2 size guide: the five sizes, each with its numeric length. */
export const SIZE_GUIDE = ["XS/50", "S/52", "M/54", "L/56", "XL/58"] as const;
export type SizeLabel = (typeof SIZE_GUIDE)[number];

/** SPEC §2: the collections a shopper can pick in the header and the shop filter. */
export const CATEGORIES = [
  { slug: "ethnic-elegance", name: "Ethnic Elegance" },
  { slug: "graceful-abayas", name: "Graceful Abayas" },
  { slug: "designer-jalabiya", name: "Designer Jalabiya" },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

/** SPEC §4: order status values that get their own style; anything else is neutral. */
export const ORDER_STATUSES = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
] as const;

/** SPEC §2 stitching service areas; other emirates on contact. */
export const STITCHING_SERVICE_AREAS = ["Dubai", "Sharjah", "Ajman", "Ras Al Khaimah"] as const;
export const EMIRATES = [
  "Abu Dhabi",
  "Dubai",
  "Sharjah",
  "Ajman",
  "Umm Al Quwain",
  "Ras Al Khaimah",
  "Fujairah",
] as const;

/** SPEC §3 "Client state": fixed browser-storage keys (the cart under one key, the token under its own). */
export const STORAGE_KEYS = {
  cart: "store.cart",
  token: "store.token",
  wishlist: "store.wishlist",
  /** SPEC §3 pending online-payment record, kept until the payment return settles it. */
  pendingPayment: "store.pendingPayment",
} as const;

/** The announcement bar's dismissal, remembered in a cookie so the server renders the page without it. */
export const ANNOUNCEMENT_COOKIE = "announcement_dismissed";
