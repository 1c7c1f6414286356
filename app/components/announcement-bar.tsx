import { X } from "lucide-react";
import { useState } from "react";
import { ANNOUNCEMENT_COOKIE } from "#core/constants.ts";
import { useT } from "../lib/i18n";

/**
 * SPEC §1: the dismissible announcement bar with its four claims; the dismissal is remembered for a
 * year. On a phone the claims wrap onto two lines, each kept whole: all four stay readable without any
 * motion (a rotating ticker would need a pause control and would move for shoppers who ask for less).
 */
export function AnnouncementBar({
  initiallyDismissed,
  text,
  lang,
}: {
  initiallyDismissed: boolean;
  /** The owner's own announcement (back office settings); SPEC's four claims when null. */
  text?: string | null;
  /** "en" on an Arabic page showing the owner's English announcement (no Arabic given). */
  lang?: "en";
}) {
  const t = useT();
  const [dismissed, setDismissed] = useState(initiallyDismissed);
  if (dismissed) return null;
  return (
    <aside className="bg-ink text-ivory" data-testid="announcement-bar" aria-label={t("announcement.label")}>
      <div className="container-page flex min-h-9 items-center gap-3 py-1.5">
        <p
          lang={lang}
          dir={lang ? "ltr" : undefined}
          className="flex flex-1 flex-wrap justify-center gap-x-3 text-center text-[0.7rem] leading-5 sm:text-[0.8rem] sm:tracking-wide"
        >
          {(text ?? t("announcement.text")).split(" · ").map((claim) => (
            <span
              key={claim}
              className="whitespace-nowrap before:me-1.5 before:text-accent before:content-['✦']"
            >
              {claim}
            </span>
          ))}
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
    </aside>
  );
}
