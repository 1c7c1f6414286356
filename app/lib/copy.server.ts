import { contactFormAr } from "#core/i18n/contact-form.ar.ts";
import { contactFormEn } from "#core/i18n/contact-form.en.ts";
import { localeOfPath } from "#core/i18n/locale.ts";
import { pagesAr } from "#core/i18n/pages.ar.ts";
import { type PageCopy, type PageKey, pagesEn } from "#core/i18n/pages.en.ts";
import { stitchingPageAr } from "#core/i18n/stitching-page.ar.ts";
import { stitchingPageEn } from "#core/i18n/stitching-page.en.ts";

/**
 * Long-form copy in the page's language, sent as the route's loader data (docs/decisions/0012-arabic.md):
 * a page carries its own copy in its own language and nothing else.
 */
function isArabic(request: Request): boolean {
  return localeOfPath(new URL(request.url).pathname) === "ar";
}

export function staticPageCopy(request: Request, key: PageKey): PageCopy {
  return (isArabic(request) ? pagesAr : pagesEn)[key];
}

export type StitchingCopy = typeof stitchingPageEn;
export function stitchingCopy(request: Request): StitchingCopy {
  return isArabic(request) ? stitchingPageAr : stitchingPageEn;
}

export type ContactFormCopy = typeof contactFormEn;
export function contactFormCopy(request: Request): ContactFormCopy {
  return isArabic(request) ? contactFormAr : contactFormEn;
}

/** The locale of the page a loader answers for, from its URL (`/ar…` is Arabic). */
export function requestLocale(request: Request) {
  return localeOfPath(new URL(request.url).pathname);
}
