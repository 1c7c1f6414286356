import { describe, expect, it } from "vitest";
import { ar } from "./ar.ts";
import { arServer } from "./ar-server.ts";
import { en } from "./en.ts";
import { fill, type Locale, PLURAL_CATEGORIES, type PluralCategory, pluralCategory } from "./locale.ts";
import { requestMessagesAr } from "./request-messages.ar.ts";
import { requestMessagesEn } from "./request-messages.en.ts";

/**
 * Issue 25: a message with a count takes the form its language's grammar gives that count, through
 * Intl.PluralRules; a counted message is a key per category, `<base>.<category>` (decision 0024).
 */
// The server's sentences (ar-server.ts) are the Arabic screens' too (app/lib/i18n.server.ts).
const CATALOGS: Record<Locale, Record<string, string>> = { en, ar: { ...arServer, ...ar } };
const REQUESTS: Record<Locale, Record<string, string>> = { en: requestMessagesEn, ar: requestMessagesAr };
const CATEGORY = /\.(zero|one|two|few|many|other)$/;

function countedBases(catalog: Record<string, string>): string[] {
  return [
    ...new Set(Object.keys(catalog).flatMap((k) => (CATEGORY.test(k) ? [k.replace(CATEGORY, "")] : []))),
  ];
}

function counted(
  locale: Locale,
  base: string,
  count: number,
  values: Record<string, string> = {},
  catalogs = CATALOGS,
): string {
  const template = catalogs[locale][`${base}.${pluralCategory(locale, count)}`];
  if (template === undefined) throw new Error(`${locale} ${base}: no ${pluralCategory(locale, count)}`);
  return fill(template, { count, ...values });
}

describe("plural rules", () => {
  it("give English one and other, and Arabic its six categories", () => {
    const pick = (locale: Locale) => [0, 1, 2, 3, 11, 100].map((n) => pluralCategory(locale, n));
    expect(pick("en")).toEqual(["other", "one", "other", "other", "other", "other"]);
    expect(pick("ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(pluralCategory("ar", 103)).toBe("few");
    expect(pluralCategory("ar", 111)).toBe("many");
  });

  it.each([
    ["the screens' and the server's catalogs", CATALOGS],
    ["the contact and stitching forms' messages", REQUESTS],
  ])("find every counted message with every category its language needs, in %s", (_name, catalogs) => {
    for (const locale of ["en", "ar"] as const) {
      const catalog = catalogs[locale];
      const missing = countedBases(catalogs.en).flatMap((base) =>
        PLURAL_CATEGORIES[locale]
          .filter((c: PluralCategory) => catalog[`${base}.${c}`] === undefined)
          .map((c) => `${locale} ${base}.${c}`),
      );
      expect(missing).toEqual([]);
      // A count placeholder lives only in counted messages: a sentence cannot count without its grammar.
      const stray = Object.entries(catalog)
        .filter(([key, text]) => !CATEGORY.test(key) && text.includes("{count}"))
        .map(([key]) => key);
      expect(stray).toEqual([]);
    }
    expect(countedBases(catalogs.ar).sort()).toEqual(countedBases(catalogs.en).sort());
  });

  it("count the cart's items in both languages for 0, 1, 2, 3, 11 and 100", () => {
    const counts = [0, 1, 2, 3, 11, 100];
    expect(counts.map((n) => counted("en", "nav.cartItems", n))).toEqual([
      "Cart, 0 items",
      "Cart, 1 item",
      "Cart, 2 items",
      "Cart, 3 items",
      "Cart, 11 items",
      "Cart, 100 items",
    ]);
    expect(counts.map((n) => counted("ar", "nav.cartItems", n))).toEqual([
      "السلة فارغة",
      "السلة، 1 قطعة",
      "السلة، 2 قطعة",
      "السلة، 3 قطع",
      "السلة، 11 قطعة",
      "السلة، 100 قطعة",
    ]);
  });

  it("count products, reviews, stars and articles as Arabic grammar counts them", () => {
    const counts = [0, 1, 2, 3, 11, 100];
    expect(counts.map((n) => counted("ar", "shop.count", n))).toEqual([
      "لا منتجات",
      "منتج واحد",
      "منتجان",
      "3 منتجات",
      "11 منتجًا",
      "100 منتج",
    ]);
    expect(counts.map((n) => counted("en", "shop.count", n))).toEqual([
      "0 products",
      "1 product",
      "2 products",
      "3 products",
      "11 products",
      "100 products",
    ]);
    expect(counts.map((n) => counted("ar", "pdp.reviewsSummary", n, { rating: "4.5" }))).toEqual([
      "4.5 من 5 · لا تقييمات",
      "4.5 من 5 · تقييم واحد",
      "4.5 من 5 · تقييمان",
      "4.5 من 5 · 3 تقييمات",
      "4.5 من 5 · 11 تقييمًا",
      "4.5 من 5 · 100 تقييم",
    ]);
    expect([1, 2, 3, 5].map((n) => counted("ar", "pdp.stars", n))).toEqual([
      "نجمة واحدة",
      "نجمتان",
      "3 نجوم",
      "5 نجوم",
    ]);
    expect([1, 2].map((n) => counted("en", "pdp.stars", n))).toEqual(["1 star", "2 stars"]);
    expect(counts.map((n) => counted("ar", "blog.count", n))).toEqual([
      "لا مقالات",
      "مقال واحد",
      "مقالان",
      "3 مقالات",
      "11 مقالًا",
      "100 مقال",
    ]);
    expect(counts.map((n) => counted("ar", "orders.itemCount", n))).toEqual([
      "لا قطع",
      "قطعة واحدة",
      "قطعتان",
      "3 قطع",
      "11 قطعة",
      "100 قطعة",
    ]);
  });

  it("count the minutes a rate-limited shopper waits, in both languages (the server's and the forms' messages)", () => {
    const counts = [0, 1, 2, 3, 11, 100];
    const wait = (text: string) => /(?:Please wait|يرجى الانتظار) (.+?) (?:and try|ثم)/.exec(text)?.[1];
    expect(counts.map((n) => wait(counted("en", "limit.tooMany", n)))).toEqual([
      "0 minutes",
      "a minute",
      "2 minutes",
      "3 minutes",
      "11 minutes",
      "100 minutes",
    ]);
    expect(counts.map((n) => wait(counted("ar", "limit.tooMany", n)))).toEqual([
      "قليلًا",
      "دقيقة",
      "دقيقتين",
      "3 دقائق",
      "11 دقيقة",
      "100 دقيقة",
    ]);
    const phone = { phone: "+971 4 000 0000" };
    expect(counts.map((n) => wait(counted("en", "tooMany", n, phone, REQUESTS)))).toEqual([
      "0 minutes",
      "a minute",
      "2 minutes",
      "3 minutes",
      "11 minutes",
      "100 minutes",
    ]);
    expect(counts.map((n) => wait(counted("ar", "tooMany", n, phone, REQUESTS)))).toEqual([
      "قليلًا",
      "دقيقة",
      "دقيقتين",
      "3 دقائق",
      "11 دقيقة",
      "100 دقيقة",
    ]);
    expect(counted("ar", "tooMany", 3, phone, REQUESTS)).toContain("\u2066+971 4 000 0000\u2069");
  });
});
