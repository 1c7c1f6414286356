import { useT } from "../../lib/i18n";
import { CloseButton, Dialog } from "../ui/dialog";

/**
 * SPEC §2 Size Guide modal: XS/50 to XL/58 with height, bust, waist and hip in centimetres and inches,
 * and a diagram of where to measure. The figures are rendered on the server and come with the page's data
 * (the diagram is a static image loaded when the guide opens), so they add nothing to the JavaScript.
 */
export function SizeGuideDialog({
  open,
  onClose,
  html,
}: {
  open: boolean;
  onClose: () => void;
  html: string;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy="size-guide-title"
      keepMounted
      testId="size-guide"
      className="m-auto max-h-[92dvh] w-[min(40rem,94vw)] rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
    >
      <div className="flex items-center justify-between border-b border-sand px-6 py-4">
        <h2 id="size-guide-title" className="text-2xl text-ink">
          {t("pdp.sizeGuide")}
        </h2>
        <CloseButton onClick={onClose} label={t("pdp.close")} className="size-10 hover:bg-cream" />
      </div>
      <div className="px-5 py-5 text-sm sm:px-6">
        <p className="text-stone">{t("pdp.sizeGuideIntro")}</p>
        <div
          data-testid="size-guide-figures"
          // Safe: React rendered this on the server from our own catalog and figures (size-guide.server.tsx).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </Dialog>
  );
}
