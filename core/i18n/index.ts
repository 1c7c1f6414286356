import { en, type MessageKey } from "./en.ts";
import { fill, type Locale } from "./locale.ts";

export * from "./locale.ts";
export type { MessageKey };

export type Messages = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;

/**
 * The server's side of the catalog. The server's answers stay in SPEC's English (a screen shows its own
 * language's text by the answer's `code`); pages get their language's messages from the root loader
 * (app/lib/i18n.server.ts). In the browser this module is replaced by index.browser.ts (package.json
 * `imports`, condition `browser`), which reads the page's own messages instead, so a schema's sentence
 * is in the page's language and no catalog is bundled.
 */
export function translate(_locale: Locale, key: MessageKey, values?: MessageValues): string {
  const template: string = en[key];
  return values ? fill(template, values) : template;
}

/** A message in SPEC's English: what the server answers with. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate("en", key, values);
}
