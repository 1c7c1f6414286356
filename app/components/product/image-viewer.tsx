import type { ReactNode } from "react";
import type { ProductImageDto } from "#core/catalog.ts";
import { useT } from "../../lib/i18n";
import { useSwipe } from "../../lib/swipe";
import { MediaImage } from "../media-image";
import { CloseButton, Dialog } from "../ui/dialog";

/**
 * SPEC §2 the gallery's full-screen viewer, on the image the gallery shows. The store's Dialog keeps
 * focus inside and closes on Escape; left and right arrow keys move; it shows 'n / total'.
 */
export function ImageViewer({
  open,
  onClose,
  images,
  index,
  name,
  onGo,
  arrows,
}: {
  open: boolean;
  onClose: () => void;
  images: ProductImageDto[];
  index: number;
  name: string;
  onGo: (index: number) => void;
  /** The gallery's arrows, drawn here too (passed in so this module does not import the gallery's). */
  arrows: ReactNode;
}) {
  const t = useT();
  const swipe = useSwipe((step) => onGo(index + step));
  const count = images.length;
  const current = images[index];
  if (!current) return null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      label={t("pdp.viewer")}
      closeOnBackdrop={false}
      keepMounted
      testId="image-viewer"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink/95 p-0 text-ivory open:flex open:flex-col"
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          onGo(index + (document.dir === "rtl" ? -1 : 1));
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          onGo(index + (document.dir === "rtl" ? 1 : -1));
        }
      }}
    >
      <div className="flex items-center justify-between p-4">
        <p className="text-sm tracking-wider" data-testid="viewer-counter" aria-live="polite">
          {t("pdp.counter", { n: index + 1, total: count })}
        </p>
        <p className="sr-only">{name}</p>
        <CloseButton
          onClick={onClose}
          label={t("pdp.closeViewer")}
          className="size-11 bg-white/10 hover:bg-white/20"
        />
      </div>
      <div
        className="relative flex flex-1 items-center justify-center overflow-hidden px-4 pb-6"
        {...(count > 1 ? swipe : {})}
      >
        <MediaImage
          key={`viewer-${current.url}`}
          src={current.url}
          alt={current.alt}
          width={current.width}
          height={current.height}
          sizes="100vw"
          className="max-h-full w-auto max-w-full object-contain"
        />
        {arrows}
      </div>
    </Dialog>
  );
}
