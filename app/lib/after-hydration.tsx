import { type ReactNode, Suspense, useEffect, useState } from "react";

/**
 * Shows `fallback` on the server and while the page hydrates, then `children`: typically a
 * React.lazy component, whose code the browser fetches only then, `fallback` standing in until it has
 * come. What the first paint does not need (a closed drawer or dialog, the loading screen) so stays out
 * of every page's first-load JavaScript and out of its HTML (docs/decisions/0011-speed.md).
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
