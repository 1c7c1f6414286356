import type { ExternalToast } from "sonner";

/**
 * SPEC §9 notifications, with the toast library (about 9 KB gzip) kept out of every page's first load: the
 * root's toaster (`ToasterAfterHydration`) loads it when a notification is first asked for, or at the
 * shopper's first touch or key, and each call here waits until that toaster listens, so no notification
 * is lost to a toaster that is still loading.
 */
type Sonner = typeof import("sonner");

let markReady: (sonner: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

/** Called by the mounted toaster once it has subscribed. */
export function toasterReady(sonner: Sonner): void {
  markReady(sonner);
}

let wanted = false;
const wantedListeners = new Set<() => void>();

/** Calls `listener` once a notification has been asked for (at once if one has been). */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => {};
  }
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function show(kind: "message" | "success" | "error", title: string, data?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of [...wantedListeners]) listener();
  }
  void ready.then((sonner) => {
    if (kind === "message") sonner.toast(title, data);
    else sonner.toast[kind](title, data);
  });
}

export const toast = Object.assign((title: string, data?: ExternalToast) => show("message", title, data), {
  success: (title: string, data?: ExternalToast) => show("success", title, data),
  error: (title: string, data?: ExternalToast) => show("error", title, data),
});
