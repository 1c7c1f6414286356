import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { createS3Storage } from "../storage/s3.ts";
import type { ObjectStorage } from "../storage/storage.ts";

/** s3rver's own credentials: it refuses an unknown key id (it does not verify V4 signatures). */
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The store's settings for this bucket (path style, as local S3 servers want). */
  env: Record<string, string>;
  /** The bucket seen directly, to look at what the store put there. */
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * An S3-protocol server on a free local port (s3rver, decision 0035) with one empty bucket, its objects in a
 * temporary folder of its own.
 */
export async function startTestBucket(bucket = "shop-media"): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), "store-bucket-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  const storage = createS3Storage({
    bucket,
    endpoint,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    bucket,
    env,
    storage,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
