import type { MessageKey } from "./en.ts";
import { fill, type Locale } from "./locale.ts";
import { pageMessage } from "./page-messages.ts";

export * from "./locale.ts";
export type { MessageKey };

export type Messages = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;

/**
 * The browser's twin of index.ts (chosen by package.json `imports`, condition `browser`): the same calls,
 * answered from the page's own messages (the root loader sends only the page's areas, in its language),
 * so the schemas in core/ speak the page's language and no catalog is bundled into the browser's code.
 */
export function translate(_locale: Locale, key: MessageKey, values?: MessageValues): string {
  const template = pageMessage(key);
  return values ? fill(template, values) : template;
}

export function t(key: MessageKey, values?: MessageValues): string {
  return translate("en", key, values);
}
