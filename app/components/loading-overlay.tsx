import { AfterHydration } from "../lib/after-hydration";
import { lazy } from "../lib/lazy";

// Nothing shows until a load has run for 400 ms: the screen comes once the page has hydrated.
const LoadingScreen = lazy(() => import("./loading-screen").then((m) => ({ default: m.LoadingScreen })));

/** SPEC §1 global loading indicator (loading-screen.tsx). */
export function LoadingOverlay() {
  return (
    <AfterHydration>
      <LoadingScreen />
    </AfterHydration>
  );
}
