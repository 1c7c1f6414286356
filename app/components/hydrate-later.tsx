import { lazy, type ReactNode, Suspense, useState } from "react";

type Children = { children: ReactNode };
const Now = ({ children }: Children) => children;
// Resolves in a task of its own: what it wraps is hydrated after the rest of the page, not in its task.
const Later = lazy(
  () => new Promise<{ default: typeof Now }>((resolve) => setTimeout(() => resolve({ default: Now }))),
);

/**
 * Server-rendered content whose hydration waits for the next task (decision 0011): the page's own
 * hydration is shorter, and the browser may paint and answer input in between. The HTML is there from
 * the first paint either way; only its event handlers arrive a moment later. Content mounted after
 * hydration (a navigation inside the store) is drawn at once.
 */
export function HydrateLater({ children }: Children) {
  const [Wrap] = useState(() =>
    typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true" ? Later : Now,
  );
  return (
    <Suspense fallback={null}>
      <Wrap>{children}</Wrap>
    </Suspense>
  );
}
