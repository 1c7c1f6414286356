import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { ConfigError } from "../config.ts";
import { isSafeKey, type ObjectStorage } from "./storage.ts";

export interface S3Settings {
  bucket: string;
  /** Empty for AWS itself; https://<account>.r2.cloudflarestorage.com, http://minio:9000 and the like. */
  endpoint?: string;
  region: string;
  /** Both or neither: neither leaves the credentials to the SDK's own chain (AWS_* variables, a role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, most local servers). */
  forcePathStyle: boolean;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

/** A bucket reached through the S3 API (AWS S3, Cloudflare R2, MinIO, …). */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: several S3-compatible services refuse the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const where = `bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
  const key = (value: string) => {
    if (!isSafeKey(value)) throw new Error(`Bad storage key ${JSON.stringify(value)}`);
    return value;
  };

  return {
    description: where,
    async put(name, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key(name), Body: body, ContentType: contentType }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(names) {
      for (let start = 0; start < names.length; start += 1000) {
        const batch = names.slice(start, start + 1000).map((name) => ({ Key: key(name) }));
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`Could not delete ${failed.Key} from ${where}: ${failed.Code}`);
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // The SDK's error names the problem (NotFound, Forbidden, ECONNREFUSED…) and never the keys.
        const status = statusOf(error);
        const reason =
          status === 404
            ? "the bucket does not exist"
            : status === 403 || status === 401
              ? "access refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
              : `${(error as Error).name}${status ? ` ${status}` : ""}: ${(error as Error).message}`;
        throw new ConfigError(
          `Invalid configuration:\n  S3_BUCKET: ${where} cannot be used for pictures: ${reason}`,
        );
      }
    },
  };
}
