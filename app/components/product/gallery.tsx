import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { useState } from "react";
import type { ProductImageDto } from "#core/catalog.ts";
import { AfterHydration } from "../../lib/after-hydration";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { useSwipe } from "../../lib/swipe";
import { MediaImage } from "../media-image";

// Closed at first paint: the full-screen viewer comes once the page has hydrated (a click on the image
// while it is on its way opens it as soon as it is here).
const ImageViewer = lazy(() => import("./image-viewer").then((m) => ({ default: m.ImageViewer })));

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
 * SPEC §2 gallery: arrows, thumbnails and a full-screen viewer (image-viewer.tsx) showing the same image.
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

      <AfterHydration>
        <ImageViewer
          open={viewing}
          onClose={() => setViewing(false)}
          images={images}
          index={index}
          name={name}
          onGo={go}
          arrows={count > 1 ? <GalleryArrows inset="4" onMove={(step) => go(index + step)} /> : null}
        />
      </AfterHydration>
    </section>
  );
}
