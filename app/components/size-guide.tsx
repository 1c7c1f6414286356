import { Ruler, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { t } from "#core/i18n/index.ts";

const loadTable = () => import("./size-guide-table");
const SizeGuideTable = lazy(loadTable);

/**
 * SPEC §2 Size Guide modal: XS/50 to XL/58 with height, bust, waist and hip, in centimetres and inches,
 * and a diagram of where to measure. The figures load when the guide first opens (fetched ahead as the
 * pointer or the focus reaches the button), so the product page's first load does not carry them.
 */
export function SizeGuide() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
        onPointerEnter={() => void loadTable()}
        onFocus={() => void loadTable()}
        className="inline-flex min-h-9 items-center gap-1.5 text-sm text-accent-dark underline-offset-4 hover:underline"
        data-testid="size-guide-button"
      >
        <Ruler className="size-4" aria-hidden="true" />
        {t("pdp.sizeGuide")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="size-guide-title"
        data-testid="size-guide"
        className="m-auto max-h-[92dvh] w-[min(40rem,94vw)] rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current?.close();
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <div className="flex items-center justify-between border-b border-sand px-6 py-4">
          <h2 id="size-guide-title" className="text-2xl text-ink">
            {t("pdp.sizeGuide")}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-cream"
            aria-label={t("pdp.close")}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="px-5 py-5 sm:px-6">
          <p className="text-sm text-stone">{t("pdp.sizeGuideIntro")}</p>
          {opened ? (
            <Suspense
              fallback={
                <p role="status" className="mt-5 text-sm text-stone">
                  {t("sizeGuide.loading")}
                </p>
              }
            >
              <SizeGuideTable />
            </Suspense>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
