import { ar } from "#core/i18n/ar.ts";
import { arServer } from "#core/i18n/ar-server.ts";
import { en, type MessageKey } from "#core/i18n/en.ts";
import { type Locale, localeOfPath } from "#core/i18n/index.ts";
import type { PageMessages } from "./i18n";
import { pageAreas } from "./page-areas";

const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, ar: { ...arServer, ...ar } };
const cache = new Map<string, PageMessages>();

/**
 * The messages a page shows, in its language only (app/lib/page-areas.ts picks the areas). Arabic keys
 * The Arabic catalog is the storefront's (ar.ts) with the server's validation sentences (ar-server.ts),
 * which the browser's schemas show under the fields.
 */
export function pageMessages(pathname: string): PageMessages {
  const locale = localeOfPath(pathname);
  const areas = pageAreas(pathname);
  const cacheKey = `${locale}:${areas?.join(",") ?? "*"}`;
  let messages = cache.get(cacheKey);
  if (!messages) {
    const catalog = CATALOGS[locale];
    const wanted = areas ? new Set(areas) : undefined;
    messages = {};
    for (const key of Object.keys(catalog) as MessageKey[]) {
      if (!wanted || wanted.has(key.slice(0, key.indexOf(".")))) messages[key] = catalog[key];
    }
    cache.set(cacheKey, messages);
  }
  return messages;
}
