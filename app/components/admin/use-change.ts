import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { type ActionResult, AdminApiError } from "./api";

/**
 * One change to the shop from a screen: runs the /api/admin call, keeps its outcome for the screen to
 * show inline, and re-reads the screen's data afterwards. (Not React Router's fetchers: the storefront
 * does not use them, and the shared router chunk would grow for every shopper.)
 */
export function useChange() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);

  const run = useCallback(
    async <T>(call: () => Promise<T>, done: string | ((answer: T) => string)): Promise<T | undefined> => {
      setBusy(true);
      setResult(null);
      try {
        const answer = await call();
        setResult({ ok: true, message: typeof done === "function" ? done(answer) : done });
        await revalidator.revalidate();
        return answer;
      } catch (error) {
        if (!(error instanceof AdminApiError)) throw error;
        // A session that ended meanwhile: back to the log-in (the API answered 401).
        if (error.status === 401)
          window.location.assign(`/admin/login?next=${encodeURIComponent(location.pathname)}`);
        setResult({ ok: false, message: error.message });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [revalidator],
  );

  return { busy, result, run, setResult };
}

/** A form's trimmed text field. */
export function field(form: FormData, name: string): string {
  return String(form.get(name) ?? "").trim();
}
