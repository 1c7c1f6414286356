import { describe, expect, it } from "vitest";
import { typedLang } from "./typed-lang.ts";

describe("the language of what a person typed", () => {
  it("marks Latin-only text on an Arabic page English, Arabic-only text on an English page Arabic", () => {
    expect(typedLang("Rich colour, soft velvet", "ar")).toBe("en");
    expect(typedLang("Maitha K.", "ar")).toBe("en");
    expect(typedLang("قماش ناعم وتطريز جميل", "en")).toBe("ar");
  });

  it("leaves the page's own language, mixed text and text without letters unmarked", () => {
    expect(typedLang("قماش ناعم", "ar")).toBeUndefined();
    expect(typedLang("Soft fabric", "en")).toBeUndefined();
    expect(typedLang("عباية Noor رائعة", "ar")).toBeUndefined();
    expect(typedLang("5/5 !!", "ar")).toBeUndefined();
  });
});
