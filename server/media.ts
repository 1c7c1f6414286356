import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { Config } from "./config.ts";
import { storageFromConfig } from "./storage/from-config.ts";
import { createFolderStorage, type ObjectStorage } from "./storage/storage.ts";

/** Widths the responsive images are offered at; anything else is refused so the cache stays bounded. */
export const MEDIA_WIDTHS = [240, 320, 480, 640, 800, 960, 1280, 1600, 1920] as const;
const FORMATS = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
type Format = keyof typeof FORMATS;

const SOURCE_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};
const SOURCE_EXTENSIONS = Object.keys(SOURCE_TYPES);
/** A picture's key: `products/upload-<id>`, `blog/<slug>`, `site/logo`. */
const MEDIA_KEY = /^[a-z0-9][a-z0-9/_-]*$/;

/**
 * Serves shop images: `/media/<folder>/<name>.<avif|webp|jpg>?w=<width>`. The original is kept once under
 * `src/`; each size and format is rendered with sharp on first request and kept under `cache/`, in the
 * store's storage (decision 0035): the MEDIA_DIR folder, or a bucket every machine shares, where a render
 * made by one machine is found by the others before they would make it again.
 */
export function createMediaStore(where: ObjectStorage | string) {
  const storage = typeof where === "string" ? createFolderStorage(where) : where;
  // One render per key at a time in this process; across machines the bucket is looked in first.
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  /** The storage key of a picture's original (`src/<key>.<ext>`), or undefined when there is none. */
  async function findSource(key: string): Promise<string | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    const found = new Set(await storage.list(`src/${key}.`));
    return SOURCE_EXTENSIONS.map((ext) => `src/${key}${ext}`).find((candidate) => found.has(candidate));
  }

  async function renderNow(key: string, width: number, format: Format, cacheKey: string) {
    // Another machine (or this one before a restart) may have rendered it already.
    const kept = await storage.get(cacheKey);
    if (kept) return kept;
    const source = await findSource(key);
    if (!source) return undefined;
    const input = await storage.get(source);
    if (!input) return undefined;
    let pipeline = sharp(input, { density: 144 }).resize({ width, withoutEnlargement: false });
    if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 2 });
    else if (format === "webp") pipeline = pipeline.webp({ quality: 78 });
    else pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
    const output = await pipeline.toBuffer();
    await storage.put(cacheKey, output, FORMATS[format]);
    return output;
  }

  async function render(key: string, width: number, format: Format): Promise<Buffer | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    const cacheKey = `cache/${key}-${width}.${format}`;
    let job = inFlight.get(cacheKey);
    if (!job) {
      job = renderNow(key, width, format, cacheKey).finally(() => inFlight.delete(cacheKey));
      inFlight.set(cacheKey, job);
    }
    return job;
  }

  async function saveSource(key: string, ext: string, content: string | Buffer): Promise<void> {
    if (!MEDIA_KEY.test(key) || !SOURCE_TYPES[ext]) throw new Error(`Bad media key ${key}${ext}`);
    await storage.put(`src/${key}${ext}`, Buffer.from(content), SOURCE_TYPES[ext]);
  }

  /** Every stored file of a picture: its original and each rendered size and format. */
  async function filesOf(key: string): Promise<string[]> {
    if (!MEDIA_KEY.test(key)) return [];
    const sources = (await storage.list(`src/${key}.`)).filter((k) =>
      SOURCE_EXTENSIONS.some((ext) => k === `src/${key}${ext}`),
    );
    const rendered = new RegExp(`^cache/${key}-\\d+\\.(avif|webp|jpg)$`);
    const sizes = (await storage.list(`cache/${key}-`)).filter((k) => rendered.test(k));
    return [...sources, ...sizes];
  }

  /** Removes a picture's original and rendered files; returns how many there were. */
  async function deleteFiles(key: string): Promise<number> {
    const files = await filesOf(key);
    await storage.delete(files);
    return files.length;
  }

  return { storage, render, saveSource, findSource, filesOf, deleteFiles };
}

export type MediaStore = ReturnType<typeof createMediaStore>;

/** `products/upload-abc` for `/media/products/upload-abc.webp`; undefined for anything else. */
export function mediaKeyOfUrl(url: string): string | undefined {
  const match = /^\/media\/([a-z0-9][a-z0-9/_-]*)\.(avif|webp|jpg)$/.exec(url);
  return match?.[1];
}

const stores = new WeakMap<Config, MediaStore>();

/** One media store per configuration, so a process's routes and back office share their renders under way. */
export function mediaStoreFor(config: Config): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = createMediaStore(storageFromConfig(config));
    stores.set(config, store);
  }
  return store;
}

export function registerMediaRoutes(app: FastifyInstance, media: MediaStore) {
  app.get<{ Params: { "*": string }; Querystring: { w?: string } }>("/media/*", async (request, reply) => {
    const match = /^([a-z0-9][a-z0-9/_-]*)\.(avif|webp|jpg)$/.exec(request.params["*"]);
    const width = Number(request.query.w ?? 800);
    if (!match || !MEDIA_WIDTHS.includes(width as (typeof MEDIA_WIDTHS)[number])) {
      return reply.code(404).type("text/plain").send("Image not found");
    }
    const [, key, format] = match as unknown as [string, string, Format];
    const body = await media.render(key, width, format);
    if (!body) return reply.code(404).type("text/plain").send("Image not found");
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
    reply.header("cache-control", "public, max-age=604800, stale-while-revalidate=86400");
    reply.header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(FORMATS[format]).send(body);
  });
}
