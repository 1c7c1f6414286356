import type { ExternalToast } from "sonner";

/**
 * SPEC §9 notifications, with the toast library (about 9 KB gzip) kept out of every page's first load: the
 * root mounts the toaster once the page has hydrated (`ToasterAfterHydration`), and each call here waits
 * until that toaster listens, so no notification is lost to a toaster that is still loading.
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

function show(kind: "message" | "success" | "error", title: string, data?: ExternalToast): void {
  void ready.then((sonner) => {
    if (kind === "message") sonner.toast(title, data);
    else sonner.toast[kind](title, data);
  });
}

export const toast = Object.assign((title: string, data?: ExternalToast) => show("message", title, data), {
  success: (title: string, data?: ExternalToast) => show("success", title, data),
  error: (title: string, data?: ExternalToast) => show("error", title, data),
});
