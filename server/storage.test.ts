import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { createS3Storage } from "./storage/s3.ts";
import { createFolderStorage, type ObjectStorage, withLocalFallback } from "./storage/storage.ts";
import { freePort } from "./testing/ports.ts";
import { startTestBucket, type TestBucket } from "./testing/s3.ts";

/**
 * Decision 0035: the pictures' storage seam. The same contract holds for the local folder, for a bucket
 * reached over the S3 API (s3rver on a local port, which knows its access key ids), and for the bucket
 * read with the folder behind it; the bucket settings are checked at load and at start; the copy script
 * moves a folder into a bucket and can be run again.
 */

let bucket: TestBucket;
const folders: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "store-storage-"));
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const kinds: { name: string; make: () => Promise<ObjectStorage> }[] = [
  { name: "the local folder", make: async () => createFolderStorage(tempFolder()) },
  {
    name: "a bucket over the S3 API",
    make: async () => {
      // A bucket of its own per suite run: the contract starts from an empty store.
      const fresh = await startTestBucket(`contract-${Date.now().toString(36)}`);
      afterAll(() => fresh.close());
      return fresh.storage;
    },
  },
  {
    name: "a bucket with the local folder behind it",
    make: async () => {
      const fresh = await startTestBucket(`fallback-${Date.now().toString(36)}`);
      afterAll(() => fresh.close());
      return withLocalFallback(fresh.storage, createFolderStorage(tempFolder()));
    },
  },
];

describe.each(kinds)("the storage contract: $name", ({ make }) => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = await make();
    await storage.check();
  });

  it("gives back what was put, says what exists, and nothing for a missing key", async () => {
    const body = Buffer.from([0, 1, 2, 250, 255]);
    await storage.put("src/products/one.webp", body, "image/webp");
    expect(await storage.get("src/products/one.webp")).toEqual(body);
    expect(await storage.exists("src/products/one.webp")).toBe(true);
    expect(await storage.get("src/products/none.webp")).toBeUndefined();
    expect(await storage.exists("src/products/none.webp")).toBe(false);
    // A folder is not an object.
    expect(await storage.exists("src/products")).toBe(false);

    await storage.put("src/products/one.webp", Buffer.from("second"));
    expect((await storage.get("src/products/one.webp"))?.toString()).toBe("second");
  });

  it("lists by prefix, nested folders included, and nothing else", async () => {
    for (const key of [
      "cache/products/two-240.webp",
      "cache/products/two-480.avif",
      "cache/products/twofold-240.webp",
      "cache/blog/two-240.webp",
      "cache/products/deeper/two-240.webp",
    ])
      await storage.put(key, Buffer.from(key));
    expect((await storage.list("cache/products/two-")).sort()).toEqual([
      "cache/products/two-240.webp",
      "cache/products/two-480.avif",
    ]);
    expect((await storage.list("cache/products/")).sort()).toEqual([
      "cache/products/deeper/two-240.webp",
      "cache/products/two-240.webp",
      "cache/products/two-480.avif",
      "cache/products/twofold-240.webp",
    ]);
    expect(await storage.list("cache/none/")).toEqual([]);
  });

  it("deletes what it is told, and a missing key is no error", async () => {
    await storage.put("src/blog/gone.svg", Buffer.from("<svg/>"));
    await storage.delete(["src/blog/gone.svg", "src/blog/never-was.svg"]);
    await storage.delete([]);
    expect(await storage.exists("src/blog/gone.svg")).toBe(false);
    expect(await storage.list("src/blog/")).toEqual([]);
  });

  it("refuses a key that would leave its root", async () => {
    for (const key of ["../outside.webp", "/etc/passwd", "src//x.webp", "src/../../x.webp"])
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/Bad storage key/);
  });
});

describe("the local folder behind a bucket", () => {
  it("is read for what the bucket lacks, never written, and loses a deleted key too", async () => {
    const folderDir = tempFolder();
    const folder = createFolderStorage(folderDir);
    const fresh = await startTestBucket(`behind-${Date.now().toString(36)}`);
    try {
      await folder.put("src/products/old.svg", Buffer.from("<svg>old</svg>"));
      const storage = withLocalFallback(fresh.storage, folder);
      expect((await storage.get("src/products/old.svg"))?.toString()).toBe("<svg>old</svg>");
      expect(await storage.list("src/products/")).toEqual(["src/products/old.svg"]);
      await storage.put("src/products/new.webp", Buffer.from("new"));
      expect(await fresh.storage.exists("src/products/new.webp")).toBe(true);
      expect(await folder.exists("src/products/new.webp")).toBe(false);
      await storage.delete(["src/products/old.svg"]);
      expect(await storage.get("src/products/old.svg")).toBeUndefined();
      expect(await folder.exists("src/products/old.svg")).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe("bucket settings", () => {
  const base = { NODE_ENV: "test", MEDIA_DIR: "data/media" };
  const message = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return "";
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };

  it("refuses half a configuration, naming what is missing", () => {
    expect(message({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "id" })).toContain(
      "S3_BUCKET: is required with S3_ENDPOINT, S3_ACCESS_KEY_ID",
    );
    expect(message({ S3_BUCKET: "shop-media", S3_ACCESS_KEY_ID: "id" })).toContain(
      "S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    );
    expect(message({ S3_BUCKET: "shop-media", NODE_ENV: "production" })).toContain(
      "S3_REGION: is required in production",
    );
    expect(message({ S3_BUCKET: "Shop_Media" })).toContain("S3_BUCKET: must be a bucket name");
    expect(message({ S3_BUCKET: "shop-media", S3_ENDPOINT: "minio:9000" })).toContain("S3_ENDPOINT:");
  });

  it("takes a whole one, and none at all", () => {
    expect(message({ ...bucket.env })).toBe("");
    expect(message({})).toBe("");
    expect(loadConfig({ ...base, ...bucket.env }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("stops at start on a bucket that is missing, refused or unreachable, and never prints the secret", async () => {
    const settings = {
      endpoint: bucket.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    };
    const refusal = async (storage: ObjectStorage) => {
      const error = await storage.check().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    };
    expect(await refusal(createS3Storage({ ...settings, bucket: "no-such-bucket" }))).toContain(
      `S3_BUCKET: bucket no-such-bucket at ${bucket.endpoint} cannot be used for pictures: the bucket does not exist`,
    );
    // s3rver knows its key ids but does not verify V4 signatures: an unknown key id is what it refuses.
    const wrongSecret = "not-the-secret-0123456789";
    const refused = await refusal(
      createS3Storage({
        ...settings,
        bucket: bucket.bucket,
        accessKeyId: "UNKNOWNKEY",
        secretAccessKey: wrongSecret,
      }),
    );
    expect(refused).toContain("access refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)");
    expect(refused).not.toContain(wrongSecret);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await refusal(
      createS3Storage({ ...settings, endpoint: closed, bucket: "shop-media" }),
    );
    expect(unreachable).toContain(`bucket shop-media at ${closed} cannot be used for pictures`);
    expect(unreachable).not.toContain("S3RVER");
  }, 60_000);

  it("a store process refuses to start on a bucket it cannot use, before touching its database", async () => {
    const dir = tempFolder();
    const run = await runNode("server/main.ts", {
      ...bucket.env,
      S3_BUCKET: "no-such-bucket",
      NODE_ENV: "test",
      WEB_CONCURRENCY: "1",
      PORT: String(await freePort()),
      DATABASE_URL: `file:${join(dir, "store.db")}`,
      MEDIA_DIR: join(dir, "media"),
      SEED_DEMO: "false",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("S3_BUCKET: bucket no-such-bucket");
    expect(run.stderr).toContain("the bucket does not exist");
    expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack
  }, 120_000);
});

describe("npm run media:to-bucket", () => {
  it("copies the folder into the bucket, skips keys already there, prints counts, and can run again", async () => {
    const dir = tempFolder();
    const files = {
      "src/products/abaya-1.svg": "<svg>abaya</svg>",
      "src/site/logo.svg": "<svg>logo</svg>",
      "cache/products/abaya-1-240.webp": "webp-240",
      "cache/products/abaya-1-480.avif": "avif-480",
    };
    for (const [key, body] of Object.entries(files)) {
      mkdirSync(join(dir, key, ".."), { recursive: true });
      writeFileSync(join(dir, key), body);
    }
    const target = await startTestBucket(`copy-${Date.now().toString(36)}`);
    try {
      // Copied earlier by a run that stopped half way: kept as it is.
      await target.storage.put("cache/products/abaya-1-240.webp", Buffer.from("already"));
      const env = { ...target.env, MEDIA_DIR: dir, NODE_ENV: "test" };
      const first = await runNode("scripts/media-to-bucket.ts", env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain("Done: 4 files in the folder, 3 copied, 1 already in the bucket.");
      expect((await target.storage.list("")).sort()).toEqual(Object.keys(files).sort());
      expect((await target.storage.get("src/products/abaya-1.svg"))?.toString()).toBe("<svg>abaya</svg>");
      expect((await target.storage.get("cache/products/abaya-1-240.webp"))?.toString()).toBe("already");
      // The folder is left as it was.
      expect(readFileSync(join(dir, "src/site/logo.svg"), "utf8")).toBe("<svg>logo</svg>");

      const again = await runNode("scripts/media-to-bucket.ts", env);
      expect(again.stdout).toContain("Done: 4 files in the folder, 0 copied, 4 already in the bucket.");

      const without = await runNode("scripts/media-to-bucket.ts", { MEDIA_DIR: dir, NODE_ENV: "test" });
      expect(without.code).toBe(1);
      expect(without.stderr).toContain("S3_BUCKET: is required to copy the pictures into a bucket");
    } finally {
      await target.close();
    }
  }, 120_000);
});

/** Runs a script of the project with only the given settings (and PATH), as an operator would. */
function runNode(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
