import "./schemas/zod-setup.ts";
import { z } from "zod";

import { isLocale, LOCALES, type Locale } from "./i18n/locale.ts";

/**
 * The shop's languages (issue 14) as the server's data layer and the zod schemas use them: the union and
 * its check come from core/i18n/locale.ts (catalog-free), the body and query schemas and the per-field
 * English fallback live here.
 */
export { isLocale, LOCALES, type Locale };

/** An optional `language` field of a body (sign-up, profile, checkout): English when absent. */
export const LanguageSchema = z
  .enum(LOCALES, { error: () => "The language must be 'en' or 'ar'." })
  .describe("The shopper's language: 'en' (default) or 'ar'");

/** `?lang=ar` of the public read routes: texts in that language, English per field where missing. */
export const LangQuerySchema = LanguageSchema.optional().describe(
  "'ar' for Arabic texts; English by default",
);

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
