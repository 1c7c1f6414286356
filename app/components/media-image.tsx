import type { ImgHTMLAttributes } from "react";
import { aedToFils } from "#core/money.ts";
import { useFormat, useT } from "../lib/i18n";

/** The widths server/media.ts renders (MEDIA_WIDTHS). */
const WIDTHS = [240, 320, 480, 640, 800, 960, 1280, 1600, 1920];

/** `/media/products/x.webp` → the same key in another format and width, served by server/media.ts. */
export function mediaUrl(url: string, width: number, format: "avif" | "webp" | "jpg" = "webp"): string {
  return `${url.replace(/\.(avif|webp|jpg)$/, `.${format}`)}?w=${width}`;
}

interface MediaImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The CSS width the image takes, e.g. "(min-width: 1024px) 33vw, 50vw". */
  sizes: string;
  /** The largest useful width, so a thumbnail never offers a 1920 px file. */
  maxWidth?: number;
  priority?: boolean;
  /**
   * Below the first screen: on a page the browser is still loading, its file is asked for only once the
   * page is hydrated (app/lib/tap-replay.server.ts), so it does not share the connection with the page's
   * scripts. Without JavaScript it loads as any lazy picture.
   */
  later?: boolean;
}

/** A responsive picture: AVIF, then WebP, at several widths, with its box reserved (no layout shift). */
export function MediaImage({
  src,
  alt,
  width,
  height,
  sizes,
  maxWidth = 1920,
  priority,
  later,
  ...rest
}: MediaImageProps) {
  if (!src.startsWith("/media/")) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        {...rest}
      />
    );
  }
  // At least the smallest width: an empty srcset is invalid HTML, and a thumbnail still needs a file.
  const widths = WIDTHS.filter((w) => w <= Math.max(maxWidth, 240));
  const srcSet = (format: "avif" | "webp") =>
    widths.map((w) => `${mediaUrl(src, w, format)} ${w}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={mediaUrl(src, Math.min(800, maxWidth), "webp")}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        data-later={later && !priority ? "" : undefined}
        {...rest}
      />
    </picture>
  );
}

/**
 * A price in AED; SPEC §2: the sale price struck against the price when discounted. It lives beside
 * MediaImage because every product display shows both: one module keeps them in one small chunk
 * (measured 0.9 KB gzip less on the product, home and shop pages than a chunk of its own).
 */
export function Price({ price, salePrice }: { price: number; salePrice?: number }) {
  const { money } = useFormat();
  const t = useT();
  if (salePrice !== undefined && salePrice < price) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="sr-only">{t("product.priceNow")}</span>
        <span className="font-semibold text-sale">{money(aedToFils(salePrice))}</span>
        <span className="sr-only">{t("product.priceWas")}</span>
        <s className="text-sm text-stone">{money(aedToFils(price))}</s>
      </p>
    );
  }
  return <p className="font-semibold text-ink">{money(aedToFils(price))}</p>;
}
