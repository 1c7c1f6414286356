import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";

/**
 * Where the shop's pictures are kept (decision 0035): a key is a relative path such as
 * `src/products/upload-abc.webp` or `cache/products/upload-abc-480.avif`, the same in a local folder and
 * in a bucket, so moving from one to the other is a copy.
 */
export interface ObjectStorage {
  /** What a log line or a start-up error may say of it: a folder, or a bucket and its endpoint (no key). */
  readonly description: string;
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** The object's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the objects; a key with no object is no error. */
  delete(keys: string[]): Promise<void>;
  /** Every key that starts with `prefix`, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Throws a clear error when the storage cannot be used (a bucket unreachable, refused or missing). */
  check(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A key that names a file below the root: no absolute path, no `..`, no empty segment. */
export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split("/").some((part) => part === "" || part === "." || part === "..");
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Bad storage key ${JSON.stringify(key)}`);
}

/** The local folder (MEDIA_DIR): today's layout, the default. */
export function createFolderStorage(directory: string): ObjectStorage {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = normalize(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Bad storage key ${JSON.stringify(key)}`);
    return path;
  };
  const missing = (error: unknown) =>
    ["ENOENT", "EISDIR", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

  return {
    description: `folder ${root}`,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const slash = prefix.lastIndexOf("/");
      const folder = slash < 0 ? "" : prefix.slice(0, slash);
      const base = folder === "" ? root : pathOf(folder);
      let names: string[];
      try {
        names = await readdir(base, { recursive: true });
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      const keys: string[] = [];
      for (const name of names) {
        const key = (folder === "" ? name : `${folder}/${name}`).split(sep).join("/");
        if (!key.startsWith(prefix) || key.endsWith(".tmp")) continue;
        if ((await stat(join(base, name))).isFile()) keys.push(key);
      }
      return keys;
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
  };
}

/**
 * A bucket in front of the local folder while the pictures are being moved (`npm run media:to-bucket`):
 * reads look in the bucket first and then in the folder, writes go to the bucket only, and a delete
 * removes both copies so a deleted picture cannot come back from the folder.
 */
export function withLocalFallback(bucket: ObjectStorage, folder: ObjectStorage): ObjectStorage {
  return {
    description: `${bucket.description}, reading ${folder.description} for what it lacks`,
    put: (key, body, contentType) => bucket.put(key, body, contentType),
    async get(key) {
      return (await bucket.get(key)) ?? (await folder.get(key));
    },
    async exists(key) {
      return (await bucket.exists(key)) || (await folder.exists(key));
    },
    async delete(keys) {
      await bucket.delete(keys);
      await folder.delete(keys);
    },
    async list(prefix) {
      return [...new Set([...(await bucket.list(prefix)), ...(await folder.list(prefix))])];
    },
    check: () => bucket.check(),
  };
}
