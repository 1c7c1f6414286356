import { localeOfPath, stripLocale } from "#core/i18n/locale.ts";

/**
 * Which parts of the message catalog a page shows (docs/decisions/0012-arabic.md): keys are grouped
 * into areas by their prefix (`nav.`, `shop.`, …). The root loader sends the shell's areas and the
 * page's own, in the page's language only (app/lib/i18n.server.ts). A page missing here gets every
 * area: heavier, never blank.
 */
const SHELL =
  "meta announcement nav language category search footer loading notFound error toast product form";

const AUTH = "authForm field otp google login signup forgot auth session limit api";

/** The areas of each page, by its path's first segment ("" is the home page), space separated (fewer bytes). */
const PAGE_AREAS: Record<string, string> = {
  "": "home blog",
  shop: "shop stock",
  product: "pdp stock review cart shop field session api",
  cart: "cart promo pdp stock checkout wishlist api",
  wishlist: "wishlist cart pdp stock api",
  checkout: "checkout order orderApi address addresses account authForm field cart promo payment session api",
  "payment-redirect": "checkout payment orderApi api",
  account:
    "account orders aftersale address addresses settings invoice profile authForm field otp session limit wishlist checkout api",
  login: AUTH,
  signup: AUTH,
  "forgot-password": AUTH,
  blog: "blog",
  contact: "contact contactForm requests field api",
  "stitching-service": "stitching requests field api",
  about: "policy about",
  terms: "policy",
  privacy: "policy",
  shipping: "policy",
  returns: "policy",
  // The back office speaks English and has its own copy (issue 15): only the shell's areas.
  admin: "",
};

export function pageAreas(pathname: string): string[] | undefined {
  const segment = stripLocale(pathname).split("/")[1] ?? "";
  const own = PAGE_AREAS[segment];
  return own === undefined ? undefined : `${SHELL} ${own}`.trim().split(" ");
}

/** Whether two paths show the same messages (same language, same areas): the root loader need not rerun. */
export function sameMessages(a: string, b: string): boolean {
  return localeOfPath(a) === localeOfPath(b) && pageAreas(a)?.join() === pageAreas(b)?.join();
}
