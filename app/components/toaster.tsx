import { type ComponentType, useEffect, useState } from "react";
import { onToastWanted } from "../lib/toast";

/**
 * The notification area (SPEC §9 library defaults: up to 3 notifications, 4 s each). Its library is not
 * part of any page's first-load JavaScript, and it comes with the first notification asked for or the
 * shopper's first touch or key (what a notification follows), not with the page: it adds a stylesheet,
 * and a new stylesheet restyles the whole page (10-25 ms on a phone, in the page's blocking time;
 * docs/decisions/0011-speed.md, "Total blocking time").
 */
export function ToasterAfterHydration() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let stopWaiting = () => {};
    const load = () => {
      stop();
      void import("./toaster-area").then((area) => {
        if (live) setLoaded(() => area.ToasterArea);
      });
    };
    const firstTouch = ["pointerdown", "keydown"] as const;
    for (const type of firstTouch) window.addEventListener(type, load, { capture: true, passive: true });
    // A notification asked for before now loads it at once (`load` runs inside this call).
    stopWaiting = onToastWanted(load);
    function stop() {
      for (const type of firstTouch) window.removeEventListener(type, load, { capture: true });
      stopWaiting();
    }
    return () => {
      live = false;
      stop();
    };
  }, []);
  return Loaded ? <Loaded /> : null;
}
