import sharp, { type OutputInfo } from "sharp";
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

/** Refuses a file that is too large or not a raster image sharp can read, before anything is stored. */
export async function checkUpload(buffer: Buffer, filename: string): Promise<void> {
  if (buffer.length > IMAGE_MAX_BYTES)
    throw new AdminError(
      413,
      "file_too_large",
      `${filename} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    );
  let format: string | undefined;
  try {
    format = (await sharp(buffer).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format))
    throw new AdminError(
      415,
      "not_image",
      `${filename} is not a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF image`,
    );
}

/**
 * Checks an upload by its content (never its name or declared type), keeps it as a WebP original of at
 * most IMAGE_MAX_SIDE pixels (turned upright by its EXIF orientation, metadata stripped), and renders the
 * storefront's AVIF and WebP files (server/media.ts MEDIA_WIDTHS) up to its own width now; wider ones are
 * rendered on first request, as every image of the store is.
 */
export async function storeUpload(
  media: MediaStore,
  folder: "products" | "blog",
  buffer: Buffer,
  filename: string,
): Promise<StoredImage> {
  await checkUpload(buffer, filename);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(buffer, { animated: false })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AdminError(415, "not_image", `${filename} could not be read as an image`);
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
