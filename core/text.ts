/**
 * The one rule for text the store takes in (issue 21, finding 7; docs/decisions/0020-text-hygiene.md):
 * a NUL (U+0000) or a UTF-16 surrogate without its pair is not text. PostgreSQL refuses NUL in a text
 * value (a 500 before this rule), and an unpaired surrogate cannot be written as UTF-8 (it was silently
 * turned into U+FFFD). Everything else stays: ZWNJ, ZWJ, LRM and RLM belong in Arabic, Persian and Urdu
 * names; other invisible characters are normalizeText's business (core/schemas/text.ts), not a refusal.
 */

// With the `u` flag a well-formed pair is one code point, so only a lone surrogate matches the range.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `value` holds a NUL or an unpaired surrogate. */
export function isBadText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** The refusal's sentence, naming the field (a dotted path such as `items.0.size`). */
export function badTextMessage(field: string): string {
  return `${field} contains a character that is not allowed.`;
}

/**
 * The dotted path of the first string (or object key) in `value` that is not text, `root` for `value`
 * itself; undefined when all of it is. Arrays count by index (`items.0.size`). Walked with a stack, not
 * recursion, so a deeply nested body cannot exhaust the call stack.
 */
export function findBadText(value: unknown, root = ""): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === "string") {
      if (isBadText(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], join(path, String(i))]);
    } else if (item !== null && typeof item === "object" && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, unknown];
        // A key that is not text is named by its escaped spelling, never by the bad character itself.
        if (isBadText(key)) return join(path, JSON.stringify(key).slice(1, -1));
        stack.push([child, join(path, key)]);
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * For zod: `z.string().refine(isGoodText, { error: … })` refuses what this rule refuses; placed before
 * `.overwrite(normalizeText)`, which would otherwise quietly drop a NUL.
 */
export const isGoodText = (value: string): boolean => !isBadText(value);
