import { useSyncExternalStore } from "react";

/**
 * SPEC §1 global loading indicator: a counter of running loads. start() adds one, finish() takes one
 * away but never below zero; the indicator is on while the counter is above zero.
 */
let count = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const loadingCounter = {
  start() {
    count += 1;
    emit();
  },
  finish() {
    count = Math.max(0, count - 1);
    emit();
  },
  get count() {
    return count;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useLoadingCount(): number {
  return useSyncExternalStore(
    loadingCounter.subscribe,
    () => count,
    () => 0,
  );
}
