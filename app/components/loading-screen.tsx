import { useEffect, useRef, useState } from "react";
import { LOADING_OVERLAY_DELAY_MS, LOADING_OVERLAY_LINGER_MS } from "#core/constants.ts";
import { useT } from "../lib/i18n";
import { useLoadingCount } from "../state/loading";
import { LogoMark } from "./logo";
// Route discovery on intent (app/lib/discover-on-intent.ts) is wanted from the same moment as this screen,
// once the page has hydrated and before the shopper heads elsewhere: it comes with it, so no page's
// first-load JavaScript carries it.
import "../lib/discover-on-intent";

const FADE_MS = 300;
type Phase = "off" | "on" | "fading";

/**
 * SPEC §1: full-screen overlay with the logo and three bouncing dots; lingers 300 ms, then fades out.
 * It shows only for a load still running after LOADING_OVERLAY_DELAY_MS (decision 0003), so a fast page
 * never flashes it; once shown, a load that starts again keeps it up.
 */
export function LoadingScreen() {
  const t = useT();
  const active = useLoadingCount() > 0;
  const [phase, setPhase] = useState<Phase>("off");
  const shown = useRef(false);

  useEffect(() => {
    if (active) {
      if (shown.current) {
        setPhase("on");
        return;
      }
      const delay = setTimeout(() => {
        shown.current = true;
        setPhase("on");
      }, LOADING_OVERLAY_DELAY_MS);
      return () => clearTimeout(delay);
    }
    if (!shown.current) return;
    let fade: ReturnType<typeof setTimeout> | undefined;
    const linger = setTimeout(() => {
      setPhase("fading");
      fade = setTimeout(() => {
        shown.current = false;
        setPhase("off");
      }, FADE_MS);
    }, LOADING_OVERLAY_LINGER_MS);
    return () => {
      clearTimeout(linger);
      if (fade) clearTimeout(fade);
    };
  }, [active]);

  if (phase === "off") return null;
  return (
    <div
      data-testid="loading-overlay"
      data-state={phase}
      role="status"
      aria-live="polite"
      className={`fixed inset-0 z-[100] flex flex-col items-center justify-center gap-5 bg-ivory/85 backdrop-blur-sm transition-opacity duration-300 ${
        phase === "fading" ? "opacity-0" : "opacity-100"
      }`}
    >
      <LogoMark className="size-16 text-ink" />
      <span className="flex gap-2" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            data-testid="loading-dot"
            className="size-2.5 animate-dot-bounce rounded-full bg-accent"
            style={{ animationDelay: `${i * 0.16}s` }}
          />
        ))}
      </span>
      <span className="sr-only">{t("loading.label")}</span>
    </div>
  );
}
