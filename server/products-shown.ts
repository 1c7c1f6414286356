import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which products an answer being rendered for the response cache shows (decision 0037): every product
 * whose sizes and stock reach a page or an API answer passes through toProductDtos, which notes it here.
 * The cache keeps the set with the answer, so a stock change of one product drops only the answers that
 * show it. Outside a cached render (the cart, the quote, an order) nothing is noted.
 */
const shown = new AsyncLocalStorage<{ add(id: string): void }>();

/** Stands for every product: the answer depends on the stock of products it may not list. */
export const EVERY_PRODUCT = "*";

/** The answer being rendered shows these products' sizes and stock. */
export function noteProductsShown(ids: readonly string[]): void {
  const into = shown.getStore();
  if (into) for (const id of ids) into.add(id);
}

/**
 * The answer being rendered depends on the stock of products it does not name (a list filtered by
 * availability, counts of what is in stock): any stock change drops it.
 */
export function noteEveryProductShown(): void {
  shown.getStore()?.add(EVERY_PRODUCT);
}

/**
 * The made-up id of a product shown on a card only (a list's or a related product's card: its name,
 * picture, price and size names, never what is left of a size): a product's edit drops it, a change of
 * its stock does not (decision 0037, amended).
 */
export function cardKey(id: string): string {
  return `#${id}`;
}

/**
 * Runs `read`, noting the products it reads as shown on cards only: the caller keeps no stock of them
 * (toProductCard). List keys and "every product" are noted as they are.
 */
export function showingCardsOnly<T>(read: () => T): T {
  const into = shown.getStore();
  if (!into) return read();
  const cards = {
    add: (id: string) => into.add(id === EVERY_PRODUCT || id.startsWith("~") ? id : cardKey(id)),
  };
  return shown.run(cards, read);
}

/** Runs `render`, noting into `into` the products it shows. */
export function recordingProductsShown<T>(into: Set<string>, render: () => T): T {
  return shown.run(into, render);
}

/**
 * What a change of one product can alter in a list beyond the product itself (decision 0037, amended):
 * - `lists`: which products a list holds and in what order (a product published, archived, deleted or
 *   moved to another collection, its bestseller flag): every list;
 * - `shop`: what the shop's filters and sorts see (its price, fabric, type, colours): the shop's list;
 * - `search`: what a text search finds (its names): the shop's list with a search.
 * A list depends on these for its collection, or for "all" when it takes every collection. They travel
 * as made-up product ids (`~lists:abayas`), so the stock changes' numbering, relay, NOTIFY and poll carry
 * them unchanged; no product id begins with `~`.
 */
export type ListAspect = "lists" | "shop" | "search";

/** Every collection: the scope of a list that is not filtered by one. */
export const ALL_COLLECTIONS = "all";

/** The made-up id a list of `scope` (a collection's slug, or "all") depends on for `aspect`. */
export function listKey(aspect: ListAspect, scope: string): string {
  return `~${aspect}:${scope}`;
}

/** The list being rendered (of one collection, or of all) holds what `aspects` decide. */
export function noteListShown(aspects: readonly ListAspect[], collection: string | undefined): void {
  const into = shown.getStore();
  if (!into) return;
  const scope = collection && collection !== ALL_COLLECTIONS ? collection : ALL_COLLECTIONS;
  for (const aspect of aspects) into.add(listKey(aspect, scope));
}

/** The keys a change of `aspects` of products in these collections drops: theirs and every list's. */
export function listKeysChanged(aspects: readonly ListAspect[], collections: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const aspect of aspects)
    for (const scope of [...collections, ALL_COLLECTIONS]) keys.add(listKey(aspect, scope));
  return [...keys];
}
