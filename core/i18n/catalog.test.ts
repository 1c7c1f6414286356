import { describe, expect, it } from "vitest";
import { ar } from "./ar.ts";
import { arServer } from "./ar-server.ts";
import { arSizeGuide } from "./ar-size-guide.ts";
import { contactFormAr } from "./contact-form.ar.ts";
import { contactFormEn } from "./contact-form.en.ts";
import { en } from "./en.ts";
import { enServer } from "./en-server.ts";
import { enSizeGuide } from "./en-size-guide.ts";
import { formatDate, formatMoney, formatNumber, INTL_LOCALE } from "./format.ts";
import { localeOfPath, localizePath, stripLocale } from "./locale.ts";
import { formatLongDate } from "./long-date.ts";
import { pagesAr } from "./pages.ar.ts";
import { pagesEn } from "./pages.en.ts";
import { stitchingPageAr } from "./stitching-page.ar.ts";
import { stitchingPageEn } from "./stitching-page.en.ts";

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
const arabicLetters = /[\u0600-\u06FF]/;

/** Every string leaf of a copy object, by its path: the two languages must have the same shape. */
function leaves(value: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(path, value);
  else if (Array.isArray(value)) value.forEach((item, i) => void leaves(item, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) leaves(item, `${path}.${key}`, out);
  return out;
}

function expectTwin(english: unknown, arabic: unknown) {
  const enLeaves = leaves(english);
  const arLeaves = leaves(arabic);
  const missing = [...enLeaves.keys()].filter((key) => !arLeaves.get(key)?.trim());
  expect(missing, "English texts without an Arabic twin").toEqual([]);
  // Arabic's own plural categories of a counted message (plurals.test.ts checks them) are not extras.
  const arabicPlural = (key: string) =>
    /\.(zero|two|few|many)$/.test(key) && enLeaves.has(key.replace(/\.\w+$/, ".other"));
  expect(
    [...arLeaves.keys()].filter((key) => !enLeaves.has(key) && !arabicPlural(key)),
    "Arabic texts English lacks",
  ).toEqual([]);
  for (const [key, text] of enLeaves) {
    expect(placeholders(arLeaves.get(key) ?? ""), `placeholders of ${key}`).toEqual(placeholders(text));
  }
}

describe("the Arabic catalog", () => {
  const serverKeys = new Set(Object.keys(enServer));
  const storefront = Object.fromEntries(Object.entries(en).filter(([key]) => !serverKeys.has(key)));

  it("has an Arabic entry, with the same placeholders, for every English storefront key", () => {
    expectTwin(storefront, ar);
  });

  it("covers every English key with the server's Arabic sentences beside it (the pages' full catalog)", () => {
    expectTwin(en, { ...arServer, ...ar });
  });

  it("is written in Arabic (keys whose text is a code, a number or an e-mail address aside)", () => {
    const notArabic = Object.entries(ar)
      .filter(([, text]) => !arabicLetters.test(text))
      .map(([key]) => key);
    expect(notArabic.sort()).toEqual(
      [
        // Layouts of values only: a request's kind and number, a line's name, size and quantity.
        "aftersale.line",
        "aftersale.requestTitle",
        "authForm.emailPlaceholder",
        "authForm.phonePlaceholder",
        "blog.post.metaTitle",
        "language.switchTo",
        "pdp.counter",
        "review.counter",
        "shop.priceRange",
      ].sort(),
    );
  });

  it("has Arabic twins of the long-form copy: static pages, stitching page, contact form, size guide", () => {
    expectTwin(pagesEn, pagesAr);
    expectTwin(stitchingPageEn, stitchingPageAr);
    expectTwin(contactFormEn, contactFormAr);
    expectTwin(enSizeGuide, arSizeGuide);
  });
});

describe("locale in the URL", () => {
  it("reads Arabic from /ar and /ar/…, English elsewhere", () => {
    expect(localeOfPath("/ar")).toBe("ar");
    expect(localeOfPath("/ar/shop")).toBe("ar");
    expect(localeOfPath("/area")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
    expect(stripLocale("/ar/product/x")).toBe("/product/x");
    expect(stripLocale("/ar")).toBe("/");
  });

  it("puts a path in a language, keeping the query and leaving non-page paths alone", () => {
    expect(localizePath("/shop?color=Black&color=Beige", "ar")).toBe("/ar/shop?color=Black&color=Beige");
    expect(localizePath("/", "ar")).toBe("/ar");
    expect(localizePath("/ar/cart", "en")).toBe("/cart");
    expect(localizePath("/ar?x=1", "en")).toBe("/?x=1");
    expect(localizePath("/ar/cart", "ar")).toBe("/ar/cart");
    expect(localizePath("/api/product/list", "ar")).toBe("/api/product/list");
    expect(localizePath("/media/site/hero-1.jpg", "ar")).toBe("/media/site/hero-1.jpg");
    expect(localizePath("#main", "ar")).toBe("#main");
    expect(localizePath("https://example.com/x", "ar")).toBe("https://example.com/x");
  });
});

describe("formatting per language", () => {
  it("keeps English money as before and writes Arabic money with Western digits and the shop's label", () => {
    expect(formatMoney(125000, "en").replace(/\s/g, " ")).toBe("AED 1,250");
    expect(formatMoney(9950, "en").replace(/\s/g, " ")).toBe("AED 99.50");
    expect(formatMoney(125000, "ar")).toBe("1,250\u00a0د.إ");
    expect(formatMoney(9950, "ar", "درهم")).toBe("99.50\u00a0درهم");
  });

  it("writes Arabic numbers and dates with Western digits and the Gregorian calendar", () => {
    expect(formatNumber(1234567, "ar")).toBe("1,234,567");
    const date = formatDate("2026-11-01T08:00:00Z", "ar", { dateStyle: "long" });
    expect(date).toMatch(/^1 نوفمبر 2026$/);
    expect(formatDate("2026-11-01T08:00:00Z", "en", { dateStyle: "long" })).toBe("1 November 2026");
  });

  it("writes money and long dates exactly as Intl does (the browser skips Intl for them)", () => {
    const intl = {
      en: new Intl.NumberFormat("en-AE", { style: "currency", currency: "AED", currencyDisplay: "code" }),
      ar: new Intl.NumberFormat(INTL_LOCALE.ar, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    const wholeAr = new Intl.NumberFormat(INTL_LOCALE.ar, { maximumFractionDigits: 0 });
    for (const fils of [0, 5, 99, 100, 1050, 99_999, 100_000, 123_456_789, 1_000_000_000_00]) {
      const whole = fils % 100 === 0;
      const en = intl.en.format(fils / 100);
      expect(formatMoney(fils, "en")).toBe(whole ? en.replace(/\.00$/, "") : en);
      expect(formatMoney(fils, "ar")).toBe(`${(whole ? wholeAr : intl.ar).format(fils / 100)}\u00a0د.إ`);
    }
    for (const locale of ["en", "ar"] as const) {
      const intlDate = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: "long",
        timeZone: "Asia/Dubai",
      });
      // Every month, and the hours either side of midnight in Dubai (20:00 UTC).
      for (let month = 0; month < 12; month++) {
        for (const hour of [0, 19, 20, 23]) {
          const date = new Date(Date.UTC(1999 + month * 3, month, month * 2 + 1, hour, 59));
          expect(formatLongDate(date, locale)).toBe(intlDate.format(date));
          expect(formatLongDate(date, locale)).toBe(formatDate(date, locale, { dateStyle: "long" }));
        }
      }
    }
  });
});
