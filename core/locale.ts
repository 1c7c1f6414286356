import { z } from "zod";

/**
 * The shop's languages (issue 14): English at today's URLs, Arabic under /ar. The same union as
 * `Locale` of core/i18n; kept here too so the server's data layer and the zod schemas need no catalog.
 */
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** An optional `language` field of a body (sign-up, profile, checkout): English when absent. */
export const LanguageSchema = z
  .enum(LOCALES, { error: () => "The language must be 'en' or 'ar'." })
  .describe("The shopper's language: 'en' (default) or 'ar'");

/** `?lang=ar` of the public read routes: texts in that language, English per field where missing. */
export const LangQuerySchema = z
  .enum(LOCALES)
  .optional()
  .describe("'ar' for Arabic texts; English by default");

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}
