/**
 * What a text field holds once the invisible is taken out, so that 'required' means something a person
 * can see (issue 8): NFC, control characters (NUL, escapes, line breaks in one-line fields) and format
 * characters (zero-width spaces, direction overrides, BOM) removed, Unicode white space trimmed.
 * ZWNJ and ZWJ stay where they join two visible characters, as Persian, Urdu and emoji need them.
 */
export function normalizeText(input: string): string {
  return input
    .normalize("NFC")
    .replace(/[\p{Cf}]/gu, (char, offset: number, whole: string) => {
      if (char !== "\u200c" && char !== "\u200d") return "";
      const before = whole[offset - 1];
      const after = whole[offset + 1];
      return before && after && VISIBLE.test(before) && VISIBLE.test(after) ? char : "";
    })
    .replace(/\p{Cc}/gu, (char) => (/\s/.test(char) ? " " : ""))
    .replace(/^[\s\p{Z}]+|[\s\p{Z}]+$/gu, "");
}

const VISIBLE = /[^\s\p{Z}\p{C}]/u;
