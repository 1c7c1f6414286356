import type { Config } from "../config.ts";
import { createS3Storage } from "./s3.ts";
import { createFolderStorage, type ObjectStorage, withLocalFallback } from "./storage.ts";

/**
 * The pictures' storage the configuration asks for (decision 0035): MEDIA_DIR alone by default; with
 * S3_BUCKET the bucket, reading MEDIA_DIR for a key it does not hold yet (`npm run media:to-bucket`).
 */
export function storageFromConfig(config: Config): ObjectStorage {
  const folder = createFolderStorage(config.MEDIA_DIR);
  const bucket = bucketFromConfig(config);
  return bucket ? withLocalFallback(bucket, folder) : folder;
}

/** The bucket alone (no fallback), for the copy script; undefined without S3_BUCKET. */
export function bucketFromConfig(config: Config): ObjectStorage | undefined {
  if (!config.S3_BUCKET) return undefined;
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? "us-east-1",
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  });
}
