// npm run media:to-bucket — copies the pictures of MEDIA_DIR into the bucket S3_BUCKET names (decision
// 0035). Safe to run again: keys already in the bucket are skipped. While the copy is under way the store
// (with S3_BUCKET set) reads MEDIA_DIR for whatever the bucket lacks.
import { ConfigError, loadConfig } from "../server/config.ts";
import { copyFolderToBucket } from "../server/storage/copy.ts";
import { bucketFromConfig } from "../server/storage/from-config.ts";
import { createFolderStorage } from "../server/storage/storage.ts";

try {
  const config = loadConfig();
  const bucket = bucketFromConfig(config);
  if (!bucket)
    throw new ConfigError(
      "Invalid configuration:\n  S3_BUCKET: is required to copy the pictures into a bucket",
    );
  await bucket.check();
  const folder = createFolderStorage(config.MEDIA_DIR);
  console.log(`Copying ${folder.description} into ${bucket.description}…`);
  const counts = await copyFolderToBucket(folder, bucket, (so) =>
    console.log(`  ${so.copied} copied, ${so.skipped} already there, of ${so.found}`),
  );
  console.log(
    `Done: ${counts.found} files in the folder, ${counts.copied} copied, ${counts.skipped} already in the bucket.`,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
