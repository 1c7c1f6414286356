import type { Kysely } from "kysely";
import type { AdminImage } from "#core/admin.ts";
import {
  deleteImageRow,
  insertImageRow,
  listProductImagesOf,
  nextImagePosition,
  setImageAlt,
  setImagePosition,
} from "../db/repositories/admin-product-images.ts";
import { findProductRowById } from "../db/repositories/admin-products.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { catalogWrite, found, type Trx, type UploadedFile } from "./admin-catalog-write.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import { releaseImageFiles } from "./admin-image-files.ts";
import { checkUpload, type StoredImage, storeUpload } from "./admin-images.ts";
import { toImage } from "./admin-products.ts";

/** A product and one of its images, or "Image not found" when either is missing. */
async function findImage(trx: Trx, productId: string, imageId: string) {
  const product = await findProductRowById(trx, productId);
  const image = (await listProductImagesOf(trx, productId)).find((i) => i.id === imageId);
  if (!product || !image) return undefined;
  return { product, image };
}

/** A product's photos in the back office: upload, order, alt text and delete. */
export function createAdminProductImages(options: {
  db: Kysely<Database>;
  media: MediaStore;
  /** UPLOAD_MAX_MEGAPIXELS: larger images are refused before they are decoded. */
  maxMegapixels: number;
}) {
  const { db, media, maxMegapixels } = options;
  const imagesOf = async (productId: string) => (await listProductImagesOf(db, productId)).map(toImage);

  return {
    async addImages(productId: string, files: UploadedFile[], audit: AuditRecorder): Promise<AdminImage[]> {
      const product = found(await findProductRowById(db, productId), "Product");
      if (files.length === 0) throw new AdminError("invalid", "validation", "Choose at least one image");
      // Every file is checked and converted before any is added: one bad file adds none.
      for (const file of files) await checkUpload(file.buffer, file.filename, maxMegapixels);
      const stored: (StoredImage & { file: UploadedFile })[] = [];
      for (const file of files)
        stored.push({
          ...(await storeUpload(media, "products", file.buffer, file.filename, maxMegapixels)),
          file,
        });
      await catalogWrite(db, audit, async (trx) => {
        let position = await nextImagePosition(trx, productId);
        const records = [];
        for (const image of stored) {
          const id = newId();
          await insertImageRow(trx, {
            id,
            product_id: productId,
            position,
            url: image.url,
            alt: product.name,
            alt_ar: null,
            width: image.width,
            height: image.height,
          });
          position += 1;
          records.push({
            action: "image.add",
            entity: "image" as const,
            entityId: id,
            label: product.name,
            changes: [{ field: "image", before: null, after: image.url }],
          });
        }
        return { audit: records, bump: { products: [productId] } };
      });
      return imagesOf(productId);
    },

    async reorderImages(productId: string, imageIds: string[], audit: AuditRecorder): Promise<AdminImage[]> {
      await catalogWrite(db, audit, async (trx) => {
        const product = found(await findProductRowById(trx, productId), "Product");
        const current = await listProductImagesOf(trx, productId);
        const known = new Set(current.map((i) => i.id));
        if (
          imageIds.length !== current.length ||
          new Set(imageIds).size !== imageIds.length ||
          !imageIds.every((i) => known.has(i))
        )
          throw new AdminError("invalid", "validation", "List every image of the product exactly once");
        // Two passes: the unique (product, position) index never sees two images at one place.
        for (const [index, imageId] of imageIds.entries())
          await setImagePosition(trx, productId, imageId, -1 - index);
        for (const [position, imageId] of imageIds.entries())
          await setImagePosition(trx, productId, imageId, position);
        return {
          bump: { products: [productId] },
          audit: {
            action: "image.reorder",
            entity: "product",
            entityId: productId,
            label: product.name,
            changes: [{ field: "images", before: current.map((i) => i.id), after: imageIds }],
          },
        };
      });
      return imagesOf(productId);
    },

    async setImageAlt(
      productId: string,
      imageId: string,
      alt: string,
      audit: AuditRecorder,
      /** Omitted: the Arabic alt text stays; null clears it (decision 0025). */
      altAr?: string | null,
    ): Promise<AdminImage[]> {
      await catalogWrite(db, audit, async (trx) => {
        const { product, image } = found(await findImage(trx, productId, imageId), "Image");
        if (!(await setImageAlt(trx, productId, imageId, alt, altAr))) throw notFound("Image");
        const changes = [{ field: "alt", before: image.alt, after: alt }];
        if (altAr !== undefined && altAr !== image.alt_ar)
          changes.push({ field: "altAr", before: image.alt_ar ?? "", after: altAr ?? "" });
        return {
          bump: { products: [productId] },
          audit: {
            action: "image.alt",
            entity: "image",
            entityId: imageId,
            label: product.name,
            changes,
          },
        };
      });
      return imagesOf(productId);
    },

    async deleteImage(productId: string, imageId: string, audit: AuditRecorder): Promise<AdminImage[]> {
      let url = "";
      await catalogWrite(db, audit, async (trx) => {
        const { product, image } = found(await findImage(trx, productId, imageId), "Image");
        url = image.url;
        if (!(await deleteImageRow(trx, productId, imageId))) throw notFound("Image");
        const rest = await listProductImagesOf(trx, productId);
        for (const [position, other] of rest.entries())
          await setImagePosition(trx, productId, other.id, position);
        return {
          bump: { products: [productId] },
          audit: {
            action: "image.delete",
            entity: "image",
            entityId: imageId,
            label: product.name,
            changes: [{ field: "image", before: image.url, after: null }],
          },
        };
      });
      // Decision 0035: its files go too, unless an order line shows it.
      await releaseImageFiles(db, media, url);
      return imagesOf(productId);
    },
  };
}
