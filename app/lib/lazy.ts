import { lazy as reactLazy } from "react";

/**
 * The waits, in ms, before a failed fetch of a part's code is asked for again: four attempts within
 * about seven seconds.
 */
const RETRY_WAITS_MS: readonly number[] = [1_000, 2_000, 4_000];

/**
 * `load`, asked for again after each of `waits` while it fails. The browser keeps no failed module fetch
 * (Chromium fetches the same address again), so a request a phone's connection dropped comes on the next
 * attempt. The last failure is the answer.
 */
export function retrying<T>(
  load: () => Promise<T>,
  waits: readonly number[] = RETRY_WAITS_MS,
): () => Promise<T> {
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load();
      } catch (error) {
        const wait = waits[attempt];
        if (wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}

/**
 * React's `lazy`, whose code is asked for again when its fetch fails. React keeps a lazy component's
 * first answer for good: one dropped request for the menu's drawer, fetched in the background after
 * hydration, replaced the whole page with the error screen until the shopper reloaded it.
 */
export const lazy: typeof reactLazy = (load) => reactLazy(retrying(load));
