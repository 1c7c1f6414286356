import { type ComponentType, useEffect, useState } from "react";
import { toasterReady } from "../lib/toast";

/**
 * The notification area (SPEC §9 library defaults: up to 3 notifications, 4 s each), loaded once the page
 * has hydrated rather than with it: nothing can raise a notification before then, and the library is not
 * part of any page's first-load JavaScript.
 */
export function ToasterAfterHydration() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    // A task of its own, not the one that runs the hydrated page's effects (decision 0011).
    const timer = setTimeout(() =>
      import("sonner").then((sonner) => {
        if (!live) return;
        function ListeningToaster() {
          // Child effects run before this one: the toaster has subscribed by the time calls are released.
          useEffect(() => toasterReady(sonner), []);
          return <sonner.Toaster position="top-center" visibleToasts={3} duration={4000} closeButton />;
        }
        setLoaded(() => ListeningToaster);
      }),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return Loaded ? <Loaded /> : null;
}
