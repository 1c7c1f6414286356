import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { useState } from "react";
import type { ProductImageDto } from "#core/catalog.ts";
import { useT } from "../../lib/i18n";
import { useSwipe } from "../../lib/swipe";
import { MediaImage } from "../media-image";
import { CloseButton, Dialog } from "../ui/dialog";

const ARROW =
  "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-ivory/90 text-ink shadow-soft hover:bg-white";

function GalleryArrows({ inset, onMove }: { inset: "3" | "4"; onMove: (step: 1 | -1) => void }) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className={`${ARROW} ${inset === "3" ? "start-3" : "start-4"}`}
        onClick={() => onMove(-1)}
        aria-label={t("pdp.previousImage")}
      >
        <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`${ARROW} ${inset === "3" ? "end-3" : "end-4"}`}
        onClick={() => onMove(1)}
        aria-label={t("pdp.nextImage")}
      >
        <ChevronRight className="size-5 rtl:rotate-180" aria-hidden="true" />
      </button>
    </>
  );
}

/**
 * SPEC §2 gallery: arrows, thumbnails and a full-screen viewer. The viewer is the store's Dialog, which
 * keeps focus inside and closes on Escape; left and right arrow keys move; it shows 'n / total'.
 */
export function ProductGallery({ images, name }: { images: ProductImageDto[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const swipe = useSwipe((step) => go(index + step));
  const current = images[index];
  if (!current) return <div className="aspect-[4/5] rounded-2xl bg-sand" />;

  return (
    <section aria-label={t("pdp.gallery")} data-testid="product-gallery">
      <div className="relative overflow-hidden rounded-2xl bg-sand" {...(count > 1 ? swipe : {})}>
        <button
          type="button"
          className="block w-full cursor-zoom-in"
          onClick={() => setViewing(true)}
          aria-label={t("pdp.openViewer")}
          data-testid="open-viewer"
        >
          <MediaImage
            key={current.url}
            src={current.url}
            alt={current.alt}
            width={current.width}
            height={current.height}
            sizes="(min-width: 1024px) 50vw, 100vw"
            priority={index === 0}
            className="aspect-[4/5] h-auto w-full object-cover"
          />
        </button>
        <span className="pointer-events-none absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-ivory/90 text-ink">
          <Expand className="size-4" aria-hidden="true" />
        </span>
        {count > 1 ? <GalleryArrows inset="3" onMove={(step) => go(index + step)} /> : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-6">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("pdp.showImage", { n: i + 1 })}
                aria-current={i === index}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? "border-accent" : "border-transparent"}`}
              >
                <MediaImage
                  src={image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  sizes="96px"
                  maxWidth={240}
                  className="aspect-[4/5] h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <Dialog
        open={viewing}
        onClose={() => setViewing(false)}
        label={t("pdp.viewer")}
        closeOnBackdrop={false}
        keepMounted
        testId="image-viewer"
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink/95 p-0 text-ivory open:flex open:flex-col"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            go(index + (document.dir === "rtl" ? -1 : 1));
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            go(index + (document.dir === "rtl" ? 1 : -1));
          }
        }}
      >
        <div className="flex items-center justify-between p-4">
          <p className="text-sm tracking-wider" data-testid="viewer-counter" aria-live="polite">
            {t("pdp.counter", { n: index + 1, total: count })}
          </p>
          <p className="sr-only">{name}</p>
          <CloseButton
            onClick={() => setViewing(false)}
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
          {count > 1 ? <GalleryArrows inset="4" onMove={(step) => go(index + step)} /> : null}
        </div>
      </Dialog>
    </section>
  );
}
