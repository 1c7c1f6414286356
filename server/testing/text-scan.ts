/**
 * Issue 25's text scans, shared by the server-rendered test and the browser journeys: what in a page's
 * text looks like a message key ('account.cancel', 'address.optional') instead of a sentence, and which
 * Latin words an Arabic screen shows outside what may stay Latin (the brand, SKUs, e-mails, sizes'
 * letters, names a person typed, and text marked `lang="en"`, which the browser scan leaves out).
 */

/** URLs, e-mail addresses and host names: dotted, but never a message key. */
const NOT_KEYS = /\b(?:https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:[\w-]+\.)+(?:ae|com|net|org|ai)\b)/gi;
/** Two or more dotted words with a lower-case start, as the catalog's keys are written. */
const KEY_LIKE = /\b[a-z]+(?:\.[a-zA-Z]+)+\b/g;

export function messageKeysIn(text: string): string[] {
  return [...new Set(text.replace(NOT_KEYS, " ").match(KEY_LIKE) ?? [])];
}

/** The attribute values a person reads or hears (labels, placeholders, image texts, titles). */
export function readAttributes(html: string): string[] {
  return [...html.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((m) => m[1]!);
}

/**
 * Latin words on an Arabic screen, less those allowed: the `allow` list (brand, SKUs, e-mails, typed
 * names), size labels (XS/50, M, XL) and single letters. Case-insensitive.
 */
export function latinWords(text: string, allow: readonly string[] = []): string[] {
  let rest = text.replace(NOT_KEYS, " ");
  for (const word of [...allow].sort((a, b) => b.length - a.length)) {
    rest = rest.split(word).join(" ");
  }
  const words = rest.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? [];
  return [...new Set(words.filter((w) => !/^(XXS|XS|S|M|L|XL|XXL|XXXL)$/.test(w)))];
}
