import { useT } from "../../lib/i18n";
/** Placeholder rows while a tab's data loads. */
export function PanelSkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true" data-testid="panel-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-32 animate-pulse rounded-2xl bg-sand/60" />
      ))}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-2xl bg-cream px-6 py-10 text-center" data-testid="panel-error">
      <p className="text-charcoal">{t("account.loadFailed")}</p>
      <button type="button" onClick={onRetry} className="btn-outline mt-5">
        {t("account.retry")}
      </button>
    </div>
  );
}
