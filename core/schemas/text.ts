/**
 * What a text field holds once the invisible is taken out, so that 'required' means something a person
 * can see (issue 8): NFC, control characters (NUL, escapes, line breaks in one-line fields) and format
 * characters (zero-width spaces, direction overrides, BOM) removed, Unicode white space trimmed.
 * ZWNJ and ZWJ stay where they join two visible characters, as Persian, Urdu and emoji need them; LRM
 * and RLM stay inside the text. Refusing what is not text at all (NUL, lone surrogates) is core/text.ts's.
 */
export function normalizeText(input: string): string {
  const composed = input.normalize("NFC");
  // LRM and RLM (issue 21) stay inside the text, between its first and last visible characters: mixed
  // Arabic and Latin names use them to place punctuation; at the edges they only hide emptiness.
  const first = composed.search(VISIBLE);
  const last = composed.search(LAST_VISIBLE);
  return composed
    .replace(/[\p{Cf}]/gu, (char, offset: number, whole: string) => {
      if (char === "\u200e" || char === "\u200f")
        return first !== -1 && offset > first && offset < last ? char : "";
      if (char !== "\u200c" && char !== "\u200d") return "";
      // Whole code points: an emoji on either side is a surrogate pair, visible only as a pair.
      const before = whole.slice(Math.max(0, offset - 2), offset).match(/.$/u)?.[0];
      const after = whole.slice(offset + 1, offset + 3).match(/^./u)?.[0];
      return before && after && VISIBLE.test(before) && VISIBLE.test(after) ? char : "";
    })
    .replace(/\p{Cc}/gu, (char) => (/\s/.test(char) ? " " : ""))
    .replace(/^[\s\p{Z}]+|[\s\p{Z}]+$/gu, "");
}

const VISIBLE = /[^\s\p{Z}\p{C}]/u;
const LAST_VISIBLE = /[^\s\p{Z}\p{C}][\s\p{Z}\p{C}]*$/u;
