import { X } from "lucide-react";
import { useState } from "react";
import { ANNOUNCEMENT_COOKIE } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";

/** SPEC §1: the dismissible announcement bar; the dismissal is remembered for a year. */
export function AnnouncementBar({ initiallyDismissed }: { initiallyDismissed: boolean }) {
  const [dismissed, setDismissed] = useState(initiallyDismissed);
  if (dismissed) return null;
  return (
    <div className="bg-ink text-ivory" data-testid="announcement-bar">
      <div className="container-page flex min-h-9 items-center gap-3 py-1.5">
        <p className="flex-1 text-center text-xs tracking-wide sm:text-[0.8rem]">
          <span className="sm:hidden">{t("announcement.short")}</span>
          <span className="hidden sm:inline">{t("announcement.text")}</span>
        </p>
        <button
          type="button"
          onClick={() => {
            // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
            document.cookie = `${ANNOUNCEMENT_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`;
            setDismissed(true);
          }}
          className="-me-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
          aria-label={t("announcement.dismiss")}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
