import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/** Widths the responsive images are offered at; anything else is refused so the cache stays bounded. */
export const MEDIA_WIDTHS = [240, 320, 480, 640, 800, 960, 1280, 1600, 1920] as const;
const FORMATS = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
type Format = keyof typeof FORMATS;

const SOURCE_EXTENSIONS = [".svg", ".png", ".jpg", ".jpeg", ".webp"];

/**
 * Serves shop images: `/media/<folder>/<name>.<avif|webp|jpg>?w=<width>`. The original is kept once
 * under `<MEDIA_DIR>/src`; each size and format is rendered with sharp on first request and kept under
 * `<MEDIA_DIR>/cache`, so a fresh store starts at once and the images appear as they are asked for.
 */
export function createMediaStore(mediaDir: string) {
  const root = resolve(mediaDir);
  const sourceRoot = join(root, "src");
  const cacheRoot = join(root, "cache");
  const inFlight = new Map<string, Promise<Buffer>>();

  function safeJoin(base: string, relative: string): string | undefined {
    const path = normalize(join(base, relative));
    return path.startsWith(base + sep) ? path : undefined;
  }

  async function findSource(key: string): Promise<string | undefined> {
    for (const ext of SOURCE_EXTENSIONS) {
      const path = safeJoin(sourceRoot, key + ext);
      if (!path) return undefined;
      try {
        if ((await stat(path)).isFile()) return path;
      } catch {}
    }
    return undefined;
  }

  async function render(key: string, width: number, format: Format): Promise<Buffer | undefined> {
    const cachePath = safeJoin(cacheRoot, `${key}-${width}.${format}`);
    if (!cachePath) return undefined;
    try {
      return await readFile(cachePath);
    } catch {}
    const source = await findSource(key);
    if (!source) return undefined;
    let job = inFlight.get(cachePath);
    if (!job) {
      job = (async () => {
        const input = await readFile(source);
        let pipeline = sharp(input, { density: 144 }).resize({ width, withoutEnlargement: false });
        if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 2 });
        else if (format === "webp") pipeline = pipeline.webp({ quality: 78 });
        else pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true });
        const output = await pipeline.toBuffer();
        await mkdir(dirname(cachePath), { recursive: true });
        const temporary = `${cachePath}.${process.pid}.tmp`;
        await writeFile(temporary, output);
        await rename(temporary, cachePath);
        return output;
      })().finally(() => inFlight.delete(cachePath));
      inFlight.set(cachePath, job);
    }
    return job;
  }

  async function saveSource(key: string, ext: string, content: string | Buffer): Promise<void> {
    const path = safeJoin(sourceRoot, key + ext);
    if (!path) throw new Error(`Bad media key ${key}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }

  return { root, render, saveSource, findSource };
}

export type MediaStore = ReturnType<typeof createMediaStore>;

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
