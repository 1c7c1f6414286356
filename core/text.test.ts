import { describe, expect, it } from "vitest";
import { normalizeText } from "./schemas/text.ts";
import { badTextMessage, findBadText, isBadText } from "./text.ts";

describe("text that is not text (core/text.ts)", () => {
  it("is a NUL or an unpaired surrogate, and nothing else", () => {
    expect(isBadText("a\u0000b")).toBe(true);
    expect(isBadText("a\ud800b")).toBe(true);
    expect(isBadText("\udc00")).toBe(true);
    expect(isBadText("\ud83d")).toBe(true);
    // A pair is one character (an emoji); joiners and direction marks are parts of names.
    expect(isBadText("Amal \ud83d\udc69\u200d\ud83d\udc67")).toBe(false);
    expect(isBadText("\u0645\u06cc\u200c\u0631\u0627 \u200f\u200e")).toBe(false);
    expect(isBadText("tab\tnew\nline \u0001 \u202e")).toBe(false);
  });

  it("names the first bad field by its dotted path, keys included, without recursing", () => {
    expect(findBadText({ a: "ok", items: [{ size: "M" }, { size: "\u0000" }] })).toBe("items.1.size");
    expect(findBadText({ name: "ok", nested: { deep: ["x", "y\ud800"] } })).toBe("nested.deep.1");
    expect(findBadText({ "a\u0000": 1 })).toBe("a\\u0000");
    expect(findBadText("\u0000", "body")).toBe("body");
    expect(findBadText({ a: 1, b: null, c: true, d: ["ok"] })).toBeUndefined();
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findBadText(deep)?.split(".").length).toBe(200_000);
    expect(badTextMessage("items.1.size")).toBe("items.1.size contains a character that is not allowed.");
  });

  it("leaves LRM and RLM inside a name to normalizeText, and drops them at its edges", () => {
    expect(normalizeText("\u200fAisha \u200f(\u0639\u0627\u0626\u0634\u0629)\u200e ")).toBe(
      "Aisha \u200f(\u0639\u0627\u0626\u0634\u0629)",
    );
    expect(normalizeText("\u200e\u200f")).toBe("");
    expect(normalizeText("Amal \ud83d\udc69\u200d\ud83d\udc67")).toBe("Amal \ud83d\udc69\u200d\ud83d\udc67");
  });
});
