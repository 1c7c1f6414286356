import type { MessageKey } from "#core/i18n/index.ts";

/** One link of the store's navigation: where it goes and what the shopper reads. */
export interface NavEntry {
  to: string;
  /** The catalog key of what the shopper reads: components translate it with `useT()`. */
  label: MessageKey;
}

/** A header disclosure menu (SPEC §2 Collections and Services dropdowns). */
export interface NavMenu {
  label: MessageKey;
  items: NavEntry[];
  testId: string;
}

/**
 * Every page the shell links to, written once; the header, the drawer, the footer and the bottom bar
 * (SPEC §2) pick from these, so a label or an address changes in one place. Addresses are English;
 * the localized `Link` (app/lib/i18n.tsx) puts an Arabic page's links under `/ar`.
 */
export const NAV = {
  home: { to: "/", label: "nav.home" },
  shop: { to: "/shop", label: "nav.shop" },
  stitchingService: { to: "/stitching-service", label: "nav.stitchingService" },
  blog: { to: "/blog", label: "nav.blog" },
  about: { to: "/about", label: "nav.about" },
  contact: { to: "/contact", label: "nav.contact" },
  account: { to: "/account", label: "nav.account" },
  wishlist: { to: "/wishlist", label: "nav.wishlist" },
  cart: { to: "/cart", label: "nav.cart" },
  terms: { to: "/terms", label: "footer.terms" },
  privacy: { to: "/privacy", label: "footer.privacy" },
  shipping: { to: "/shipping", label: "footer.shipping" },
  returns: { to: "/returns", label: "footer.returns" },
} satisfies Record<string, NavEntry>;

/** SPEC §2 collections, by the shop's category filter. */
export const COLLECTION_LINKS: NavEntry[] = [
  { to: "/shop?category=ethnic-elegance", label: "category.ethnic-elegance" },
  { to: "/shop?category=graceful-abayas", label: "category.graceful-abayas" },
];
export const SERVICE_LINKS: NavEntry[] = [NAV.stitchingService];

/** The desktop header's main navigation, in order: plain links and dropdown menus. */
export const HEADER_NAV: (NavEntry | NavMenu)[] = [
  NAV.shop,
  { label: "nav.collections", items: COLLECTION_LINKS, testId: "collections-menu" },
  { label: "nav.services", items: SERVICE_LINKS, testId: "services-menu" },
  NAV.contact,
];

/** The mobile drawer: the header's destinations in one list, collections indented under Shop. */
export const DRAWER_NAV: (NavEntry & { indent?: boolean })[] = [
  NAV.home,
  NAV.shop,
  ...COLLECTION_LINKS.map((link) => ({ ...link, indent: true })),
  ...SERVICE_LINKS,
  NAV.blog,
  NAV.about,
  NAV.contact,
  NAV.account,
  NAV.wishlist,
];

/** SPEC §2 footer links. */
export const FOOTER_NAV = {
  explore: [NAV.home, NAV.about, NAV.shop, NAV.blog, NAV.contact],
  help: [NAV.terms, NAV.privacy, NAV.shipping, NAV.returns],
};

/** SPEC §2 mobile bottom bar: Home, Shop, Wishlist, Account, Cart. */
export const BOTTOM_BAR_NAV: NavEntry[] = [NAV.home, NAV.shop, NAV.wishlist, NAV.account, NAV.cart];

export function isMenu(entry: NavEntry | NavMenu): entry is NavMenu {
  return "items" in entry;
}
