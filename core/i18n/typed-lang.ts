import type { Locale } from "./locale.ts";

/**
 * The language of text a person typed (a review, a reviewer's name) when it is not the page's: Latin
 * letters and no Arabic ones on an Arabic page are `en`, Arabic letters and no Latin ones on an English
 * page are `ar`; undefined when it is the page's language or mixed.
 */
export function typedLang(text: string, page: Locale): "en" | "ar" | undefined {
  const arabic = /[\u0600-\u06ff]/.test(text);
  const latin = /[A-Za-z]/.test(text);
  if (page === "ar") return latin && !arabic ? "en" : undefined;
  return arabic && !latin ? "ar" : undefined;
}
