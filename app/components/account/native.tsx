import { type ComponentType, lazy } from "react";

type Forms = typeof import("./native-forms");
type LazyInternals = { _init(payload: unknown): unknown; _payload: unknown };

/**
 * The native forms' pieces (./native-forms) as the pages use them, off every page's first load: the
 * browser loads them only when a page has one to hydrate (wrap them in <Suspense>; until their code has
 * arrived the server's HTML stays as it is). On the server the import starts with the process, so a page
 * drawn for a browser without JavaScript has them in its first HTML, never behind a streamed boundary.
 */
function pick<K extends keyof Forms>(name: K): Forms[K] {
  const component = lazy(() =>
    import("./native-forms").then((module) => ({
      default: module[name] as unknown as ComponentType<object>,
    })),
  );
  if (import.meta.env.SSR) {
    try {
      (component as unknown as LazyInternals)._init((component as unknown as LazyInternals)._payload);
    } catch {
      // The first call always "suspends" with the import's promise: the import has started.
    }
  }
  return component as unknown as Forms[K];
}

export const NativeCodeForm = pick("NativeCodeForm");
export const NativeResetForm = pick("NativeResetForm");
export const LoginNotice = pick("LoginNotice");
