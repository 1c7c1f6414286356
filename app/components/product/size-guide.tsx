import { Ruler } from "lucide-react";
import { useState } from "react";
import { AfterHydration } from "../../lib/after-hydration";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";

// Closed at first paint: the guide's dialog comes once the page has hydrated (a click on the button
// while it is on its way opens it as soon as it is here).
const SizeGuideDialog = lazy(() =>
  import("./size-guide-dialog").then((m) => ({ default: m.SizeGuideDialog })),
);

/**
 * SPEC §2 Size Guide: the button, and the modal it opens (size-guide-dialog.tsx).
 */
export function SizeGuide({ html }: { html: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-9 items-center gap-1.5 text-sm text-accent-dark underline-offset-4 hover:underline"
        data-testid="size-guide-button"
      >
        <Ruler className="size-4" aria-hidden="true" />
        {t("pdp.sizeGuide")}
      </button>
      <AfterHydration>
        <SizeGuideDialog open={open} onClose={() => setOpen(false)} html={html} />
      </AfterHydration>
    </>
  );
}
