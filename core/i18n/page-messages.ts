import type { MessageKey } from "./en.ts";

/**
 * The messages of the page the browser shows, in its language: set by the app shell from the root
 * loader's data (app/lib/i18n.tsx) before anything reads them. One document shows one language (the
 * language switch loads a new document), so one store per browser tab is right; the server never
 * reads this (it renders through `useT()`, which takes the messages from the request's own data).
 */
let current: Partial<Record<MessageKey, string>> = {};

export function setPageMessages(messages: Partial<Record<MessageKey, string>>): void {
  current = messages;
}

export function pageMessage(key: MessageKey): string {
  return current[key] ?? key;
}

export function hasPageMessage(key: MessageKey): boolean {
  return key in current;
}
