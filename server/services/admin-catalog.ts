import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MediaStore } from "../media.ts";
import { createAdminPosts } from "./admin-posts.ts";
import { createAdminProductImages } from "./admin-product-images.ts";
import { createAdminStock } from "./admin-product-sizes.ts";
import { createAdminProducts } from "./admin-products.ts";
import { createAdminReviews } from "./admin-reviews.ts";
import type { SettingsService } from "./admin-settings.ts";
import { createAdminStockCount } from "./admin-stock-count.ts";

export type { UploadedFile } from "./admin-catalog-write.ts";

/**
 * The catalog as the back office edits it (issue 15): products with their sizes and stock, their
 * images, blog posts and review moderation. Every write goes through `catalogWrite`
 * (admin-catalog-write.ts): one transaction with its audit rows and the catalog version bump, so the
 * storefront's caches drop the old catalog at once.
 */
export function createAdminCatalog(options: {
  db: Kysely<Database>;
  media: MediaStore;
  settings: SettingsService;
  /** UPLOAD_MAX_MEGAPIXELS: larger images are refused before they are decoded. */
  maxMegapixels: number;
}) {
  return {
    ...createAdminProducts(options),
    ...createAdminStock(options),
    ...createAdminStockCount(options),
    ...createAdminProductImages(options),
    ...createAdminPosts(options),
    ...createAdminReviews(options),
  };
}

export type AdminCatalog = ReturnType<typeof createAdminCatalog>;
