import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type MediaStore, mediaKeyOfUrl } from "../media.ts";

/** Whether anything still shows the picture at `url`: a product, a blog post, or an order line. */
export async function imageInUse(db: Kysely<Database>, url: string): Promise<boolean> {
  const [line, image, post] = await Promise.all([
    db.selectFrom("order_lines").select("id").where("image", "=", url).limit(1).executeTakeFirst(),
    db.selectFrom("product_images").select("id").where("url", "=", url).limit(1).executeTakeFirst(),
    db.selectFrom("blog_posts").select("id").where("image", "=", url).limit(1).executeTakeFirst(),
  ]);
  return Boolean(line || image || post);
}

/**
 * After an image left a product (or a post its cover), removes its original and every rendered size from
 * the storage, unless something still refers to it: an order line keeps the picture it was bought with
 * (decision 0035). Runs after the change is committed; a file that cannot be removed now stays, as every
 * file did before, and the owner's change stands.
 */
export async function releaseImageFiles(
  db: Kysely<Database>,
  media: MediaStore,
  url: string,
): Promise<"removed" | "kept"> {
  const key = mediaKeyOfUrl(url);
  if (!key || (await imageInUse(db, url))) return "kept";
  try {
    await media.deleteFiles(key);
    return "removed";
  } catch {
    return "kept";
  }
}
