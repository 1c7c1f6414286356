import sharp, { type Metadata, type OutputInfo } from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from "#core/admin.ts";
import { newId } from "../ids.ts";
import { MEDIA_WIDTHS, type MediaStore } from "../media.ts";
import { AdminError } from "./admin-errors.ts";

/** Raster formats a shop photo may come in; SVG (scriptable) and anything sharp cannot read are refused. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

export interface StoredImage {
  /** `/media/<folder>/<key>.webp`, as the storefront's MediaImage takes it. */
  url: string;
  width: number;
  height: number;
}

/**
 * Refuses a file that is too large, not a raster image sharp can read, or of more pixels than
 * `maxMegapixels`, before anything is stored. The pixels are read from the file's header (sharp's
 * metadata, which decodes nothing): a 50-megapixel PNG of 147 KB took a worker 8.5 s to decode.
 */
export async function checkUpload(buffer: Buffer, filename: string, maxMegapixels: number): Promise<void> {
  if (buffer.length > IMAGE_MAX_BYTES)
    throw new AdminError(
      "too_large",
      "file_too_large",
      `${filename} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    );
  let metadata: Metadata | undefined;
  try {
    // No pixel limit here: the header of an image above sharp's own limit is still read, so the
    // refusal below names the real reason instead of calling it not an image.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    metadata = undefined;
  }
  if (!metadata?.format || !ACCEPTED.has(metadata.format))
    throw new AdminError(
      "unsupported_media",
      "not_image",
      `${filename} is not a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF image`,
    );
  // An animation is kept as its first frame (storeUpload), so one frame's pixels are what is decoded.
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels > maxMegapixels * 1_000_000)
    throw new AdminError(
      "too_large",
      "image_too_large",
      `${filename} is ${megapixels(pixels)} megapixels; the limit is ${maxMegapixels} megapixels.`,
    );
}

/** 50 for 50,000,000 pixels, 40.1 for 40,100,000: one decimal only where it shows the limit is passed. */
function megapixels(pixels: number): string {
  const whole = Math.round(pixels / 1_000_000);
  return String(whole * 1_000_000 === pixels ? whole : Math.round(pixels / 100_000) / 10);
}

/**
 * Checks an upload by its content (never its name or declared type), keeps it as a WebP original of at
 * most IMAGE_MAX_SIDE pixels (turned upright by its EXIF orientation, metadata stripped), and renders the
 * storefront's AVIF and WebP files (server/media.ts MEDIA_WIDTHS) up to its own width now; wider ones are
 * rendered on first request, as every image of the store is.
 */
export async function storeUpload(
  media: MediaStore,
  folder: "products" | "blog" | "stitching",
  buffer: Buffer,
  filename: string,
  maxMegapixels: number,
): Promise<StoredImage> {
  await checkUpload(buffer, filename, maxMegapixels);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(buffer, { animated: false, limitInputPixels: maxMegapixels * 1_000_000 })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AdminError("unsupported_media", "not_image", `${filename} could not be read as an image`);
  }
  const key = `${folder}/upload-${newId()}`;
  await media.saveSource(key, ".webp", output.data);
  const widths = MEDIA_WIDTHS.filter((w, i) => i === 0 || w <= output.info.width);
  for (const width of widths) {
    await media.render(key, width, "webp");
    await media.render(key, width, "avif");
  }
  return { url: `/media/${key}.webp`, width: output.info.width, height: output.info.height };
}
