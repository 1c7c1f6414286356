import { Ruler } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { t } from "#core/i18n/index.ts";

// The table loads when the shopper opens it: the product page's first paint needs only the button.
const SizeGuideDialog = lazy(() => import("./size-guide-dialog"));

/** SPEC §2 Size Guide modal: XS/50 to XL/58 with height, bust, waist and hip columns (values not shown). */
export function SizeGuide() {
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
      {open ? (
        <Suspense fallback={null}>
          <SizeGuideDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
