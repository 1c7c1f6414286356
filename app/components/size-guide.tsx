import { Ruler, X } from "lucide-react";
import { useRef } from "react";
import { t } from "#core/i18n/index.ts";

/**
 * SPEC §2 Size Guide modal: XS/50 to XL/58 with height, bust, waist and hip in centimetres and inches,
 * and a diagram of where to measure. The figures are rendered on the server and come with the page's data
 * (the diagram is a static image loaded when the guide opens), so they add nothing to the page's
 * JavaScript.
 */
export function SizeGuide({ html }: { html: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
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
        <div className="px-5 py-5 text-sm sm:px-6">
          <p className="text-stone">{t("pdp.sizeGuideIntro")}</p>
          <div
            data-testid="size-guide-figures"
            // Safe: React rendered this on the server from our own catalog and figures (size-guide.server.tsx).
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      </dialog>
    </>
  );
}
