import { Ruler, X } from "lucide-react";
import { useRef } from "react";
import { SIZE_GUIDE } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";

/** SPEC §2 Size Guide modal: XS/50 to XL/58 with height, bust, waist and hip columns (values not shown). */
export function SizeGuide() {
  const dialog = useRef<HTMLDialogElement>(null);
  const columns = [
    t("pdp.sizeGuideHeight"),
    t("pdp.sizeGuideBust"),
    t("pdp.sizeGuideWaist"),
    t("pdp.sizeGuideHip"),
  ];
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
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
    </>
  );
}
