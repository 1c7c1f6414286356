import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { SIZE_GUIDE } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";

/** The size guide's modal <dialog>: opens on mount, closes on Escape, the close button or a click outside. */
export default function SizeGuideDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const columns = [
    t("pdp.sizeGuideHeight"),
    t("pdp.sizeGuideBust"),
    t("pdp.sizeGuideWaist"),
    t("pdp.sizeGuideHip"),
  ];
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="size-guide-title"
      data-testid="size-guide"
      className="m-auto w-[min(36rem,92vw)] rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
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
      <div className="px-6 py-5">
        <p className="text-sm text-stone">{t("pdp.sizeGuideIntro")}</p>
        <table className="mt-5 w-full text-start text-sm">
          <thead>
            <tr className="border-b border-sand text-xs tracking-wider text-stone uppercase">
              <th scope="col" className="py-2 text-start font-medium">
                {t("pdp.sizeGuideSize")}
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="py-2 text-start font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SIZE_GUIDE.map((size) => (
              <tr key={size} className="border-b border-sand/70">
                <th scope="row" className="py-2.5 text-start font-semibold text-ink">
                  {size}
                </th>
                {columns.map((c) => (
                  <td key={c} className="py-2.5 text-stone">
                    —
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </dialog>
  );
}
