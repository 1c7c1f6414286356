import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which products an answer being rendered for the response cache shows (decision 0037): every product
 * whose sizes and stock reach a page or an API answer passes through toProductDtos, which notes it here.
 * The cache keeps the set with the answer, so a stock change of one product drops only the answers that
 * show it. Outside a cached render (the cart, the quote, an order) nothing is noted.
 */
const shown = new AsyncLocalStorage<Set<string>>();

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

/** Runs `render`, noting into `into` the products it shows. */
export function recordingProductsShown<T>(into: Set<string>, render: () => T): T {
  return shown.run(into, render);
}
