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
export const LangQuerySchema = LanguageSchema.optional().describe(
  "'ar' for Arabic texts; English by default",
);

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}

/**
 * Picks each field's text in `locale`, falling back to English per field and remembering which fields
 * fell back (issue 14's `enFields`). In English nothing is looked up and nothing is recorded.
 */
export function fieldPicker(locale: Locale) {
  const fellBack: string[] = [];
  return {
    /** The Arabic text when asked for and present (not blank), else the English one. */
    text(field: string, arabic: string | null | undefined, english: string): string {
      if (locale === "en") return english;
      if (arabic?.trim()) return arabic;
      if (english !== "" && !fellBack.includes(field)) fellBack.push(field);
      return english;
    },
    /** Records a fallback decided elsewhere (e.g. one colour of several without a name). */
    fellBack(field: string): void {
      if (locale !== "en" && !fellBack.includes(field)) fellBack.push(field);
    },
    /** `{ enFields }` when something fell back, else `{}`: spread into the DTO. */
    enFields(): { enFields?: string[] } {
      return fellBack.length > 0 ? { enFields: [...fellBack] } : {};
    },
  };
}
