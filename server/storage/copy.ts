import type { ObjectStorage } from "./storage.ts";

const TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
};

export interface CopyCounts {
  /** Files in the folder. */
  found: number;
  copied: number;
  /** Already in the bucket under the same key: left as they are. */
  skipped: number;
}

/**
 * Copies every file of the local media folder into the bucket under the same key (decision 0035). A key
 * the bucket already holds is skipped, so the copy can be stopped and run again until it reports nothing
 * copied.
 */
export async function copyFolderToBucket(
  folder: ObjectStorage,
  bucket: ObjectStorage,
  onProgress?: (counts: CopyCounts) => void,
): Promise<CopyCounts> {
  const keys = (await folder.list("")).sort();
  const present = new Set(await bucket.list(""));
  const counts: CopyCounts = { found: keys.length, copied: 0, skipped: 0 };
  for (const key of keys) {
    if (present.has(key)) {
      counts.skipped += 1;
      continue;
    }
    const body = await folder.get(key);
    if (!body) continue; // removed since it was listed
    await bucket.put(key, body, TYPES[key.split(".").pop() ?? ""]);
    counts.copied += 1;
    if (counts.copied % 500 === 0) onProgress?.(counts);
  }
  return counts;
}
